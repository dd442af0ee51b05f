/**
 * What other modules may use of payments (docs/architecture.md): reads of its tables, each taking the
 * caller's executor so it runs inside the caller's transaction.
 */
import type { Satang } from '@chok/engine/money';
import type { Executor } from '../../platform/db.ts';
import * as confirmed from './confirmed-queries.ts';
import * as deposits from './deposit-queries.ts';
import * as metrics from './metrics-queries.ts';
import * as work from './work-queries.ts';

// The operator console's member page: the member's own withdrawal cap.
export { setWithdrawCap, withdrawCapState } from './member-cap.ts';
export type { Waiting } from './metrics-queries.ts';
export type { DepositStatus, WithdrawalStatus } from './row-types.ts';
export { depositLabels, withdrawalLabels } from './views.ts';

/**
 * Each confirmed deposit of the member in [from, to): a paid request or a statement line assigned to
 * the member without one (checkin's deposit condition, quests' deposit task).
 */
export function confirmedDepositsBetween(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<Satang[]> {
  return confirmed.confirmedDepositsBetween(ex, memberId, from, to);
}

/** The member's confirmed deposits in [from, to), summed (the polls' vote quota). */
export function confirmedDepositTotal(ex: Executor, memberId: number, from: Date, to: Date): Promise<Satang> {
  return confirmed.confirmedDepositTotal(ex, memberId, from, to);
}

/**
 * What counts against a member's deposit limits from each instant of `since` (docs/rules/protection.md
 * §2.2): deposits paid since then (the amount that arrived) and requests still open or in review made
 * since then (the amount asked for).
 */
export function depositsCountedSince(
  ex: Executor,
  memberId: number,
  since: readonly Date[],
): Promise<number[]> {
  return deposits.depositsCountedSince(ex, memberId, since);
}

/**
 * The payments work waiting for an operator (the console's header): deposits open or under review
 * and withdrawals pending payout or under review.
 */
export function paymentsWaiting(ex: Executor): Promise<{ deposits: number; withdrawals: number }> {
  return work.paymentsWaiting(ex);
}

/** The metrics' queues (app.ts wires them into platform/metrics.ts): what waits, how many, the oldest. */
export function paymentsQueues(ex: Executor): Promise<metrics.Waiting[]> {
  return metrics.paymentsQueues(ex);
}
