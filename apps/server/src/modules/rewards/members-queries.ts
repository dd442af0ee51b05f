import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { ClaimRow } from './claim-queries.ts';

/**
 * Caller: the operator console's member page (modules/members): the member's reward claims, newest
 * first, and the ones a risk rule holds (docs/rules/engagement.md §0 G5).
 */
export async function memberClaimsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    ex
      .selectFrom('reward_claim')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    ex
      .selectFrom('reward_claim')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ClaimRow[], total: Number(count.n) };
}

/** How many of the member's claims wait on a hold, and their money (points excluded). */
export async function memberHeldClaims(ex: Executor, memberId: number) {
  const { rows } = await sql<{ n: string; amount: string }>`
    SELECT count(*) AS n, COALESCE(sum(amount) FILTER (WHERE reward_kind IN ('main', 'free_credit')), 0) AS amount
    FROM reward_claim WHERE member_id = ${memberId} AND status = 'held'`.execute(ex);
  return { count: Number(rows[0]?.n ?? 0), amountSatang: Number(rows[0]?.amount ?? 0) };
}
