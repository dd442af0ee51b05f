import type { Executor } from '../../platform/db.ts';

/**
 * Writes of a member's login state, status and notes by the operators (modules/auth locks and unlocks,
 * the console adds notes), and the member counts other modules read.
 */

export function insertNote(ex: Executor, n: { memberId: number; staffId: number; body: string; now: Date }) {
  return ex
    .insertInto('member_note')
    .values({ member_id: n.memberId, staff_id: n.staffId, body: n.body, created_at: n.now })
    .returning(['id', 'body', 'staff_id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The member's login state, locked for an operator's change; undefined when there is no such member. */
export function lockLoginState(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['id', 'phone', 'status', 'failed_login_count', 'locked_until'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Sets the member's status; unsuspending also clears the wrong-password lock-out. */
export async function setMemberStatus(
  ex: Executor,
  memberId: number,
  status: 'active' | 'suspended',
  now: Date,
): Promise<void> {
  await ex
    .updateTable('member')
    .set(
      status === 'active'
        ? { status, failed_login_count: 0, locked_until: null, updated_at: now }
        : { status, updated_at: now },
    )
    .where('id', '=', memberId)
    .execute();
}

/** The active members among these phones, with their password hashes (the demo-account lock). */
export function activeMembersByPhones(ex: Executor, phones: readonly string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom('member')
    .select(['id', 'phone', 'password_hash'])
    .where('phone', 'in', phones)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/**
 * Suspends a member still holding `passwordHash`, in one statement (a password changed meanwhile
 * keeps the account open); true when this call suspended it. A suspended member's sessions stop
 * answering at once (the session check reads the status).
 */
export async function suspendMemberWithHash(
  ex: Executor,
  memberId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const row = await ex
    .updateTable('member')
    .set({ status: 'suspended', updated_at: now })
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .where('password_hash', '=', passwordHash)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
