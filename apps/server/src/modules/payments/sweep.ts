import { inTransaction } from '../../platform/db.ts';
import { expireDeposits, inquireOpenGatewayRequests } from './deposits.ts';
import type { PaymentsDeps } from './deps.ts';
import { settlePromotion } from './promotions.ts';
import { duePromotionMembers } from './sweep-queries.ts';

/**
 * The minute sweep, safe to run again: open deposits past their expiry close (and late-match
 * reservations end), open gateway requests are asked about, promotions past their end settle.
 */
export async function paymentsSweep(deps: PaymentsDeps, now: Date): Promise<void> {
  await expireDeposits(deps, now);
  await inquireOpenGatewayRequests(deps, now);
  await settleDuePromotions(deps, now);
}

/** Active promotions past their end are closed (min(bonus, deposit) back to main, the rest forfeited). */
export async function settleDuePromotions(deps: PaymentsDeps, now: Date): Promise<number> {
  const due = await duePromotionMembers(deps.db, now);
  for (const p of due)
    await inTransaction(deps.db, (tx) => settlePromotion(tx, deps.ledger, p.member_id, now));
  return due.length;
}
