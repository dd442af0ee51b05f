import type { StaffRole } from '@chok/contract/endpoint';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

const staffTable = (ex: Executor) => ex.selectFrom('staff as s');

/** A staff account as the console lists it (never its password hash or TOTP secret). */
function withAccountColumns(q: ReturnType<typeof staffTable>, now: Date) {
  return q.select((eb) => [
    's.id',
    's.username',
    's.role',
    's.is_active',
    's.created_at',
    's.locked_until',
    eb
      .selectFrom('staff_session as x')
      .whereRef('x.staff_id', '=', 's.id')
      .select((e) => e.fn.max('x.created_at').as('m'))
      .as('last_login_at'),
    eb
      .selectFrom('staff_session as x')
      .whereRef('x.staff_id', '=', 's.id')
      .where('x.revoked_at', 'is', null)
      .where('x.expires_at', '>', now)
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('live_sessions'),
  ]);
}

function accounts(ex: Executor, now: Date) {
  return withAccountColumns(staffTable(ex), now);
}

export type AccountRow = Awaited<ReturnType<ReturnType<typeof accounts>['execute']>>[number];

export async function accountPage(
  ex: Executor,
  f: { role?: StaffRole; active?: boolean; limit: number; offset: number; now: Date },
): Promise<{ rows: AccountRow[]; total: number }> {
  let q = staffTable(ex);
  if (f.role) q = q.where('s.role', '=', f.role);
  if (f.active !== undefined) q = q.where('s.is_active', '=', f.active);
  return pageOf(q, (q) => withAccountColumns(q, f.now).orderBy('s.username'), f);
}

export function account(ex: Executor, id: number, now: Date) {
  return accounts(ex, now).where('s.id', '=', id).executeTakeFirst();
}

/** Locks a staff row for a change; undefined when there is no such account. */
export function lockStaff(ex: Executor, id: number) {
  return ex
    .selectFrom('staff')
    .select(['id', 'username', 'role', 'is_active', 'password_hash'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks every active owner and returns their ids: two owners demoted or deactivated at once wait
 * for each other here, and the second sees the first's change (a changed row no longer matches).
 */
export async function lockActiveOwners(ex: Executor): Promise<number[]> {
  const rows = await ex
    .selectFrom('staff')
    .select('id')
    .where('role', '=', 'owner')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function setRole(ex: Executor, id: number, role: StaffRole): Promise<void> {
  await ex.updateTable('staff').set({ role }).where('id', '=', id).execute();
}

export async function setActive(ex: Executor, id: number, active: boolean): Promise<void> {
  await ex.updateTable('staff').set({ is_active: active }).where('id', '=', id).execute();
}

/** A new TOTP secret; the spent-step marker restarts with it. */
export async function setTotpSecret(ex: Executor, id: number, secret: string): Promise<void> {
  await ex
    .updateTable('staff')
    .set({ totp_secret: secret, last_totp_step: null })
    .where('id', '=', id)
    .execute();
}

/** A new password; a reset by the owner also clears the login lock-out. */
export async function setPassword(
  ex: Executor,
  id: number,
  passwordHash: string,
  opts: { clearLock: boolean },
): Promise<void> {
  await ex
    .updateTable('staff')
    .set({
      password_hash: passwordHash,
      ...(opts.clearLock ? { failed_login_count: 0, locked_until: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export function passwordHashOf(ex: Executor, id: number) {
  return ex
    .selectFrom('staff')
    .select(['username', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Ends the account's live sessions (but `keep`, the caller's own); returns how many ended. */
export async function revokeSessions(
  ex: Executor,
  staffId: number,
  now: Date,
  keep?: number,
): Promise<number> {
  let q = ex
    .updateTable('staff_session')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keep !== undefined) q = q.where('id', '<>', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}
