import type { gameItem, lobbyLists } from '@chok/contract/api/games';
import { type GameCategory, gameCategories, gameCategoryLabels } from '@chok/contract/api/games';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../platform/db.ts';

type GameItem = z.input<typeof gameItem>;

const CATEGORY_LABELS = gameCategoryLabels;

function games(ex: Executor) {
  return ex
    .selectFrom('game as g')
    .innerJoin('game_provider as p', 'p.id', 'g.provider_id')
    .select([
      'g.id',
      'g.code',
      'g.provider_id',
      'p.name as provider_name',
      'g.sub_provider_id',
      'g.name',
      'g.image',
      'g.categories',
      'g.demo_allowed',
      'g.mobile_support',
      'g.is_hot',
      'p.launch_url',
    ])
    .where('g.is_active', '=', true)
    .where('p.is_active', '=', true);
}

type GameRow = Awaited<ReturnType<ReturnType<typeof games>['execute']>>[number];

function toItem(r: GameRow): GameItem {
  return {
    id: r.id,
    game_id: r.code,
    provider_id: r.provider_id,
    provider_name: r.provider_name,
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
  let query = games(ex);
  if (f.provider) query = query.where('g.provider_id', '=', f.provider);
  if (f.category) query = query.where(sql<boolean>`${f.category} = ANY (g.categories)`);
  if (f.q) query = query.where('g.name', 'ilike', `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await query.orderBy('g.sort_order').orderBy('g.id').limit(f.limit).execute();
  return rows.map(toItem);
}

export async function findGame(ex: Executor, providerId: string, code: string) {
  const row = await games(ex)
    .where('g.provider_id', '=', providerId)
    .where('g.code', '=', code)
    .executeTakeFirst();
  return row ? { ...toItem(row), launch_url: row.launch_url } : undefined;
}

export async function lobby(
  ex: Executor,
  memberId: number | null,
  limit: number,
): Promise<z.input<typeof lobbyLists>> {
  const all = (await games(ex).orderBy('g.sort_order').orderBy('g.id').execute()).map(toItem);
  const byId = new Map(all.map((g) => [g.id, g]));
  let last: GameItem[] = [];
  if (memberId !== null) {
    const recent = await ex
      .selectFrom('game_play')
      .select('game_id')
      .where('member_id', '=', memberId)
      .orderBy('last_played_at', 'desc')
      .limit(limit)
      .execute();
    last = recent.flatMap((r) => byId.get(r.game_id) ?? []);
  }
  const plays = await ex
    .selectFrom('game_play')
    .select(['game_id', (eb) => eb.fn.sum<number>('plays').as('plays')])
    .where('last_played_at', '>', sql<Date>`now() - interval '7 days'`)
    .groupBy('game_id')
    .execute();
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

export async function lobbyConfig(ex: Executor, lobbyKey: string | undefined) {
  const key = lobbyKey ?? '';
  const row = await ex.selectFrom('lobby_config').selectAll().where('lobby_key', '=', key).executeTakeFirst();
  const config = (row?.config ?? {}) as { banner?: string };
  const counts = await sql<{ category: string; n: number }>`
    SELECT c AS category, count(*)::int AS n
    FROM game g JOIN game_provider p ON p.id = g.provider_id, unnest(g.categories) c
    WHERE g.is_active AND p.is_active GROUP BY c`.execute(ex);
  const countOf = new Map(counts.rows.map((r) => [r.category, r.n]));
  const category = (gameCategories as readonly string[]).includes(key) ? (key as GameCategory) : null;
  const providers = await sql<{ id: string; name: string; logo: string; game_count: number }>`
    SELECT p.id, p.name, p.logo, count(g.id)::int AS game_count
    FROM game_provider p JOIN game g ON g.provider_id = p.id AND g.is_active
    WHERE p.is_active AND (${category}::text IS NULL OR ${category}::text = ANY (g.categories))
    GROUP BY p.id ORDER BY min(p.sort_order), p.id`.execute(ex);
  return {
    lobby_key: key,
    title: row?.title ?? (category ? CATEGORY_LABELS[category] : 'เกมทั้งหมด'),
    banner: config.banner ?? '',
    categories: gameCategories.map((c) => ({
      key: c,
      label: CATEGORY_LABELS[c],
      game_count: countOf.get(c) ?? 0,
    })),
    providers: providers.rows,
  };
}

export async function recordPlay(ex: Executor, memberId: number, gameId: number, now: Date): Promise<void> {
  await ex
    .insertInto('game_play')
    .values({ member_id: memberId, game_id: gameId, last_played_at: now })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'game_id'])
        .doUpdateSet({ plays: sql`game_play.plays + 1`, last_played_at: now }),
    )
    .execute();
}
