import type { ModuleContext } from '../../platform/module.ts';
import type { Connectors } from '../connectors/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { NONCE_KEEP_MINUTES } from './adapter.ts';
import { hub88Configured, syncHub88Catalogue } from './hub88-games.ts';
import { HUB88_CONNECTOR, HUB88_SECRETS } from './hub88-protocol.ts';
import { purgeDemoSessions } from './launch.ts';
import { gamesRoutes, hub88Routes, providerRoutes } from './routes.ts';
import { createSeamlessWallet, type SeamlessWallet } from './seamless.ts';
import { purgeNonces } from './seamless-queries.ts';

/** Games (docs/rules/casino.md §3–§4, §6): catalogue, launch, the seamless wallet, its provider adapters. */
export async function gamesModule(
  ctx: ModuleContext,
  deps: { ledger: Ledger; connectors: Connectors },
): Promise<{ seamless: SeamlessWallet }> {
  const { db, clock } = ctx;
  const { ledger, connectors } = deps;
  const wallet = createSeamlessWallet({ db, ledger, clock });
  const hub88Games = { db, clock, connectors };

  gamesRoutes(ctx, { db, ledger, clock, hub88: { games: hub88Games, wallet } });
  providerRoutes(ctx, { db, clock, wallet, secrets: new Map() });
  hub88Routes(ctx, { db, clock, wallet, connectors });

  connectors.register({
    code: HUB88_CONNECTOR,
    label: 'Hub88 (ผู้ให้บริการเกมคาสิโนและสล็อต)',
    kind: 'games',
    secrets: HUB88_SECRETS,
    configured: () => hub88Configured(connectors),
    // The console's test: the game list read now, and the catalogue synced with it.
    testSend: async () => `อ่านรายการเกมจาก Hub88 ได้ ${await syncHub88Catalogue(hub88Games)} เกม`,
  });

  await ctx.jobs.schedule('games-sweep', '* * * * *', async () => {
    await purgeNonces(db, NONCE_KEEP_MINUTES);
    await purgeDemoSessions({ db }, clock.now());
  });
  // The catalogue fills itself from Hub88's list (§6): hourly, and once at start when configured.
  const sync = async () => {
    if (await hub88Configured(connectors)) await syncHub88Catalogue(hub88Games);
  };
  await ctx.jobs.schedule('hub88-catalogue', '7 * * * *', sync);
  await ctx.jobs.work('hub88-catalogue-now', sync);
  await ctx.jobs.send('hub88-catalogue-now', {}, { singletonKey: 'hub88-catalogue-now' });

  return { seamless: wallet };
}
