import { inTransaction } from '../../platform/db.ts';
import { expireDeposits, inquireOpenGatewayRequests } from './deposits.ts';
import type { PaymentsDeps } from './deps.ts';
import { settlePromotion } from './promotions.ts';
import { activePromotionMembers } from './sweep-queries.ts';

/** Members read a page at a time by the sweep (every page is read). */
const SWEEP_PAGE = 1_000;

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
export async function settleDuePromotions(
  deps: PaymentsDeps,
  now: Date,
  pageSize = SWEEP_PAGE,
): Promise<number> {
  let closed = 0;
  for (let after = 0; ; ) {
    const page = await activePromotionMembers(deps.db, after, pageSize);
    for (const p of page) {
      const still = await inTransaction(deps.db, (tx) => settlePromotion(tx, deps.ledger, p.member_id, now));
      if (still === null) closed += 1;
      after = p.member_id;
    }
    if (page.length < pageSize) return closed;
  }
}
