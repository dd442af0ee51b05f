/**
 * What other modules may use of player protection (docs/architecture.md): the deposit guard payments
 * calls in its request transaction, the block check, and the refusal of a bet the loss guard of
 * protection/sql/protection_count_loss.sql raised (docs/rules/protection.md).
 */
export { assertNotBlocked, blockedError, blockInForce } from './blocks.ts';
export { depositProtection } from './deposits.ts';
export { lossLimitError, raisedProtectionError } from './loss.ts';
export type { ProtectionService } from './module.ts';
