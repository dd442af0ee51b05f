import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { creditUnclaimed } from './credit.ts';
import { wheelRoutes } from './routes.ts';

/**
 * Prize wheel v2 (กงล้อ), docs/rules/engagement.md §9: versioned prize tables (`wheel_version`,
 * `wheel_prize`), spins (`wheel_spin`), the member's claim and the automatic credit after 24 h, the
 * board, and the operator's versions. Prizes are paid through the rewards service (G2, G5).
 */
export async function wheelModule(ctx: ModuleContext, deps: { ledger: Ledger }) {
  const d = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  wheelRoutes(ctx, d);
  // Prizes left unclaimed for 24 h are credited within 5 minutes; a missed run only delays them.
  await ctx.jobs.schedule('wheel.auto-credit', '*/5 * * * *', async () => {
    await creditUnclaimed(d);
  });
  return {
    /** Runs the automatic credit now (tests, and the job above). */
    creditUnclaimed: () => creditUnclaimed(d),
  };
}

export type WheelModule = Awaited<ReturnType<typeof wheelModule>>;
