import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { payAllWinners } from './result.ts';
import { pollsRoutes } from './routes.ts';

/**
 * Polls and events (โพล), docs/rules/engagement.md §10: polls and their choices (`poll`,
 * `poll_choice`), each member's quota, choice and payment (`poll_member`), every vote (`poll_vote`);
 * the member's votes, the stats and the masked winners, and the operator's polls. Winners are paid
 * free credit through the rewards service (G2, G5).
 */
export async function pollsModule(ctx: ModuleContext, deps: { ledger: Ledger }) {
  const d = { db: ctx.db, clock: ctx.clock, ledger: deps.ledger };
  pollsRoutes(ctx, d);
  // A result whose payment run was cut short (a restart) is finished within 5 minutes.
  await ctx.jobs.schedule('polls.pay-winners', '*/5 * * * *', async () => {
    await payAllWinners(d);
  });
  return {
    /** Runs the payment of unpaid winners now (tests, and the job above). */
    payAllWinners: () => payAllWinners(d),
  };
}

export type PollsModule = Awaited<ReturnType<typeof pollsModule>>;
