import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { applyTransfer, lockAccount, type PointKind, transferByKey } from './ledger-queries.ts';

export type { PointKind };

export interface PointChange {
  memberId: number;
  /** Signed whole points: + earned, − spent. Never 0. */
  amount: number;
  kind: PointKind;
  /** What the member reads on their point statement (Thai). */
  reference: string;
  /** Unique across all point transfers: a repeat with the same key changes nothing (G2). */
  key: string;
}

export interface PointResult {
  transferId: number;
  balance: number;
  /** True when the key was used before: nothing changed this time. */
  repeated: boolean;
}

/**
 * Moves points in the caller's transaction (docs/rules/engagement.md §7): the account row is locked,
 * a key seen before returns its first result, a debit past the balance is refused with
 * POINTS_INSUFFICIENT (the CHECK (balance >= 0) backs it), and every change is one append-only row.
 */
export async function changePoints(tx: Tx, c: PointChange): Promise<PointResult> {
  if (!Number.isSafeInteger(c.amount) || c.amount === 0)
    throw new RangeError(`points must be a non-zero whole number: ${c.amount}`);
  const account = await lockAccount(tx, c.memberId);
  const earlier = await transferByKey(tx, c.key);
  if (earlier) {
    if (earlier.member_id !== c.memberId || earlier.amount !== c.amount) {
      throw new Error(`point key ${c.key} reused for a different change`);
    }
    return { transferId: earlier.id, balance: account.balance, repeated: true };
  }
  const balanceAfter = account.balance + c.amount;
  if (balanceAfter < 0) throw new AppError('POINTS_INSUFFICIENT');
  const transferId = await applyTransfer(tx, {
    memberId: c.memberId,
    amount: c.amount,
    balanceAfter,
    kind: c.kind,
    reference: c.reference,
    key: c.key,
  });
  return { transferId, balance: balanceAfter, repeated: false };
}
