import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * Claims (referrer, day) for this run (G2, `affiliate:referrer:D`): false when an earlier or a
 * concurrent run has it (the insert waits for that one to commit and then does nothing).
 */
export async function claimPayout(
  ex: Executor,
  referrerId: number,
  day: string,
  amount: number,
  /** What the day earned but does not credit: the referrer was in a time-out or self-exclusion. */
  withheld?: { satang: number; reason: string },
): Promise<boolean> {
  const row = await ex
    .insertInto('affiliate_payout')
    .values({
      referrer_id: referrerId,
      day,
      amount_satang: amount,
      ...(withheld ? { withheld_satang: withheld.satang, withheld_reason: withheld.reason } : {}),
    })
    .onConflict((oc) => oc.columns(['referrer_id', 'day']).doNothing())
    .returning('referrer_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface LineRow {
  downline_id: number;
  level: number;
  stake_satang: number;
  payout_satang: number;
  net_loss_satang: number;
  rate_bp: number;
  commission_satang: number;
  excluded: boolean;
}

export async function insertLines(ex: Executor, referrerId: number, day: string, lines: LineRow[]) {
  if (lines.length === 0) return;
  await ex
    .insertInto('affiliate_commission_line')
    .values(lines.map((l) => ({ ...l, referrer_id: referrerId, day })))
    .execute();
}

export interface PayoutRow {
  day: string;
  amount_satang: number;
  created_at: Date;
}

/** The member's computed days, newest first. */
export async function payoutsPage(ex: Executor, referrerId: number, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    sql<PayoutRow>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, amount_satang, created_at FROM affiliate_payout
      WHERE referrer_id = ${referrerId} ORDER BY day DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    ex
      .selectFrom('affiliate_payout')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('referrer_id', '=', referrerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.rows, total: Number(total.n) };
}

/** The lines of some of the member's days. */
export async function linesOf(ex: Executor, referrerId: number, days: string[]) {
  if (days.length === 0) return [];
  const { rows } = await sql<LineRow & { day: string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, downline_id, level, stake_satang, payout_satang,
      net_loss_satang, rate_bp, commission_satang, excluded
    FROM affiliate_commission_line
    WHERE referrer_id = ${referrerId} AND day = ANY(${days}::date[])
    ORDER BY day DESC, level, commission_satang DESC, downline_id`.execute(ex);
  return rows;
}

/** The member's latest day with a commission above 0. */
export async function lastPaidDay(ex: Executor, referrerId: number) {
  const { rows } = await sql<{ day: string; amount_satang: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, amount_satang FROM affiliate_payout
    WHERE referrer_id = ${referrerId} AND amount_satang > 0 ORDER BY day DESC LIMIT 1`.execute(ex);
  return rows[0];
}

export interface RunRow {
  id: number;
  day: string;
  started_at: Date;
  finished_at: Date;
  staff_id: number | null;
  referrers: number;
  paid: number;
  repeated: number;
  paid_satang: number;
  /** Referrers in a time-out or self-exclusion whose day was taken without credit, and its sum. */
  withheld: number;
  withheld_satang: number;
}

export async function insertRun(ex: Executor, r: Omit<RunRow, 'id' | 'finished_at'>): Promise<RunRow> {
  const { rows } = await sql<RunRow>`
    INSERT INTO affiliate_run (day, started_at, staff_id, referrers, paid, repeated, paid_satang, withheld,
      withheld_satang)
    VALUES (${r.day}::date, ${r.started_at}, ${r.staff_id}, ${r.referrers}, ${r.paid}, ${r.repeated},
      ${r.paid_satang}, ${r.withheld}, ${r.withheld_satang})
    RETURNING id, to_char(day, 'YYYY-MM-DD') AS day, started_at, finished_at, staff_id, referrers, paid,
      repeated, paid_satang, withheld, withheld_satang`.execute(ex);
  const row = rows[0];
  if (!row) throw new Error('affiliate run not recorded');
  return row;
}

/** The latest day any run computed, or null. */
export async function lastRunDay(ex: Executor): Promise<string | null> {
  const { rows } = await sql<{ day: string | null }>`
    SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM affiliate_run`.execute(ex);
  return rows[0]?.day ?? null;
}

export async function runsPage(ex: Executor, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    sql<RunRow>`
      SELECT id, to_char(day, 'YYYY-MM-DD') AS day, started_at, finished_at, staff_id, referrers, paid,
        repeated, paid_satang, withheld, withheld_satang
      FROM affiliate_run ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    ex
      .selectFrom('affiliate_run')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.rows, total: Number(total.n) };
}
