import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The cashback module's reads of the accrual (points grants `point_accrual`): loss cashback, turnover
 * commission, the win/loss report (docs/rules/engagement.md §3, §4, §12). The settled figures of §0 G6 the accrual recorded in
 * `point_accrual`, summed per Bangkok day and category. Run the accrual (`accrue`) first so nothing
 * settled is missed.
 */
export interface DayFigure {
  /** Bangkok date "YYYY-MM-DD" the round or bill settled on. */
  day: string;
  category: string;
  stake: number;
  payout: number;
  /** The stake that counts as turnover (§0 G6; equal to `stake` until the baccarat netting is recorded). */
  turnover: number;
  /** Rounds and bills. */
  count: number;
}

/** One member's Σ stake and Σ payout per Bangkok day and category, settled in [from, to). */
export async function memberDayFigures(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<DayFigure[]> {
  const { rows } = await sql<DayFigure>`
    SELECT to_char((settled_at AT TIME ZONE 'Asia/Bangkok')::date, 'YYYY-MM-DD') AS day, category,
      sum(stake_satang)::bigint AS stake, sum(payout_satang)::bigint AS payout,
      sum(turnover_satang)::bigint AS turnover, count(*)::int AS count
    FROM point_accrual
    WHERE member_id = ${memberId} AND settled_at >= ${from} AND settled_at < ${to}
    GROUP BY 1, 2
    ORDER BY 1 DESC, 2`.execute(ex);
  return rows;
}

export interface MemberTotal {
  member_id: number;
  stake: number;
  payout: number;
  /** See DayFigure.turnover. */
  turnover: number;
}

/**
 * Every member's Σ stake and Σ payout over `categories`, settled in [from, to), for those with any
 * stake, in member order (a job pays them one by one in this order).
 */
export async function membersTotals(
  ex: Executor,
  from: Date,
  to: Date,
  categories: readonly string[],
): Promise<MemberTotal[]> {
  if (categories.length === 0) return [];
  const { rows } = await sql<MemberTotal>`
    SELECT member_id, sum(stake_satang)::bigint AS stake, sum(payout_satang)::bigint AS payout,
      sum(turnover_satang)::bigint AS turnover
    FROM point_accrual
    WHERE settled_at >= ${from} AND settled_at < ${to}
      AND category IN (${sql.join(categories.map((c) => sql`${c}`))})
    GROUP BY member_id
    HAVING sum(stake_satang) > 0
    ORDER BY member_id`.execute(ex);
  return rows;
}
