import type { ModuleContext } from '../../platform/module.ts';
import type { RejectionHooks } from '../rewards/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { pruneQuotes } from './quote-queries.ts';
import { returnVoucherPoints } from './rejection.ts';
import { shopRoutes } from './routes.ts';

const DAY_MS = 86_400_000;

/**
 * The point shop (แลกของรางวัล), docs/rules/engagement.md §8: items for points (`shop_item`), quotes
 * valid once for 60 s, orders (vouchers credited through the rewards module, goods shipped by the
 * operator) and each member's monthly count per item. Points move through the points service.
 */
export async function shopModule(ctx: ModuleContext, deps: { ledger: Ledger; rewards: RejectionHooks }) {
  const d = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  shopRoutes(ctx, d);
  deps.rewards.onRejected('shop', returnVoucherPoints);
  // Quotes nobody redeemed are kept a day (for support questions), then dropped.
  await ctx.jobs.schedule('shop.prune-quotes', '17 * * * *', async () => {
    await pruneQuotes(d.db, new Date(ctx.clock.now().getTime() - DAY_MS));
  });
  return {};
}
