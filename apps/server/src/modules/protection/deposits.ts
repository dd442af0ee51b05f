import { limitInForce, limitPeriods, periodEnd } from '@chok/engine/engagement/protection';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiTime } from '../../platform/thai-time.ts';
import { assertNotBlocked, blockInForce } from './blocks.ts';
import type { ProtectionDeps } from './deps.ts';
import { periodStarts } from './state.ts';
import { limitRows } from './state-queries.ts';
import { periodLabel } from './views.ts';

/**
 * The guard of a new deposit request (docs/rules/protection.md §2.2), in the payments transaction that
 * creates it, after the member's row lock (so a member's requests are decided one at a time): refused
 * during a time-out or self-exclusion, and when the amount would take what counts in a day, week or
 * month (deposits paid, requests open) past a limit. The refusal names the limit and its reset.
 */
export async function guardDeposit(
  d: Pick<ProtectionDeps, 'depositsCountedSince'>,
  tx: Tx,
  memberId: number,
  amountSatang: number,
  now: Date,
): Promise<void> {
  await assertNotBlocked(tx, memberId, now);
  const rows = await limitRows(tx, memberId, 'deposit');
  const limits = limitPeriods.map((period) => {
    const r = rows.find((x) => x.period === period);
    return r
      ? limitInForce(
          { amount: r.amount_satang, pendingAmount: r.pending_amount_satang, pendingFrom: r.pending_from },
          now,
        )
      : null;
  });
  if (limits.every((l) => l === null)) return;
  const counted = await d.depositsCountedSince(tx, memberId, periodStarts(now));
  limitPeriods.forEach((period, i) => {
    const limit = limits[i];
    const used = counted[i] ?? 0;
    if (limit === null || limit === undefined || used + amountSatang <= limit) return;
    // The whole message (which limit, what is left, when it resets) is the refusal; no field takes it.
    throw new AppError('PROTECTION_DEPOSIT_LIMIT', {
      period: periodLabel[period],
      limit: bahtInWords(limit),
      used: bahtInWords(used),
      left: bahtInWords(Math.max(0, limit - used)),
      resets_at: thaiTime(periodEnd(period, now)),
    });
  });
}

/** Payments' view of protection: the guard above, on the payments module's own count of deposits. */
export function depositProtection(d: Pick<ProtectionDeps, 'depositsCountedSince'>) {
  return {
    guardDeposit: (tx: Tx, memberId: number, amountSatang: number, now: Date) =>
      guardDeposit(d, tx, memberId, amountSatang, now),
    /** Whether a self-exclusion is in force: the member cannot log in to withdraw (§4.2). */
    selfExcluded: async (tx: Tx, memberId: number, now: Date) =>
      (await blockInForce(tx, memberId, now))?.kind === 'exclusion',
  };
}
