/**
 * Staff accounts managed from the console (docs/decisions/0005-sessions-and-staff.md,
 * docs/decisions/0060-console-staff-audit-games.md): the owner creates accounts, changes roles,
 * deactivates and reactivates them, resets a password or the TOTP secret; every staff member changes
 * their own password. Each change is audited in its transaction, and ends the account's sessions where
 * it changes who may do what. The last active owner can be neither demoted nor deactivated.
 */
import type { AuditAction } from '@chok/contract/audit-actions';
import type { StaffRole } from '@chok/contract/endpoint';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/http.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/service.ts';
import * as q from './accounts-queries.ts';
import { newTotpSecret, publishSessionsEnded, type StaffDeps, totpEnrolment } from './staff.ts';
import { insertStaff, staffExists } from './staff-queries.ts';

export function accountView(r: q.AccountRow) {
  return {
    id: r.id,
    username: r.username,
    role: r.role as StaffRole,
    is_active: r.is_active,
    created_at: r.created_at.toISOString(),
    locked_until: r.locked_until?.toISOString() ?? null,
    last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    live_sessions: Number(r.live_sessions ?? 0),
  };
}

async function viewOf(d: StaffDeps, id: number) {
  const row = await q.account(d.db, id, d.clock.now());
  if (!row) throw new AppError('STAFF_NOT_FOUND');
  return accountView(row);
}

function fieldError(code: 'STAFF_PASSWORD_IS_USERNAME' | 'PASSWORD_TOO_COMMON', field: string): AppError {
  return new AppError(code, {}, { [field]: new AppError(code).message });
}

/** The password rules of staff accounts: the contract's length, not the username, not a common one. */
function assertStaffPassword(password: string, username: string, field: string): void {
  const p = password.trim().toLowerCase();
  if (p === username.toLowerCase()) throw fieldError('STAFF_PASSWORD_IS_USERNAME', field);
  if (isCommonPassword(password)) throw fieldError('PASSWORD_TOO_COMMON', field);
}

export async function listAccounts(
  d: StaffDeps,
  f: { page: number; page_size: number; role?: StaffRole | undefined; active?: 'true' | 'false' | undefined },
) {
  const { rows, total } = await q.accountPage(d.db, {
    ...(f.role ? { role: f.role } : {}),
    ...(f.active ? { active: f.active === 'true' } : {}),
    limit: f.page_size,
    offset: (f.page - 1) * f.page_size,
    now: d.clock.now(),
  });
  return { items: rows.map(accountView), total, page: f.page, page_size: f.page_size };
}

export async function createAccount(
  d: StaffDeps,
  by: StaffPrincipal,
  input: { username: string; role: StaffRole; password: string },
) {
  assertStaffPassword(input.password, input.username, 'password');
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const id = await inTransaction(d.db, async (tx) => {
    if (await staffExists(tx, input.username)) return null;
    // A name taken between the check and the insert (two owners at once) loses to the unique index.
    const id = await insertStaff(
      tx,
      { username: input.username, role: input.role, password_hash: passwordHash, totp_secret: secret },
      { keepExisting: true },
    );
    if (id === undefined) return null;
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'staff.create',
      entity: 'staff',
      entityId: id,
      after: { username: input.username, role: input.role, via: 'console' },
    });
    return id;
  });
  if (id === null) {
    throw new AppError(
      'STAFF_USERNAME_TAKEN',
      {},
      { username: new AppError('STAFF_USERNAME_TAKEN').message },
    );
  }
  return { staff: await viewOf(d, id), enrolment: await totpEnrolment(secret, input.username) };
}

/**
 * One change of an account under its row lock, audited; `ownerGuard` refuses when the change would
 * leave no active owner (the active owners are locked first, so two such changes run one at a time).
 */
async function change(
  d: StaffDeps,
  by: StaffPrincipal,
  id: number,
  c: {
    action: AuditAction;
    ownerGuard?: (row: { role: string; is_active: boolean }) => boolean;
    apply: (
      tx: Parameters<Parameters<typeof inTransaction>[1]>[0],
      row: NonNullable<Awaited<ReturnType<typeof q.lockStaff>>>,
    ) => Promise<{ before: unknown; after: unknown }>;
    revoke: boolean;
  },
) {
  const now = d.clock.now();
  await inTransaction(d.db, async (tx) => {
    const owners = c.ownerGuard ? await q.lockActiveOwners(tx) : [];
    const row = await q.lockStaff(tx, id);
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    if (c.ownerGuard?.(row) && owners.length === 1 && owners[0] === row.id)
      throw new AppError('STAFF_LAST_OWNER');
    const { before, after } = await c.apply(tx, row);
    const ended = c.revoke ? await q.revokeSessions(tx, id, now) : 0;
    if (ended > 0)
      await publishSessionsEnded(d, tx, { staff_id: id, session_id: null, except_session_id: null });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: c.action,
      entity: 'staff',
      entityId: id,
      before,
      after: { ...(after as object), ...(c.revoke ? { sessions_ended: ended } : {}) },
    });
  });
  return viewOf(d, id);
}

export function setRole(d: StaffDeps, by: StaffPrincipal, id: number, role: StaffRole) {
  return change(d, by, id, {
    action: 'staff.role',
    // Moving an active owner to another role leaves one owner fewer.
    ownerGuard: (r) => r.role === 'owner' && r.is_active && role !== 'owner',
    revoke: true,
    apply: async (tx, r) => {
      await q.setRole(tx, id, role);
      return { before: { role: r.role }, after: { role } };
    },
  });
}

export function setActive(d: StaffDeps, by: StaffPrincipal, id: number, active: boolean) {
  return change(d, by, id, {
    action: active ? 'staff.reactivate' : 'staff.deactivate',
    ownerGuard: (r) => r.role === 'owner' && r.is_active && !active,
    revoke: !active,
    apply: async (tx, r) => {
      await q.setActive(tx, id, active);
      return { before: { is_active: r.is_active }, after: { is_active: active } };
    },
  });
}

export async function resetTotp(d: StaffDeps, by: StaffPrincipal, id: number) {
  const secret = newTotpSecret();
  let username = '';
  const staff = await change(d, by, id, {
    action: 'staff.totp_reset',
    revoke: true,
    apply: async (tx, r) => {
      username = r.username;
      await q.setTotpSecret(tx, id, secret);
      // The secret itself never enters the log.
      return { before: null, after: { totp: 'new secret' } };
    },
  });
  return { staff, enrolment: await totpEnrolment(secret, username) };
}

export async function resetPassword(d: StaffDeps, by: StaffPrincipal, id: number, password: string) {
  const current = await q.account(d.db, id, d.clock.now());
  if (!current) throw new AppError('STAFF_NOT_FOUND');
  assertStaffPassword(password, current.username, 'password');
  const hash = await hashPassword(password);
  return change(d, by, id, {
    action: 'staff.password_reset',
    revoke: true,
    apply: async (tx) => {
      await q.setPassword(tx, id, hash, { clearLock: true });
      return { before: null, after: { password: 'reset', lock: 'cleared' } };
    },
  });
}

/** Any staff member: the current password proves it is them; their other sessions end. */
export async function changeOwnPassword(
  d: StaffDeps,
  me: StaffPrincipal,
  oldPassword: string,
  newPassword: string,
) {
  const { username, password_hash } = await q.passwordHashOf(d.db, me.staffId);
  if (!(await verifyPassword(password_hash, oldPassword))) {
    throw new AppError('WRONG_PASSWORD', {}, { old_password: new AppError('WRONG_PASSWORD').message });
  }
  if (oldPassword === newPassword) {
    throw new AppError('SAME_PASSWORD', {}, { new_password: new AppError('SAME_PASSWORD').message });
  }
  assertStaffPassword(newPassword, username, 'new_password');
  const hash = await hashPassword(newPassword);
  const now = d.clock.now();
  await inTransaction(d.db, async (tx) => {
    await q.setPassword(tx, me.staffId, hash, { clearLock: false });
    const ended = await q.revokeSessions(tx, me.staffId, now, me.sessionId);
    if (ended > 0) {
      await publishSessionsEnded(d, tx, {
        staff_id: me.staffId,
        session_id: null,
        except_session_id: me.sessionId,
      });
    }
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: me.staffId,
      action: 'staff.password_change',
      entity: 'staff',
      entityId: me.staffId,
      after: { password: 'changed', sessions_ended: ended },
    });
  });
}
