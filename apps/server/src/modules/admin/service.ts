/**
 * What other modules (and the seed and the staff command) may use of the admin module
 * (docs/architecture.md): staff names for lists, staff accounts, and the TOTP of a staff secret.
 */

export {
  createStaff,
  newTotpSecret,
  STAFF_SESSIONS_TOPIC,
  type StaffSessionsEnded,
  totpEnrolment,
  totpFor,
} from './staff.ts';
export {
  activeStaffByUsernames,
  deactivateStaffWithHash,
  insertStaff,
  type NewStaff,
  type StaffRef,
  staffExists,
  staffRefs,
} from './staff-queries.ts';
