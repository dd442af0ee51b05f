import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';
import type { RateChanges } from './admin-rates.ts';
import { type RoundRow, roundColumns } from './round-queries.ts';

/** A round row for the console: the round with its overrides and its live bills' count and stake. */
export type AdminRoundRow = RoundRow & { bills: number; total_stake: number };

export interface RoundFilter {
  day?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  marketId?: number | undefined;
  deriveRule?: string | undefined;
}

function where(f: RoundFilter) {
  return sql`true
    ${f.day ? sql`AND r.business_date = ${f.day}` : sql``}
    ${f.from ? sql`AND r.business_date >= ${f.from}` : sql``}
    ${f.to ? sql`AND r.business_date <= ${f.to}` : sql``}
    ${f.status ? sql`AND r.status = ${f.status}` : sql``}
    ${f.marketId ? sql`AND r.market_id = ${f.marketId}` : sql``}
    ${f.deriveRule ? sql`AND m.derive_rule = ${f.deriveRule}` : sql``}`;
}

/** One page of rounds (by date, market order, round number) with their bills, and the total. */
export async function roundPage(ex: Executor, f: RoundFilter, offset: number, limit: number) {
  const [page, total] = await Promise.all([
    sql<AdminRoundRow>`
      SELECT ${roundColumns},
        coalesce(b.n, 0)::int AS bills, coalesce(b.stake, 0)::bigint AS total_stake
      FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(total_stake) AS stake FROM lotto_bill
        WHERE round_id = r.id AND status IN ('pending', 'won', 'lost')) b ON true
      WHERE ${where(f)}
      ORDER BY r.business_date DESC, m.sort_order, r.round_no
      OFFSET ${offset} LIMIT ${limit}`.execute(ex),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
      WHERE ${where(f)}`.execute(ex),
  ]);
  return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
}

/** What the console shows of one round beyond a RoundRow. */
export async function roundExtras(ex: Executor, roundId: number) {
  const { rows } = await sql<{
    result_raw: Record<string, unknown> | null;
    resulted_at: Date | null;
    settled_at: Date | null;
    cancel_reason: string | null;
    rate_overrides: RateChanges | null;
    market_rates: unknown;
  }>`
    SELECT r.result_raw, r.resulted_at, r.settled_at, r.cancel_reason, r.rate_overrides, m.rates AS market_rates
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id WHERE r.id = ${roundId}`.execute(ex);
  return rows[0];
}

/** A round's bills counted by status, with stake (of live bills) and wins, in satang. */
export async function billCounts(ex: Executor, roundId: number) {
  const { rows } = await sql<{ status: string; n: number; stake: number; win: number }>`
    SELECT status, count(*)::int AS n, sum(total_stake)::bigint AS stake, sum(total_win)::bigint AS win
    FROM lotto_bill WHERE round_id = ${roundId} GROUP BY status`.execute(ex);
  return rows;
}

/** The round of a market, date and number, locked for update. */
export async function lockRoundByKey(tx: Tx, marketId: number, day: string, roundNo: number) {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM lotto_round WHERE market_id = ${marketId} AND business_date = ${day} AND round_no = ${roundNo}
    FOR UPDATE`.execute(tx);
  return rows[0];
}

/** Opens a scheduled round now: open_at moves to now when it was later (docs/rules/lottery.md §6). */
export async function openRoundNow(tx: Tx, roundId: number, now: Date): Promise<void> {
  await sql`UPDATE lotto_round SET status = 'open', open_at = least(open_at, ${now}::timestamptz)
    WHERE id = ${roundId} AND status = 'scheduled'`.execute(tx);
}

/** Writes a round's rates (its settings) and the overrides they carry. */
export async function setRoundRates(
  tx: Tx,
  roundId: number,
  settings: string,
  overrides: string | null,
): Promise<void> {
  await tx
    .updateTable('lotto_round')
    .set({ settings, rate_overrides: overrides })
    .where('id', '=', roundId)
    .execute();
}

/**
 * What a result would pay on a round: the live items (pending, or settled under the current result)
 * whose `bet_type:key` is among `winners`, at their own rate snapshots.
 */
export async function wouldPay(ex: Executor, roundId: number, winners: string[]) {
  const { rows } = await sql<{ items: number; bills: number; pay: number }>`
    SELECT count(*)::int AS items, count(DISTINCT i.bill_id)::int AS bills,
      coalesce(sum((i.stake * i.rate_snapshot)::bigint), 0)::bigint AS pay
    FROM lotto_bill_item i
    WHERE i.round_id = ${roundId} AND i.status IN ('pending', 'won', 'lost')
      AND (i.bet_type || ':' || CASE WHEN i.bet_type = 'three_tod' THEN i.tod_key ELSE i.number END)
        = ANY(${winners}::text[])`.execute(ex);
  return rows[0] ?? { items: 0, bills: 0, pay: 0 };
}

/** The wins of a round paid and not reversed, in satang. */
export async function paidNow(ex: Executor, roundId: number): Promise<number> {
  const { rows } = await sql<{ s: number }>`
    SELECT coalesce(sum(p.amount), 0)::bigint AS s FROM lotto_win_payment p JOIN lotto_bill b ON b.id = p.bill_id
    WHERE b.round_id = ${roundId} AND p.reversed_at IS NULL`.execute(ex);
  return Number(rows[0]?.s ?? 0);
}

/**
 * A round's live bets summed per bet type and number (the tod key for three_tod), with what each pays
 * if it comes (the items' potential wins, at the rates they were placed at), and for every other
 * type the stake the exposure slots have accepted on the number (docs/rules/lottery.md §4).
 */
export interface ExposureRow {
  bet_type: string;
  number: string;
  stake: number;
  accepted: number | null;
  payout: number;
  items: number;
}

export async function exposureRows(ex: Executor, roundId: number) {
  const { rows } = await sql<ExposureRow>`
    WITH agg AS (
      SELECT i.bet_type, CASE WHEN i.bet_type = 'three_tod' THEN i.tod_key ELSE i.number END AS number,
        sum(i.stake)::bigint AS stake, sum(i.potential_win)::bigint AS payout, count(*)::int AS items
      FROM lotto_bill_item i
      WHERE i.round_id = ${roundId} AND i.status IN ('pending', 'won', 'lost')
      GROUP BY 1, 2)
    SELECT a.bet_type, a.number, a.stake, e.accepted_amount AS accepted, a.payout, a.items
    FROM agg a
    LEFT JOIN lotto_exposure e
      ON e.round_id = ${roundId} AND e.bet_type = a.bet_type AND e.number = a.number AND a.bet_type <> 'three_tod'
    ORDER BY a.payout DESC, a.bet_type, a.number`.execute(ex);
  return rows.map((r) => ({
    ...r,
    stake: Number(r.stake),
    accepted: r.accepted === null ? null : Number(r.accepted),
    payout: Number(r.payout),
  }));
}
