/**
 * What other modules may use of payments (docs/architecture.md): reads of its tables, each taking the
 * caller's executor so it runs inside the caller's transaction.
 */
export { confirmedDepositsBetween } from './checkin-queries.ts';
export { depositsCountedSince } from './deposit-queries.ts';
export { confirmedDepositTotal } from './polls-queries.ts';
export { paymentsWaiting } from './work-queries.ts';
