import type { StaffRole } from '@chok/contract/endpoint';
import type { Executor } from '../../platform/db.ts';
import {
  clearedLoginSet,
  failedLoginSet,
  type LockoutPolicy,
  updateLockout,
} from '../../platform/lockout.ts';

export function staffByUsername(ex: Executor, username: string) {
  return ex.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function staffExists(ex: Executor, username: string): Promise<boolean> {
  const row = await ex.selectFrom('staff').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

export interface NewStaff {
  username: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string;
}

/** Inserts a staff account; undefined when the username is taken and `keepExisting` is set. */
export async function insertStaff(
  ex: Executor,
  s: NewStaff,
  opts: { keepExisting?: boolean } = {},
): Promise<number | undefined> {
  let q = ex.insertInto('staff').values(s);
  if (opts.keepExisting) q = q.onConflict((oc) => oc.column('username').doNothing());
  return (await q.returning('id').executeTakeFirst())?.id;
}

/**
 * Spends a TOTP step: it must be newer than the last one accepted, so each code is used once.
 * False when the step is not newer (the code was spent).
 */
export async function claimTotpStep(ex: Executor, staffId: number, step: number): Promise<boolean> {
  const r = await ex
    .updateTable('staff')
    .set({ last_totp_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', step)]))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Counts one failed login in one UPDATE (platform/lockout.ts); returns the lock now in force, if any. */
export function countLoginFailure(
  ex: Executor,
  staffId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  return updateLockout(ex, 'staff', staffId, failedLoginSet(now, policy));
}

/** Clears the failure count unless a lock is in force; returns that lock, if any. */
export function clearLoginFailures(ex: Executor, staffId: number, now: Date): Promise<Date | null> {
  return updateLockout(ex, 'staff', staffId, clearedLoginSet(now));
}

export async function insertSession(
  ex: Executor,
  s: { staffId: number; tokenHash: Buffer; now: Date; expiresAt: Date },
): Promise<void> {
  await ex
    .insertInto('staff_session')
    .values({
      staff_id: s.staffId,
      token_hash: s.tokenHash,
      created_at: s.now,
      last_used_at: s.now,
      expires_at: s.expiresAt,
    })
    .execute();
}

/** A live session of an active staff account, by its token's hash. */
export function liveSession(ex: Executor, f: { tokenHash: Buffer; now: Date; idleSince: Date }) {
  return ex
    .selectFrom('staff_session as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['s.id', 's.staff_id', 'st.role'])
    .where('s.token_hash', '=', f.tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', f.now)
    .where('s.last_used_at', '>', f.idleSince)
    .where('st.is_active', '=', true)
    .executeTakeFirst();
}

export async function touchSession(ex: Executor, sessionId: number, now: Date): Promise<void> {
  await ex.updateTable('staff_session').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

export async function revokeSession(ex: Executor, sessionId: number, now: Date): Promise<void> {
  await ex.updateTable('staff_session').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

export interface StaffRef {
  id: number;
  username: string;
}

/** The username of each staff account found, by id (for lists of who did what). */
export async function staffRefs(ex: Executor, ids: readonly number[]): Promise<Map<number, StaffRef>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex.selectFrom('staff').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The active accounts among these usernames, with their password hashes (the demo-account lock). */
export function activeStaffByUsernames(ex: Executor, usernames: readonly string[]) {
  if (usernames.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom('staff')
    .select(['id', 'username', 'password_hash'])
    .where('username', 'in', usernames)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

/**
 * Deactivates an account still holding `passwordHash`, in one statement (a password changed meanwhile
 * keeps it active), and ends its sessions; true when this call deactivated it.
 */
export async function deactivateStaffWithHash(
  ex: Executor,
  staffId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const row = await ex
    .updateTable('staff')
    .set({ is_active: false })
    .where('id', '=', staffId)
    .where('is_active', '=', true)
    .where('password_hash', '=', passwordHash)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await ex
    .updateTable('staff_session')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
