import type { Executor } from '../../platform/db.ts';

/** The member's own daily withdrawal cap, set by an operator (modules/console). */

/** The member's own cap, locked for an operator's change (undefined when none is set). */
export function lockMemberCap(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdraw_limit')
    .select('daily_cap_satang')
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function putMemberCap(ex: Executor, memberId: number, capSatang: number, now: Date) {
  await ex
    .insertInto('member_withdraw_limit')
    .values({ member_id: memberId, daily_cap_satang: capSatang, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ daily_cap_satang: capSatang, updated_at: now }))
    .execute();
}

export async function dropMemberCap(ex: Executor, memberId: number) {
  await ex.deleteFrom('member_withdraw_limit').where('member_id', '=', memberId).execute();
}
