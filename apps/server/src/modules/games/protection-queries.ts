import type { Executor } from '../../platform/db.ts';

/**
 * Caller: player protection (docs/rules/protection.md §3.1). A time-out or self-exclusion ends every
 * game of the member at once, as a password change does (migration 040): the open game sessions
 * close and the unused launch tokens are spent, so a provider's next debit finds no session.
 */
export async function endMemberGames(ex: Executor, memberId: number, now: Date): Promise<void> {
  await ex
    .updateTable('game_session')
    .set({ closed_at: now })
    .where('member_id', '=', memberId)
    .where('closed_at', 'is', null)
    .execute();
  await ex
    .updateTable('game_launch')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
