import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Connectors } from '../connectors/service.ts';
import {
  HUB88_CONNECTOR,
  HUB88_COUNTRY,
  HUB88_CURRENCY,
  type Hub88Game,
  hub88Game,
  hub88UserOf,
  privateKeyOf,
  signHub88,
} from './hub88-protocol.ts';
import {
  ensureHub88Provider,
  type SyncedGame,
  upsertSyncedGames,
  withdrawUnlisted,
} from './hub88-queries.ts';

/**
 * Chok's calls to Hub88's Games API (docs/rules/casino.md §8), from
 * https://docs.hub88.io/developer-docs/operator-api-reference/games-api : the game list
 * (`POST /operator/generic/v2/game/list`, body `{operator_id}`; the answer is a bare JSON array of
 * games) that fills the catalogue, and the game URL (`POST /operator/generic/v2/game/url`, answer
 * `{url}`; `platform` GPL_DESKTOP/GPL_MOBILE and `operator_id` required, `user` ≥ 3 characters,
 * `token` 10–255, `lobby_url` ≤ 255; demo play is the same call with currency "XXX" and no user or
 * token, per the page's DEMO hint). Each body is signed with the operator's private key
 * (X-Hub88-Signature). Optional filters of the list (`product_code`, `latest`) are not used: see
 * https://docs.hub88.io/api-changelog/june-2025/new-filtering-option-and-supplier-identifier-in-operator-game-list-api
 */
export interface Hub88GamesDeps {
  db: Db;
  clock: Clock;
  connectors: Pick<Connectors, 'secret' | 'fetch'>;
}

/** Whether every credential the Games API needs is set. */
export async function hub88Configured(c: Pick<Connectors, 'secret'>): Promise<boolean> {
  for (const n of ['api_url', 'operator_id', 'public_key', 'private_key']) {
    if (!(await c.secret(HUB88_CONNECTOR, n))) return false;
  }
  return true;
}

/** A signed call to Hub88; a refusal or no answer throws GAME_AGGREGATOR_UNAVAILABLE (Thai for the member). */
async function call(d: Hub88GamesDeps, operation: string, path: string, body: Record<string, unknown>) {
  const [url, operatorId, key] = await Promise.all([
    d.connectors.secret(HUB88_CONNECTOR, 'api_url'),
    d.connectors.secret(HUB88_CONNECTOR, 'operator_id'),
    d.connectors.secret(HUB88_CONNECTOR, 'private_key'),
  ]);
  if (!url || !operatorId || !key) throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  const raw = JSON.stringify({ ...body, operator_id: Number(operatorId) });
  let res: Response;
  try {
    res = await d.connectors.fetch(HUB88_CONNECTOR, operation, `${url.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': signHub88(privateKeyOf(key), raw) },
      body: raw,
      timeoutMs: 8000,
    });
  } catch {
    throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  }
  if (!res.ok) throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  return (await res.json()) as unknown;
}

/** Hub88's category text → the lobby's categories, and whether it is a live-dealer table. */
export function categoriesOf(category: string | null | undefined): { categories: string[]; live: boolean } {
  const c = (category ?? '').toLowerCase();
  if (c.includes('live')) return { categories: ['casino'], live: true };
  if (/table|roulette|baccarat|blackjack|poker|card/.test(c)) return { categories: ['casino'], live: false };
  if (c.includes('sport')) return { categories: ['sport'], live: false };
  if (c.includes('fish')) return { categories: ['fishing'], live: false };
  return { categories: ['slot'], live: false };
}

/**
 * A studio's id in the lobby's provider filter (`hub88:<id>`): its name in lower-case Latin letters and
 * digits, or, for a name with none (a Thai name), the first 12 hex digits of its SHA-256.
 */
export function studioId(product: string): string {
  const latin = product
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32);
  if (latin !== '' || product.trim() === '') return latin;
  return `s${createHash('sha256').update(product.trim()).digest('hex').slice(0, 12)}`;
}

function toSynced(g: Hub88Game): SyncedGame {
  const { categories, live } = categoriesOf(g.category);
  const blocked = (g.blocked_countries ?? []).map((c) => c.toUpperCase()).slice(0, 300);
  return {
    code: g.game_code,
    name: g.name,
    image: g.url_thumb ?? '',
    categories,
    live_dealer: live,
    demo_allowed: g.demo_game_support === true,
    mobile_support: (g.platforms ?? []).includes('GPL_MOBILE'),
    sub_provider_id: studioId(g.product ?? ''),
    sub_provider_name: (g.product ?? '').trim().slice(0, 100),
    supplier_enabled: g.enabled !== false && !blocked.includes(HUB88_COUNTRY),
    blocked_countries: blocked,
  };
}

/**
 * Syncs Hub88's game list into the catalogue (the `hub88-catalogue` job): games are added or their
 * supplier facts refreshed, the owner's controls kept; a game the list no longer names is withdrawn.
 * Entries that do not parse are skipped, never fatal. Returns how many games the list held.
 */
export async function syncHub88Catalogue(d: Hub88GamesDeps): Promise<number> {
  const list = await call(d, 'game_list', '/operator/generic/v2/game/list', {});
  if (!Array.isArray(list)) throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  const games = new Map<string, SyncedGame>();
  for (const item of list) {
    const p = hub88Game.safeParse(item);
    if (p.success) games.set(p.data.game_code, toSynced(p.data));
  }
  const now = d.clock.now();
  await inTransaction(d.db, async (tx) => {
    await ensureHub88Provider(tx);
    const all = [...games.values()];
    for (let i = 0; i < all.length; i += 500) await upsertSyncedGames(tx, all.slice(i, i + 500), now);
    await withdrawUnlisted(tx, now);
  });
  return games.size;
}

/** The game URL for real play with a session token bound to member and wallet, or for demo play. */
export async function hub88GameUrl(
  d: Hub88GamesDeps,
  g: { gameCode: string; mobile: boolean } & (
    | { demo: true }
    | { demo: false; memberId: number; token: string }
  ),
): Promise<string> {
  // Where the game's home button leads (optional setting HUB88_LOBBY_URL: the site's address). The
  // Games API reference caps lobby_url at 255 characters, so a longer setting is left out rather than
  // have Hub88 refuse every launch.
  const lobbySetting = await d.connectors.secret(HUB88_CONNECTOR, 'lobby_url');
  const lobbyUrl = lobbySetting && lobbySetting.length <= 255 ? lobbySetting : null;
  const body = {
    ...(g.demo
      ? { currency: 'XXX' }
      : { user: hub88UserOf(g.memberId), token: g.token, currency: HUB88_CURRENCY }),
    game_code: g.gameCode,
    platform: g.mobile ? 'GPL_MOBILE' : 'GPL_DESKTOP',
    lang: 'th',
    country: HUB88_COUNTRY,
    ...(lobbyUrl ? { lobby_url: lobbyUrl } : {}),
  };
  const a = (await call(d, g.demo ? 'game_demo' : 'game_url', '/operator/generic/v2/game/url', body)) as {
    url?: unknown;
  };
  if (typeof a?.url !== 'string' || !/^https?:\/\//.test(a.url))
    throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  return a.url;
}
