import type { Executor } from '../../platform/db.ts';

/** Members with an active promotion that ended by `now` (at most 500 a sweep). */
export function duePromotionMembers(ex: Executor, now: Date) {
  return ex
    .selectFrom('member_promotion')
    .select('member_id')
    .where('status', '=', 'active')
    .where('ends_at', '<=', now)
    .limit(500)
    .execute();
}
