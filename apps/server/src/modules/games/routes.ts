import * as adminApi from '@chok/contract/api/admin-games';
import * as api from '@chok/contract/api/games';
import type { ModuleContext } from '../../platform/module.ts';
import {
  type ProviderAdapterDeps,
  type ProviderOperation,
  providerCall,
  providerEndpoints,
} from './adapter.ts';
import { editGame, editProvider, listGamesAdmin, listProviders } from './admin.ts';
import { listGames, lobby, lobbyConfig } from './catalogue.ts';
import { type Hub88Operation, hub88Paths } from './hub88-protocol.ts';
import { type Hub88WalletDeps, hub88Keys, hub88WalletCall } from './hub88-wallet.ts';
import { demoLink, gameWallets, type LaunchDeps, launchLink } from './launch.ts';

/** The member-facing games endpoints: each one contract endpoint → one use case. */
export function gamesRoutes({ app, route, db, config }: ModuleContext, deps: LaunchDeps): void {
  route(app, api.gameList, async (c) => listGames(db, c.query));
  route(app, api.gameLobby, async (c) => lobby(db, c.maybeMember?.memberId ?? null, c.query.limit));
  route(app, api.lobbyConfigs, async (c) => lobbyConfig(db, c.query.lobby_key));
  route(app, api.gameWallets, async (c) => gameWallets(deps, c.member.memberId, c.body));
  route(app, api.gameLink, async (c) => launchLink(deps, c.member, c.body));
  route(app, api.gameDemo, async (c) => demoLink(deps, c.body, config.AGENT_CODE));

  // The operator's catalogue (owner).
  route(app, adminApi.gameProvidersAdmin, async (c) => listProviders(db, c.query));
  route(app, adminApi.updateGameProvider, async (c) => editProvider(db, c.staff, c.params.id, c.body));
  route(app, adminApi.gamesAdmin, async (c) => listGamesAdmin(db, c.query));
  route(app, adminApi.updateGame, async (c) => editGame(db, c.staff, c.params.id, c.body));
}

/**
 * The provider-facing endpoints /provider/<provider>/{authenticate,debit,credit,rollback}: the raw
 * bytes reach the adapter unparsed (the signature is over them); its answer is the provider's body,
 * not the envelope.
 */
export function providerRoutes({ app }: ModuleContext, adapter: ProviderAdapterDeps): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const [operation, e] of Object.entries(providerEndpoints) as [
      ProviderOperation,
      { path: string },
    ][]) {
      scope.post(e.path, async (req, reply) => {
        const r = await providerCall(adapter, {
          operation,
          provider: (req.params as { provider: string }).provider,
          raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          signature: String(req.headers['x-signature'] ?? ''),
        });
        return reply.status(r.http).send(r.body);
      });
    }
  });
}

/**
 * Hub88's calls to the operator's Wallet API, /hub88/user/{info,balance} and
 * /hub88/transaction/{bet,win,rollback} (docs/rules/casino.md §8): the raw bytes reach the adapter
 * unparsed (the signature is over them); the answer is Hub88's signed body, never cached.
 */
export function hub88Routes({ app }: ModuleContext, deps: Hub88WalletDeps): void {
  const keys = hub88Keys(deps.connectors);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const [operation, path] of Object.entries(hub88Paths) as [Hub88Operation, string][]) {
      scope.post(`/hub88${path}`, async (req, reply) => {
        const a = await hub88WalletCall(deps, keys, {
          operation,
          raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          signature: String(req.headers['x-hub88-signature'] ?? ''),
        });
        if (a.signature) reply.header('x-hub88-signature', a.signature);
        return reply
          .status(200)
          .header('cache-control', 'no-store')
          .header('content-type', 'application/json; charset=utf-8')
          .send(a.raw);
      });
    }
  });
}
