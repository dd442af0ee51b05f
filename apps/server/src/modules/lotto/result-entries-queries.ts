import type { RoundResult } from '@chok/engine/lotto/types';
import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';

/** A proposal of a round's result (docs/rules/lottery.md §8): a staff entry or the official feed's. */
export interface ResultEntryRow {
  id: number;
  round_id: number;
  target_version: number;
  source: 'staff' | 'feed';
  staff_id: number | null;
  staff_name: string | null;
  feed_source: string | null;
  raw: Record<string, unknown>;
  result: RoundResult;
  reason: string | null;
  state: 'open' | 'applied' | 'mismatch' | 'superseded';
  created_at: Date;
  closed_at: Date | null;
}

const entryColumns = sql`e.id, e.round_id, e.target_version, e.source, e.staff_id, s.username AS staff_name,
  e.feed_source, e.raw, e.result, e.reason, e.state, e.created_at, e.closed_at`;

/** The open proposals of a round for one version. */
export async function openEntries(tx: Tx, roundId: number, version: number): Promise<ResultEntryRow[]> {
  const { rows } = await sql<ResultEntryRow>`
    SELECT ${entryColumns} FROM lotto_result_entry e LEFT JOIN staff s ON s.id = e.staff_id
    WHERE e.round_id = ${roundId} AND e.target_version = ${version} AND e.state = 'open'
    ORDER BY e.id`.execute(tx);
  return rows;
}

/** Every proposal of a round, newest first (the console's list; at most the last 50). */
export async function roundEntries(ex: Executor, roundId: number): Promise<ResultEntryRow[]> {
  const { rows } = await sql<ResultEntryRow>`
    SELECT ${entryColumns} FROM lotto_result_entry e LEFT JOIN staff s ON s.id = e.staff_id
    WHERE e.round_id = ${roundId} ORDER BY e.id DESC LIMIT 50`.execute(ex);
  return rows;
}

export async function insertEntry(
  tx: Tx,
  e: {
    round_id: number;
    target_version: number;
    source: 'staff' | 'feed';
    staff_id: number | null;
    feed_source: string | null;
    raw: Record<string, unknown>;
    result: RoundResult;
    reason: string | null;
    created_at: Date;
  },
): Promise<number> {
  const row = await tx
    .insertInto('lotto_result_entry')
    .values({ ...e, raw: JSON.stringify(e.raw), result: JSON.stringify(e.result) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function closeEntries(
  tx: Tx,
  ids: number[],
  state: 'applied' | 'mismatch' | 'superseded',
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('lotto_result_entry')
    .set({ state, closed_at: at })
    .where('id', 'in', ids)
    .where('state', '=', 'open')
    .execute();
}

/** What the console shows of a round beyond a RoundRow: review, early close, template. */
export async function roundFlags(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto_round')
    .select(['result_review_at', 'scheduled_close_at', 'template_id'])
    .where('id', '=', roundId)
    .executeTakeFirst();
}

export async function markReview(tx: Tx, roundId: number, at: Date): Promise<void> {
  await tx.updateTable('lotto_round').set({ result_review_at: at }).where('id', '=', roundId).execute();
}
