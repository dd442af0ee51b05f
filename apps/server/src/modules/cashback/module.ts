import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { commissionJob, payWholeDay } from './day-run.ts';
import type { PayoutKind } from './payout-queries.ts';
import { cashbackRoutes } from './routes.ts';

/**
 * Loss cashback (คืนยอดเสีย), turnover commission (คืนยอดเทิร์น) and the win/loss report
 * (docs/rules/engagement.md §3, §4, §12): the member's claims, the 01:00 commission job, the
 * operator's rates and re-runs. Figures come from the points accrual (G6), payments from the rewards
 * service's once-only claims (G2, G5); the table it owns is `cashback_payout`.
 */
export async function cashbackModule(ctx: ModuleContext, deps: { ledger: Ledger }) {
  const d = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  cashbackRoutes(ctx, d);
  // 01:00 Bangkok: yesterday's turnover commission (and any night missed); safe to run twice or on
  // two processes at once (each member-day is one reward_claim).
  await ctx.jobs.schedule('cashback.commission', '0 1 * * *', async () => {
    await commissionJob(d);
  });
  return {
    /** Runs the commission job now, on the module's clock (tests, and the job above). */
    commissionJob: () => commissionJob(d),
    /** Pays one day for every member due, as the job does (tests). */
    payWholeDay: (kind: PayoutKind, day: string) => payWholeDay(d, kind, day, { paidBy: 'job' }),
  };
}

export type Cashback = Awaited<ReturnType<typeof cashbackModule>>;
