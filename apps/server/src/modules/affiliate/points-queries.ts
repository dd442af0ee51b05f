import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The affiliate commission's read of the accrual (points grants `point_accrual`;
 * docs/rules/engagement.md §11 rule 2). Each member's settled figures
 * (G6, as the accrual recorded them) over [from, to), all categories and lotto together; only members
 * with something settled in the span.
 */
export async function settledFiguresBetween(
  ex: Executor,
  from: Date,
  to: Date,
): Promise<{ member_id: number; stake: number; payout: number }[]> {
  const { rows } = await sql<{ member_id: number; stake: string; payout: string }>`
    SELECT member_id, sum(stake_satang) AS stake, sum(payout_satang) AS payout
    FROM point_accrual
    WHERE settled_at >= ${from} AND settled_at < ${to}
    GROUP BY member_id
    ORDER BY member_id`.execute(ex);
  return rows.map((r) => ({ member_id: r.member_id, stake: Number(r.stake), payout: Number(r.payout) }));
}
