/**
 * What other modules may use of points (docs/rules/engagement.md §7): earn or spend points in their
 * own transaction, read a balance, and the settled figures (G6) the accrual recorded.
 */

export { accrue } from './accrual.ts';
export { pointBalance } from './balance.ts';
export { changePoints, type PointChange, type PointKind, type PointResult } from './ledger.ts';
export type { Points } from './module.ts';
