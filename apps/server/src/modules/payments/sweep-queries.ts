import type { Executor } from '../../platform/db.ts';

/**
 * Members with an active promotion, a page of `limit` after member `after`, in member order: the sweep
 * reads every page, so each is settled — a met turnover moves the bonus wallet to main and a
 * promotion past its end closes within a minute, however many are running.
 */
export function activePromotionMembers(ex: Executor, after: number, limit: number) {
  return ex
    .selectFrom('member_promotion')
    .select('member_id')
    .where('status', '=', 'active')
    .where('member_id', '>', after)
    .orderBy('member_id')
    .limit(limit)
    .execute();
}
