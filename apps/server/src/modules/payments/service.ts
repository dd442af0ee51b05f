/**
 * What other modules may use of payments (docs/architecture.md): reads of its tables, each taking the
 * caller's executor so it runs inside the caller's transaction.
 */
export { confirmedDepositsBetween } from './checkin-queries.ts';
export { depositsCountedSince } from './deposit-queries.ts';
// The operator console's member page: the member's own withdrawal cap.
export { setWithdrawCap, withdrawCapState } from './member-cap.ts';
// The metrics' queues (app.ts wires them into platform/metrics.ts).
export { paymentsQueues, type Waiting } from './metrics-queries.ts';
export { confirmedDepositTotal } from './polls-queries.ts';
export type { DepositStatus, WithdrawalStatus } from './row-types.ts';
export { depositLabels, withdrawalLabels } from './views.ts';
export { paymentsWaiting } from './work-queries.ts';
