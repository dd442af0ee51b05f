import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

// The quests' read of the accrual (the points module grants `point_accrual`, db/table-owners.ts).

/**
 * The member's settled turnover (stake after the G6 baccarat netting), payout, and the game rounds
 * whose counted stake — after the same netting — is at least `minRoundStake`, settled in [from, to):
 * a hedged Player and Banker pair on one hand is no round played (docs/rules/engagement.md §0 G6, §6).
 */
export async function playedBetween(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
  minRoundStake: number,
): Promise<{ stake: number; rounds: number; payout: number }> {
  const { rows } = await sql<{ stake: number; rounds: number; payout: number }>`
    SELECT COALESCE(sum(turnover_satang), 0)::bigint AS stake, COALESCE(sum(payout_satang), 0)::bigint AS payout,
      count(*) FILTER (WHERE source = 'game' AND turnover_satang >= ${minRoundStake})::int AS rounds
    FROM point_accrual
    WHERE member_id = ${memberId} AND settled_at >= ${from} AND settled_at < ${to}`.execute(ex);
  return rows[0] ?? { stake: 0, rounds: 0, payout: 0 };
}
