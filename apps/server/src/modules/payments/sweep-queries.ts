import type { Executor } from '../../platform/db.ts';

/**
 * Members with an active promotion (at most `limit` a sweep, oldest first): each is settled, so a
 * met turnover moves the bonus wallet to main and a promotion past its end closes within a minute.
 */
export function activePromotionMembers(ex: Executor, limit: number) {
  return ex
    .selectFrom('member_promotion')
    .select('member_id')
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
}
