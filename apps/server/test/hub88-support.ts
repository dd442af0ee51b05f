import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createMemberSession } from '../src/modules/auth/sessions.ts';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { syncHub88Catalogue } from '../src/modules/games/hub88-games.ts';
import type { SeamlessWallet } from '../src/modules/games/seamless.ts';
import { systemClock } from '../src/platform/clock.ts';
import { type Hub88StandIn, hub88Env, startHub88StandIn } from '../src/standins/hub88.ts';
import { launchToken } from './games-support.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/** A test app wired to Hub88's stand-in over real HTTP both ways (docs/rules/casino.md §8). */
export async function hub88App(): Promise<{ t: TestApp; hub: Hub88StandIn; sync: () => Promise<number> }> {
  const hub = await startHub88StandIn();
  const env = hub88Env(hub);
  const t = await createTestApp({ seed: false, env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  hub.walletUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/hub88`;
  const connectors = createConnectors({ db: t.db, clock: systemClock, env, key: null, previousKey: null });
  const sync = () => syncHub88Catalogue({ db: t.db, clock: systemClock, connectors });
  const close = t.close;
  t.close = async () => {
    await close();
    await hub.close();
  };
  return { t, hub, sync };
}

/** A member bearer token (a member session as /api/login makes). */
export async function bearerOf(t: TestApp, memberId: number): Promise<string> {
  const s = await createMemberSession(
    t.db,
    systemClock,
    { idleMinutes: 12 * 60, absoluteHours: 7 * 24 },
    { memberId, ip: null, userAgent: null },
  );
  return s.token;
}

/**
 * Opens a Hub88 game the way the member site does (/api/game/link with a chosen wallet): Chok asks the
 * stand-in for the game URL; answers the URL, the stand-in's session id and the user and token Hub88
 * was given.
 */
export async function openHub88Game(
  t: TestApp,
  hub: Hub88StandIn,
  memberId: number,
  wallet: number,
  game: string,
) {
  const bearer = await bearerOf(t, memberId);
  const w = await call<{ id: number; wallet_type_id: number }[]>(t.app, 'POST', '/api/game/wallets', {
    token: bearer,
    body: { game_id: game, provider_id: 'hub88' },
  });
  const chosen = w.body.data.find((x) => x.wallet_type_id === wallet);
  if (!chosen) throw new Error(`wallet ${wallet} may not play ${game}: ${JSON.stringify(w.body)}`);
  const r = await call<{ link: string }>(t.app, 'POST', '/api/game/link', {
    token: bearer,
    body: { game_id: game, provider_id: 'hub88', wallet_id: chosen.id, is_mobile: false },
  });
  if (r.body.error !== 0) throw new Error(`link refused: ${JSON.stringify(r.body)}`);
  const link = r.body.data.link;
  const sessionId = new URL(link).searchParams.get('s')!;
  const s = hub.session(sessionId)!;
  return { link, sessionId, user: s.user!, token: s.token! };
}

/** Hub88's body of a transaction call (fields per the Wallet API reference). */
export function txBody(
  p: { user: string; token: string; game: string },
  o: { tx?: string; amount?: number; round?: string; ref?: string; currency?: string } = {},
) {
  return {
    user: p.user,
    token: p.token,
    request_uuid: randomUUID(),
    transaction_uuid: o.tx ?? randomUUID(),
    round: o.round ?? 'round-1',
    round_closed: false,
    game_code: p.game,
    currency: o.currency ?? 'THB',
    is_free: false,
    ...(o.amount !== undefined ? { amount: o.amount } : {}),
    ...(o.ref !== undefined ? { reference_transaction_uuid: o.ref } : {}),
  };
}

/** A launch token for a Hub88 game exchanged for its game session, as the launcher does before /game/url. */
export async function hub88Token(
  t: TestApp,
  wallet: SeamlessWallet,
  memberId: number,
  walletTypeId: number,
  game: string,
) {
  const token = await launchToken(t, memberId, walletTypeId, game, new Date(), 'hub88');
  const a = await wallet.authenticate(token, { provider: 'hub88', sessionToken: token });
  return { status: a.status, user: `chok${memberId}`, token };
}
