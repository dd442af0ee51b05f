import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { clearedLoginSet, failedLoginSet, type LockoutPolicy } from '../../platform/lockout.ts';

/**
 * Caller: the auth module (registration, login, passwords, sessions; docs/architecture.md, "Tables
 * have one owner"). The member's credentials and lock-out live on the `member` row, which this
 * module owns; the session check joins `member_session` (auth's) in one statement because it runs
 * on every member request.
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

export async function referralCodeTaken(ex: Executor, code: string): Promise<boolean> {
  const row = await ex.selectFrom('member').select('id').where('referral_code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** What a login checks: the password hash, the status and the lock. */
export function loginAccount(ex: Executor, phone: string) {
  return ex
    .selectFrom('member')
    .select(['id', 'password_hash', 'status', 'locked_until'])
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export async function setLastLogin(ex: Executor, memberId: number, now: Date): Promise<void> {
  await ex.updateTable('member').set({ last_login_at: now }).where('id', '=', memberId).execute();
}

/** What a password change checks: the current hash, and the phone (a password may not contain it). */
export function passwordOf(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['password_hash', 'phone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
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
export async function countLoginFailure(
  ex: Executor,
  memberId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  const row = await ex
    .updateTable('member')
    .set(failedLoginSet(now, policy))
    .where('id', '=', memberId)
    .returning('locked_until')
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** Clears the failure count unless a lock is in force; returns that lock, if any. */
export async function clearLoginFailures(ex: Executor, memberId: number, now: Date): Promise<Date | null> {
  const row = await ex
    .updateTable('member')
    .set(clearedLoginSet(now))
    .where('id', '=', memberId)
    .returning('locked_until')
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * A member session that is live: not revoked, before its absolute expiry, used since `idleSince`,
 * of an active member — found by its token's hash or by its id.
 */
export function liveMemberSession(
  ex: Executor,
  f: { now: Date; idleSince: Date } & ({ tokenHash: Buffer } | { sessionId: number }),
) {
  let q = ex
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id', 's.member_id', 's.last_used_at', 's.expires_at'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', f.now)
    .where('s.last_used_at', '>', f.idleSince)
    .where('m.status', '=', 'active');
  q = 'tokenHash' in f ? q.where('s.token_hash', '=', f.tokenHash) : q.where('s.id', '=', f.sessionId);
  return q.executeTakeFirst();
}

/** The live sessions (as `liveMemberSession` judges them) behind several tokens' hashes, in one read. */
export function liveMemberSessions(ex: Executor, f: { now: Date; idleSince: Date; tokenHashes: Buffer[] }) {
  return ex
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select(['s.id', 's.member_id', 's.last_used_at', 's.expires_at', 's.token_hash'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', f.now)
    .where('s.last_used_at', '>', f.idleSince)
    .where('m.status', '=', 'active')
    .where(sql<boolean>`s.token_hash = ANY(${f.tokenHashes}::bytea[])`)
    .execute();
}
