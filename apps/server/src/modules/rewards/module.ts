import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { freeCreditSweep } from './free-credit.ts';
import type { RejectionHandler } from './holds.ts';
import { rewardRoutes } from './routes.ts';

/**
 * What every reward feature shares (docs/rules/engagement.md §0): once-only claims (G2), risk holds
 * (G5) and the operator's decisions on them, the free-credit wallet's turnover and cap
 * (docs/rules/casino.md §1.3–1.4) and per-feature settings. Features pay through service.ts.
 */
export async function rewardsModule(ctx: ModuleContext, deps: { ledger: Ledger }) {
  const rejections = new Map<string, RejectionHandler>();
  const d = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger, rejections };
  rewardRoutes(ctx, d);
  // Free credit whose requirement was met (or that fell under 1 baht) moves within a minute.
  await ctx.jobs.schedule('rewards.free-credit', '* * * * *', () =>
    freeCreditSweep(d.db, d, ctx.clock.now()),
  );
  return {
    /** Runs the free-credit sweep now (tests and the job above). */
    sweep: () => freeCreditSweep(d.db, d, ctx.clock.now()),
    /** A feature whose held reward cost the member something gives it back on rejection (holds.ts). */
    onRejected: (feature: string, handler: RejectionHandler) => {
      rejections.set(feature, handler);
    },
  };
}
