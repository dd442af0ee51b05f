import { inTransaction } from '../../platform/db.ts';
import { expireDeposits, inquireOpenGatewayRequests } from './deposits.ts';
import type { PaymentsDeps } from './deps.ts';
import { settlePromotion } from './promotions.ts';
import { activePromotionMembers } from './sweep-queries.ts';

/**
 * The minute sweep, safe to run again: open deposits past their expiry close (and late-match
 * reservations end), open gateway requests are asked about, running promotions settle.
 */
export async function paymentsSweep(deps: PaymentsDeps, now: Date): Promise<void> {
  await expireDeposits(deps, now);
  await inquireOpenGatewayRequests(deps, now);
  await settleDuePromotions(deps, now);
}

/**
 * Every running promotion is brought up to date (docs/rules/engagement.md §1.4–1.5): turnover met →
 * the bonus wallet moves to main; past its end → min(bonus, deposit) back to main, the rest
 * forfeited; under 1 baht → lost. Returns how many closed.
 */
export async function settleDuePromotions(deps: PaymentsDeps, now: Date): Promise<number> {
  let closed = 0;
  for (const p of await activePromotionMembers(deps.db, 1_000)) {
    const still = await inTransaction(deps.db, (tx) => settlePromotion(tx, deps.ledger, p.member_id, now));
    if (still === null) closed += 1;
  }
  return closed;
}
