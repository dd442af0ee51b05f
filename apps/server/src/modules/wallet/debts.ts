import type { Satang } from '@chok/engine/money';
import type { Executor, Tx } from '../../platform/db.ts';
import * as q from './debt-queries.ts';

/**
 * The correction-debt register (docs/rules/lottery.md §8.3): what a member owes when a corrected
 * lottery result takes back a win the wallet no longer holds. The lottery writes a debt here; the
 * ledger recovers it from the member's next credits to main (see `transfer`).
 */

/** Records what a member owes after a win was reversed, in the reversal's transaction. */
export function recordDebt(tx: Tx, d: { memberId: number; roundId: number; amount: Satang }): Promise<void> {
  if (!Number.isSafeInteger(d.amount) || d.amount <= 0)
    throw new RangeError(`a debt must be positive satang: ${d.amount}`);
  return q.insertDebt(tx, d);
}

/** What a member still owes from corrected lottery results, in satang. */
export function outstandingDebt(ex: Executor, memberId: number): Promise<number> {
  return q.outstandingDebt(ex, memberId);
}
