import type { ModuleContext } from '../../platform/module.ts';
import type { RejectionHooks } from '../rewards/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { type AffiliateDeps, computeDay, computeDueDays } from './commission.ts';
import { returnRejectedRedemption } from './rejection.ts';
import { affiliateRoutes } from './routes.ts';

/**
 * The affiliate programme (แนะนำเพื่อน), docs/rules/engagement.md §11: the member's link, network,
 * commission history and affiliate balance (`affiliate_*`), the 01:30 commission job on the
 * downline's net loss, redemption to main, and the operator's rates and re-runs.
 */
export async function affiliateModule(ctx: ModuleContext, deps: { ledger: Ledger; rewards: RejectionHooks }) {
  const d: AffiliateDeps = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  affiliateRoutes(ctx, d);
  deps.rewards.onRejected('affiliate', returnRejectedRedemption);
  // Yesterday's commission (and any day a stopped server missed); exactly once per referrer and day.
  await ctx.jobs.schedule('affiliate.commission', '30 1 * * *', async () => {
    await computeDueDays(d);
  });
  return {
    /** The job's work, now (tests, and the job above). */
    computeDueDays: () => computeDueDays(d),
    computeDay: (day: string) => computeDay(d, day, null),
  };
}

export type Affiliate = Awaited<ReturnType<typeof affiliateModule>>;
