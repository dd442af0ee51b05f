import type { GameCategory } from '@chok/contract/api/games';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Active games of active providers, with the provider's name and launch URL. */
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
      'g.sub_provider_name',
      'g.name',
      'g.image',
      'g.categories',
      'g.demo_allowed',
      'g.mobile_support',
      'g.is_hot',
      'p.launch_url',
    ])
    .where('g.is_active', '=', true)
    .where('g.supplier_enabled', '=', true)
    .where('p.is_active', '=', true);
}

export type GameRow = Awaited<ReturnType<ReturnType<typeof games>['execute']>>[number];

/** Active games filtered by provider, category and name (a substring, LIKE characters escaped). */
export function filteredGames(
  ex: Executor,
  f: { provider?: string; category?: GameCategory; q?: string; limit: number },
) {
  let query = games(ex);
  if (f.provider) {
    // `<provider>:<studio>` names one studio of an aggregator (providersWithCounts).
    const [provider, studio] = f.provider.split(':', 2);
    query = query.where('g.provider_id', '=', provider!);
    if (studio !== undefined) query = query.where('g.sub_provider_id', '=', studio);
  }
  if (f.category) query = query.where(sql<boolean>`${f.category} = ANY (g.categories)`);
  if (f.q) query = query.where('g.name', 'ilike', `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return query.orderBy('g.sort_order').orderBy('g.id').limit(f.limit).execute();
}

export function activeGame(ex: Executor, providerId: string, code: string) {
  return games(ex).where('g.provider_id', '=', providerId).where('g.code', '=', code).executeTakeFirst();
}

export function allActiveGames(ex: Executor) {
  return games(ex).orderBy('g.sort_order').orderBy('g.id').execute();
}

/** The games the member played last, newest first. */
export function recentlyPlayed(ex: Executor, memberId: number, limit: number) {
  return ex
    .selectFrom('game_play')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('last_played_at', 'desc')
    .limit(limit)
    .execute();
}

/** Plays per game over the last 7 days. */
export function playsLastWeek(ex: Executor) {
  return ex
    .selectFrom('game_play')
    .select(['game_id', (eb) => eb.fn.sum<number>('plays').as('plays')])
    .where('last_played_at', '>', sql<Date>`now() - interval '7 days'`)
    .groupBy('game_id')
    .execute();
}

export function lobbyConfigRow(ex: Executor, lobbyKey: string) {
  return ex.selectFrom('lobby_config').selectAll().where('lobby_key', '=', lobbyKey).executeTakeFirst();
}

/** Whether an active game of an active provider in the casino category is a live-dealer table. */
export async function hasLiveDealerGame(ex: Executor): Promise<boolean> {
  const { rows } = await sql<{ live: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM game g JOIN game_provider p ON p.id = g.provider_id
      WHERE g.is_active AND g.supplier_enabled AND p.is_active AND g.live_dealer AND 'casino' = ANY (g.categories)
    ) AS live`.execute(ex);
  return rows[0]?.live ?? false;
}

/** Active games per category. */
export async function categoryCounts(ex: Executor) {
  const counts = await sql<{ category: string; n: number }>`
    SELECT c AS category, count(*)::int AS n
    FROM game g JOIN game_provider p ON p.id = g.provider_id, unnest(g.categories) c
    WHERE g.is_active AND g.supplier_enabled AND p.is_active GROUP BY c`.execute(ex);
  return counts.rows;
}

/** Active providers with their active games' count (of one category when given). */
export async function providersWithCounts(ex: Executor, category: GameCategory | null) {
  // An aggregator's games name their studio (sub_provider_id): each studio is listed as a provider of
  // its own, `<provider>:<studio>` (docs/rules/casino.md §8); other providers are listed whole.
  const providers = await sql<{ id: string; name: string; logo: string; game_count: number }>`
    SELECT CASE WHEN g.sub_provider_id = '' THEN p.id ELSE p.id || ':' || g.sub_provider_id END AS id,
      CASE WHEN g.sub_provider_id = '' THEN p.name
        ELSE coalesce(nullif(max(g.sub_provider_name), ''), g.sub_provider_id) END AS name,
      p.logo, count(g.id)::int AS game_count
    FROM game_provider p JOIN game g ON g.provider_id = p.id AND g.is_active AND g.supplier_enabled
    WHERE p.is_active AND (${category}::text IS NULL OR ${category}::text = ANY (g.categories))
    GROUP BY p.id, g.sub_provider_id ORDER BY min(p.sort_order), 1`.execute(ex);
  return providers.rows;
}

/** Counts a play of the game by the member. */
export async function upsertGamePlay(
  ex: Executor,
  memberId: number,
  gameId: number,
  now: Date,
): Promise<void> {
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
