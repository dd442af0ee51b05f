/**
 * What other modules may use of the members module (docs/architecture.md, "Tables have one owner"):
 * capabilities over the `member` row it owns — locks, writes, and the reads several modules share.
 * Each takes the caller's executor, so it runs inside the caller's transaction. A read only one
 * module makes lives in that module's own `members-queries.ts`, under a grant.
 */
import type { Executor } from '../../platform/db.ts';
import type { NewMember } from './credential-queries.ts';
import * as credentials from './credential-queries.ts';
import type { MemberRef, PayoutAccount } from './member-queries.ts';
import * as members from './member-queries.ts';
import * as loginState from './status-queries.ts';

// An operator's note on a member (the console's member page).
export { addMemberNote } from './notes.ts';
// The member's own profile, as the login answers it (modules/auth).
export { memberProfile } from './profile.ts';
export type { MemberRef, NewMember, PayoutAccount };

// ── The row: locks and the reads several modules share ──

/** Locks the member's row until the caller commits; false when there is no such member. */
export function lockMember(ex: Executor, memberId: number): Promise<boolean> {
  return members.lockMember(ex, memberId);
}

/** Phone and name of each member found, by id (for lists: operators read members by phone). */
export function memberRefs(ex: Executor, ids: readonly number[]): Promise<Map<number, MemberRef>> {
  return members.memberRefs(ex, ids);
}

export function memberIdByPhone(ex: Executor, phone: string): Promise<number | undefined> {
  return members.memberIdByPhone(ex, phone);
}

/** The member whose sub account (TrueMoney number) this is, other than `exceptId`. */
export function subAccountHolder(
  ex: Executor,
  number: string,
  exceptId: number | null = null,
): Promise<number | undefined> {
  return members.subAccountHolder(ex, number, exceptId);
}

/** The member's payout account; throws when there is no such member (callers hold a member id). */
export function payoutAccount(ex: Executor, memberId: number): Promise<PayoutAccount> {
  return members.payoutAccount(ex, memberId);
}

/**
 * Whether another member registered under the same bank account name (ignoring case and repeated
 * spaces): a risk sign for payouts (docs/rules/engagement.md G5).
 */
export function accountNameShared(ex: Executor, memberId: number): Promise<boolean> {
  return members.accountNameShared(ex, memberId);
}

/**
 * docs/rules/payments.md §4, for the first payout: the registered account name and whether an
 * operator has checked it against the bank's, the member row locked for the payout's transaction.
 */
export function lockNameCheck(ex: Executor, memberId: number): ReturnType<typeof members.lockNameCheck> {
  return members.lockNameCheck(ex, memberId);
}

export function markNameVerified(ex: Executor, memberId: number, staffId: number, now: Date): Promise<void> {
  return members.markNameVerified(ex, memberId, staffId, now);
}

// ── Credentials (modules/auth, the seed) ──

/** Inserts a member; a taken phone or bank account fails with the unique violation of its key. */
export function insertMember(ex: Executor, m: NewMember): Promise<number> {
  return credentials.insertMember(ex, m);
}

export function setLastLogin(ex: Executor, memberId: number, now: Date): Promise<void> {
  return credentials.setLastLogin(ex, memberId, now);
}

// Passwords set and reset, failed logins counted and cleared (platform/lockout.ts): the queries as they are.
export { clearLoginFailures, countLoginFailure, resetPassword, setPassword } from './credential-queries.ts';

// ── Login state and status (modules/auth locks and unlocks; the seed) ──

/** The member's login state, locked for an operator's change; undefined when there is no such member. */
export function lockLoginState(ex: Executor, memberId: number): ReturnType<typeof loginState.lockLoginState> {
  return loginState.lockLoginState(ex, memberId);
}

/** Sets the member's status; unsuspending also clears the wrong-password lock-out. */
export function setMemberStatus(
  ex: Executor,
  memberId: number,
  status: 'active' | 'suspended',
  now: Date,
): Promise<void> {
  return loginState.setMemberStatus(ex, memberId, status, now);
}

/** The active members among these phones, with their password hashes (the demo-account lock). */
export function activeMembersByPhones(
  ex: Executor,
  phones: readonly string[],
): ReturnType<typeof loginState.activeMembersByPhones> {
  return loginState.activeMembersByPhones(ex, phones);
}

/**
 * Suspends a member still holding `passwordHash`, in one statement (a password changed meanwhile
 * keeps the account open); true when this call suspended it. A suspended member's sessions stop
 * answering at once (the session check reads the status).
 */
export function suspendMemberWithHash(
  ex: Executor,
  memberId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return loginState.suspendMemberWithHash(ex, memberId, passwordHash, now);
}
