/**
 * What other modules may use of the members module (docs/architecture.md): reads and locks of the
 * `member` table it owns. Each function takes the caller's executor, so it runs inside the caller's
 * transaction.
 */

export { type NetworkRow, networkCounts, networkPage, referralOf, uplinesOf } from './affiliate-queries.ts';
export {
  clearLoginFailures,
  countLoginFailure,
  insertMember,
  liveMemberSession,
  liveMemberSessions,
  loginAccount,
  type NewMember,
  passwordOf,
  referralCodeTaken,
  resetPassword,
  setLastLogin,
  setPassword,
} from './auth-queries.ts';
export {
  accountNameShared,
  lockMember,
  type MemberRef,
  memberActive,
  memberExists,
  memberIdByPhone,
  memberIdByReferralCode,
  memberRefs,
  type PayoutAccount,
  payoutAccount,
  subAccountHolder,
} from './member-queries.ts';
// An operator's note on a member (the console's member page).
export { addMemberNote } from './notes.ts';
export { lockNameCheck, markNameVerified, nameCheckPending, payoutAccounts } from './payments-queries.ts';
// The member's own profile, as the login answers it (modules/auth).
export { memberProfile } from './profile.ts';
export { sharedIdentity } from './rewards-queries.ts';
// A member's login state, locked, and its change (modules/auth locks and unlocks); counts for the dashboard.
export {
  activeMembersByPhones,
  lockLoginState,
  newMembersByDay,
  setMemberStatus,
  suspendMemberWithHash,
} from './status-queries.ts';
