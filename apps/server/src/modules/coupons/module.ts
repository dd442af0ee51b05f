import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import type { CouponDeps } from './deps.ts';
import { couponRoutes } from './routes.ts';

/**
 * Coupons (คูปอง), docs/rules/engagement.md §2: members redeem personal and campaign codes for free
 * credit; operators generate, list and disable them. Pays through the rewards service (G2, G5).
 */
export async function couponsModule(ctx: ModuleContext, deps: { ledger: Ledger }): Promise<void> {
  const d: CouponDeps = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  couponRoutes(ctx, d);
}
