import * as api from '@chok/contract/api/games';
import type { ModuleContext } from '../../platform/module.ts';
import type { Ledger } from '../wallet/service.ts';
import { NONCE_KEEP_MINUTES, registerProviderAdapter } from './adapter.ts';
import { listGames, lobby, lobbyConfig } from './catalogue.ts';
import { createLauncher } from './launch.ts';
import { createSeamlessWallet, type SeamlessWallet } from './seamless.ts';
import { purgeNonces } from './seamless-queries.ts';

/** Registers the games module: catalogue, launch, the seamless wallet and its adapter, in-house games. */
export async function gamesModule(
  ctx: ModuleContext,
  deps: { ledger: Ledger },
): Promise<{ seamless: SeamlessWallet }> {
  const { app, route, db, clock } = ctx;
  const { ledger } = deps;
  const wallet = createSeamlessWallet({ db, ledger, clock });
  const launcher = createLauncher({ db, ledger, clock });

  route(app, api.gameList, async (c) => listGames(db, c.query));
  route(app, api.gameLobby, async (c) => lobby(db, c.maybeMember?.memberId ?? null, c.query.limit));
  route(app, api.lobbyConfigs, async (c) => lobbyConfig(db, c.query.lobby_key));
  route(app, api.gameWallets, async (c) => launcher.wallets(c.member.memberId, c.body));
  route(app, api.gameLink, async (c) => launcher.link(c.member, c.body));
  route(app, api.gameDemo, async (c) => launcher.demo(c.body));

  registerProviderAdapter(app, { db, clock, wallet });

  await ctx.jobs.schedule('games-sweep', '* * * * *', async () => {
    await purgeNonces(db, NONCE_KEEP_MINUTES);
    await launcher.purgeDemoSessions(clock.now());
  });

  return { seamless: wallet };
}
