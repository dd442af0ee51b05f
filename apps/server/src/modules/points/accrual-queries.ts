import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type AccrualSource = 'game' | 'lotto';

/** Locks the source's cursor (one accrual run per source at a time, across processes). */
export async function lockCursor(ex: Executor, source: AccrualSource): Promise<Date> {
  const { rows } = await sql<{ read_until: Date }>`
    SELECT read_until FROM point_accrual_cursor WHERE source = ${source} FOR UPDATE`.execute(ex);
  return rows[0]?.read_until ?? new Date(-8.64e15);
}

export async function readCursor(ex: Executor, source: AccrualSource): Promise<Date> {
  const { rows } = await sql<{ read_until: Date }>`
    SELECT read_until FROM point_accrual_cursor WHERE source = ${source}`.execute(ex);
  return rows[0]?.read_until ?? new Date(-8.64e15);
}

/** Moves the cursor forward only (never back). */
export async function advanceCursor(ex: Executor, source: AccrualSource, to: Date): Promise<void> {
  await sql`UPDATE point_accrual_cursor SET read_until = GREATEST(read_until, ${to}::timestamptz)
    WHERE source = ${source}`.execute(ex);
}

export interface AccrualRow {
  source_key: string;
  member_id: number;
  source: AccrualSource;
  category: string;
  stake_satang: number;
  payout_satang: number;
  turnover_satang: number;
  points: number;
  settled_at: Date;
  /** A game row's newest credit counted; null for a bill. */
  last_credit_id: number | null;
}

/** Which of these sources are recorded already, each with the newest credit it counted (0 for a bill). */
export async function recordedKeys(ex: Executor, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await ex
    .selectFrom('point_accrual')
    .select(['source_key', 'last_credit_id'])
    .where('source_key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.source_key, Number(r.last_credit_id ?? 0)]));
}

/** A later credit of a bet already recorded: its payout added, counted through `lastCreditId`. */
export async function addCreditPayout(
  ex: Executor,
  sourceKey: string,
  payoutSatang: number,
  lastCreditId: number,
): Promise<void> {
  await ex
    .updateTable('point_accrual')
    .set((eb) => ({ payout_satang: eb('payout_satang', '+', payoutSatang), last_credit_id: lastCreditId }))
    .where('source_key', '=', sourceKey)
    .where((eb) => eb(eb.fn.coalesce('last_credit_id', eb.lit(0)), '<', lastCreditId))
    .execute();
}

/** Records the rows read (the caller holds the member's point account lock). */
export async function insertAccruals(ex: Executor, rows: AccrualRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ex.insertInto('point_accrual').values(rows).execute();
}
