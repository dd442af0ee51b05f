import type { Executor } from '../../platform/db.ts';
import {
  clearedLoginSet,
  failedLoginSet,
  type LockoutPolicy,
  updateLockout,
} from '../../platform/lockout.ts';

/**
 * The member's credentials and lock-out on the `member` row: registration's insert, the last login,
 * passwords set and reset, failed logins counted and cleared (platform/lockout.ts). The auth module
 * calls them through this module's service (docs/architecture.md, "Tables have one owner").
 */

export interface NewMember {
  agent_id: number;
  phone: string;
  password_hash: string;
  bank_code: string;
  account_no: string;
  account_name: string;
  line_id: string | null;
  referral_code: string;
  referred_by: number | null;
  sub_bank_account: string | null;
  last_login_at?: Date;
  /** Kept for the risk rule (docs/rules/engagement.md §0 G5). */
  register_ip?: string | null;
  device_id?: string | null;
}

/** Inserts a member; a taken phone or bank account fails with the unique violation of its key. */
export async function insertMember(ex: Executor, m: NewMember): Promise<number> {
  const row = await ex.insertInto('member').values(m).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setLastLogin(ex: Executor, memberId: number, now: Date): Promise<void> {
  await ex.updateTable('member').set({ last_login_at: now }).where('id', '=', memberId).execute();
}

export async function setPassword(ex: Executor, memberId: number, hash: string, now: Date): Promise<void> {
  await ex
    .updateTable('member')
    .set({ password_hash: hash, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** A forgotten password replaced: also lifts the lock-out. Returns the member's id, if the phone is one's. */
export async function resetPassword(
  ex: Executor,
  phone: string,
  hash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await ex
    .updateTable('member')
    .set({ password_hash: hash, failed_login_count: 0, locked_until: null, updated_at: now })
    .where('phone', '=', phone)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Counts one failed login in one UPDATE (platform/lockout.ts); returns the lock now in force, if any. */
export function countLoginFailure(
  ex: Executor,
  memberId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  return updateLockout(ex, 'member', memberId, failedLoginSet(now, policy));
}

/** Clears the failure count unless a lock is in force; returns that lock, if any. */
export function clearLoginFailures(ex: Executor, memberId: number, now: Date): Promise<Date | null> {
  return updateLockout(ex, 'member', memberId, clearedLoginSet(now));
}
