import type { gameItem, lobbyLists } from '@chok/contract/api/games';
import { type GameCategory, gameCategories, gameCategoryLabels } from '@chok/contract/api/games';
import type { z } from 'zod';
import type { Executor } from '../../platform/db.ts';
import {
  activeGame,
  allActiveGames,
  categoryCounts,
  filteredGames,
  type GameRow,
  hasLiveDealerGame,
  lobbyConfigRow,
  playsLastWeek,
  providersWithCounts,
  recentlyPlayed,
  upsertGamePlay,
} from './catalogue-queries.ts';

type GameItem = z.input<typeof gameItem>;

const CATEGORY_LABELS = gameCategoryLabels;

function toItem(r: GameRow): GameItem {
  return {
    id: r.id,
    game_id: r.code,
    provider_id: r.provider_id,
    // An aggregator's game shows its studio (docs/rules/casino.md §8).
    provider_name: r.sub_provider_name || r.provider_name,
    sub_provider_id: r.sub_provider_id,
    name: r.name,
    image: r.image,
    categories: r.categories as GameCategory[],
    demo_allowed: r.demo_allowed,
    mobile_support: r.mobile_support,
    is_hot: r.is_hot,
    in_house: r.launch_url === null,
  };
}

export async function listGames(
  ex: Executor,
  f: { provider?: string; category?: GameCategory; q?: string; limit: number },
): Promise<GameItem[]> {
  const rows = await filteredGames(ex, f);
  return rows.map(toItem);
}

export async function findGame(ex: Executor, providerId: string, code: string) {
  const row = await activeGame(ex, providerId, code);
  return row ? { ...toItem(row), launch_url: row.launch_url } : undefined;
}

export async function lobby(
  ex: Executor,
  memberId: number | null,
  limit: number,
): Promise<z.input<typeof lobbyLists>> {
  const all = (await allActiveGames(ex)).map(toItem);
  const byId = new Map(all.map((g) => [g.id, g]));
  let last: GameItem[] = [];
  if (memberId !== null) {
    const recent = await recentlyPlayed(ex, memberId, limit);
    last = recent.flatMap((r) => byId.get(r.game_id) ?? []);
  }
  const plays = await playsLastWeek(ex);
  const popularity = new Map(plays.map((p) => [p.game_id, Number(p.plays)]));
  const hot = all
    .filter((g) => g.is_hot || popularity.has(g.id))
    .sort(
      (a, b) =>
        Number(b.is_hot) - Number(a.is_hot) || (popularity.get(b.id) ?? 0) - (popularity.get(a.id) ?? 0),
    )
    .slice(0, limit);
  const of = (c: GameCategory) => all.filter((g) => g.categories.includes(c)).slice(0, limit);
  return {
    last,
    hot,
    casino: of('casino'),
    slot: of('slot'),
    sport: of('sport'),
    fishing: of('fishing'),
    freespin: of('freespin'),
  };
}

/**
 * The casino lobby's title, from the catalogue: คาสิโนสด (live casino) only while it holds a
 * live-dealer table (`game.live_dealer`), คาสิโน otherwise — the in-house baccarat rooms are dealt by
 * the server, with no dealer on camera.
 */
async function casinoTitle(ex: Executor): Promise<string> {
  return (await hasLiveDealerGame(ex)) ? 'คาสิโนสด' : CATEGORY_LABELS.casino;
}

export async function lobbyConfig(ex: Executor, lobbyKey: string | undefined) {
  const key = lobbyKey ?? '';
  const row = await lobbyConfigRow(ex, key);
  const config = (row?.config ?? {}) as { banner?: string };
  const counts = await categoryCounts(ex);
  const countOf = new Map(counts.map((r) => [r.category, r.n]));
  const category = (gameCategories as readonly string[]).includes(key) ? (key as GameCategory) : null;
  const providers = await providersWithCounts(ex, category);
  return {
    lobby_key: key,
    title:
      category === 'casino'
        ? await casinoTitle(ex)
        : (row?.title ?? (category ? CATEGORY_LABELS[category] : 'เกมทั้งหมด')),
    banner: config.banner ?? '',
    categories: gameCategories.map((c) => ({
      key: c,
      label: CATEGORY_LABELS[c],
      game_count: countOf.get(c) ?? 0,
    })),
    providers,
  };
}

export async function recordPlay(ex: Executor, memberId: number, gameId: number, now: Date): Promise<void> {
  await upsertGamePlay(ex, memberId, gameId, now);
}
