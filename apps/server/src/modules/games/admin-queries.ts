import type { GameCategory } from '@chok/contract/api/games';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

const providerTable = (ex: Executor) => ex.selectFrom('game_provider as p');

/** A provider's columns as the console shows it, with how many of its games there are and are active. */
function withProviderColumns(q: ReturnType<typeof providerTable>) {
  return q.select((eb) => [
    'p.id',
    'p.name',
    'p.logo',
    'p.launch_url',
    'p.is_active',
    'p.sort_order',
    eb
      .selectFrom('game as g')
      .whereRef('g.provider_id', '=', 'p.id')
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('games'),
    eb
      .selectFrom('game as g')
      .whereRef('g.provider_id', '=', 'p.id')
      .where('g.is_active', '=', true)
      .select((e) => e.fn.countAll<string>().as('n'))
      .as('active_games'),
  ]);
}

function providers(ex: Executor) {
  return withProviderColumns(providerTable(ex));
}
export type ProviderRow = Awaited<ReturnType<ReturnType<typeof providers>['execute']>>[number];

export async function providerPage(ex: Executor, p: { limit: number; offset: number }) {
  return pageOf(providerTable(ex), (q) => withProviderColumns(q).orderBy('p.sort_order').orderBy('p.id'), p);
}

export function providerById(ex: Executor, id: string) {
  return providers(ex).where('p.id', '=', id).executeTakeFirst();
}

export function lockProvider(ex: Executor, id: string) {
  return ex
    .selectFrom('game_provider')
    .select(['id', 'is_active', 'sort_order'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateProvider(
  ex: Executor,
  id: string,
  set: { is_active?: boolean; sort_order?: number },
): Promise<void> {
  await ex.updateTable('game_provider').set(set).where('id', '=', id).execute();
}

/** Games with their provider, before any columns are picked (the page's filters apply here). */
function gamesOfProviders(ex: Executor) {
  return ex.selectFrom('game as g').innerJoin('game_provider as p', 'p.id', 'g.provider_id');
}

const GAME_COLUMNS = [
  'g.id',
  'g.provider_id',
  'p.name as provider_name',
  'g.code',
  'g.name',
  'g.image',
  'g.categories',
  'g.is_active',
  'g.is_hot',
  'g.sort_order',
  'g.demo_allowed',
] as const;

function games(ex: Executor) {
  return gamesOfProviders(ex).select(GAME_COLUMNS);
}
export type AdminGameRow = Awaited<ReturnType<ReturnType<typeof games>['execute']>>[number];

export interface GameFilter {
  provider?: string | undefined;
  category?: GameCategory | undefined;
  q?: string | undefined;
  active?: boolean | undefined;
  hot?: boolean | undefined;
}

export async function gamePage(ex: Executor, f: GameFilter, p: { limit: number; offset: number }) {
  let q = gamesOfProviders(ex);
  if (f.provider) q = q.where('g.provider_id', '=', f.provider);
  if (f.category) q = q.where(sql<boolean>`${f.category} = ANY (g.categories)`);
  if (f.q) {
    const name = `%${f.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) => eb.or([eb('g.name', 'ilike', name), eb('g.code', 'ilike', name)]));
  }
  if (f.active !== undefined) q = q.where('g.is_active', '=', f.active);
  if (f.hot !== undefined) q = q.where('g.is_hot', '=', f.hot);
  return pageOf(q, (q) => q.select(GAME_COLUMNS).orderBy('g.sort_order').orderBy('g.id'), p);
}

export function gameById(ex: Executor, id: number) {
  return games(ex).where('g.id', '=', id).executeTakeFirst();
}

export function lockGame(ex: Executor, id: number) {
  return ex
    .selectFrom('game')
    .select(['id', 'is_active', 'is_hot', 'sort_order'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateGame(
  ex: Executor,
  id: number,
  set: { is_active?: boolean; is_hot?: boolean; sort_order?: number },
): Promise<void> {
  await ex.updateTable('game').set(set).where('id', '=', id).execute();
}

/** Game names by id (the in-house rounds list of the originals module). */
export async function gameNames(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex.selectFrom('game').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
