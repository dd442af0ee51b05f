import type { ModuleContext } from '../../platform/module.ts';
import { accrue } from './accrual.ts';
import { pointRoutes } from './routes.ts';

/**
 * Points (แต้ม), docs/rules/engagement.md §7: the points ledger (`point_*`), the accrual from settled
 * play, the member's balance and statement. Other modules earn and spend points through service.ts.
 */
export async function pointsModule(ctx: ModuleContext) {
  const d = { db: ctx.db, clock: ctx.clock };
  pointRoutes(ctx, d);
  // The job only triggers the accrual, which reads from its cursor: a missed run only delays points.
  await ctx.jobs.schedule('points.accrue', '* * * * *', async () => {
    await accrue(d);
  });
  return {
    /** Runs the accrual now (tests, and the jobs above). */
    accrue: (o: { memberId?: number } = {}) => accrue(d, o),
  };
}

export type Points = Awaited<ReturnType<typeof pointsModule>>;
