/**
 * What other modules (and the seed and the staff command) may use of the admin module
 * (docs/architecture.md): staff names for lists, staff accounts, and the TOTP of a staff secret.
 */

import type { Executor } from '../../platform/db.ts';

export {
  createStaff,
  newTotpSecret,
  STAFF_SESSIONS_TOPIC,
  type StaffSessionsEnded,
  totpEnrolment,
  totpFor,
} from './staff.ts';

import type { NewStaff, StaffRef } from './staff-queries.ts';
import * as staff from './staff-queries.ts';

export type { NewStaff, StaffRef };

/** The active accounts among these usernames, with their password hashes (the demo-account lock). */
export function activeStaffByUsernames(
  ex: Executor,
  usernames: readonly string[],
): ReturnType<typeof staff.activeStaffByUsernames> {
  return staff.activeStaffByUsernames(ex, usernames);
}

/**
 * Deactivates an account still holding `passwordHash`, in one statement (a password changed meanwhile
 * keeps it active), and ends its sessions; true when this call deactivated it.
 */
export function deactivateStaffWithHash(
  ex: Executor,
  staffId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return staff.deactivateStaffWithHash(ex, staffId, passwordHash, now);
}

/** Inserts a staff account; undefined when the username is taken and `keepExisting` is set. */
export function insertStaff(
  ex: Executor,
  s: NewStaff,
  opts: { keepExisting?: boolean } = {},
): Promise<number | undefined> {
  return staff.insertStaff(ex, s, opts);
}

/** Whether a staff account of this username exists (the staff command). */
export function staffExists(ex: Executor, username: string): Promise<boolean> {
  return staff.staffExists(ex, username);
}

/** The username of each staff account found, by id (for lists of who did what). */
export function staffRefs(ex: Executor, ids: readonly number[]): Promise<Map<number, StaffRef>> {
  return staff.staffRefs(ex, ids);
}
