import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { NONCE_KEEP_MINUTES } from './adapter.ts';
import { purgeDemoSessions } from './launch.ts';
import { gamesRoutes, providerRoutes } from './routes.ts';
import { createSeamlessWallet, type SeamlessWallet } from './seamless.ts';
import { purgeNonces } from './seamless-queries.ts';

/** Games (docs/rules/casino.md §3–§4): catalogue, launch, the seamless wallet and its provider adapter. */
export async function gamesModule(
  ctx: ModuleContext,
  deps: { ledger: Ledger },
): Promise<{ seamless: SeamlessWallet }> {
  const { db, clock } = ctx;
  const { ledger } = deps;
  const wallet = createSeamlessWallet({ db, ledger, clock });

  gamesRoutes(ctx, { db, ledger, clock });
  providerRoutes(ctx, { db, clock, wallet, secrets: new Map() });

  await ctx.jobs.schedule('games-sweep', '* * * * *', async () => {
    await purgeNonces(db, NONCE_KEEP_MINUTES);
    await purgeDemoSessions({ db }, clock.now());
  });

  return { seamless: wallet };
}
