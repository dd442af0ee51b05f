/**
 * The catalogue for the operator (docs/decisions/0060-console-staff-audit-games.md): providers and games
 * switched on or off, their display order and the "hot" flag. Every change is audited in its
 * transaction. The member lists read the tables on each request (a server-rendered page reuses a read
 * for at most 5 s).
 */
import type { GameCategory } from '@chok/contract/api/games';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { StaffPrincipal } from '../../platform/http.ts';
import * as q from './admin-queries.ts';
import { IN_HOUSE_PROVIDER } from './seed.ts';

const providerView = (r: q.ProviderRow) => ({
  id: r.id,
  name: r.name,
  logo: r.logo,
  in_house: r.id === IN_HOUSE_PROVIDER,
  is_active: r.is_active,
  sort_order: r.sort_order,
  games: Number(r.games ?? 0),
  active_games: Number(r.active_games ?? 0),
});

const gameView = (r: q.AdminGameRow) => ({ ...r });

const paging = (f: { page: number; page_size: number }) => ({
  limit: f.page_size,
  offset: (f.page - 1) * f.page_size,
});

export async function listProviders(db: Db, f: { page: number; page_size: number }) {
  const { rows, total } = await q.providerPage(db, paging(f));
  return { items: rows.map(providerView), total, page: f.page, page_size: f.page_size };
}

/** Only the fields sent change; the audit row holds their values before and after. */
function changed<T extends Record<string, unknown>>(row: T, set: Partial<T>) {
  const keys = (Object.keys(set) as (keyof T)[]).filter((k) => set[k] !== undefined && set[k] !== row[k]);
  return {
    keys,
    before: Object.fromEntries(keys.map((k) => [k, row[k]])),
    after: Object.fromEntries(keys.map((k) => [k, set[k]])),
  };
}

export async function editProvider(
  db: Db,
  by: StaffPrincipal,
  id: string,
  set: { is_active?: boolean | undefined; sort_order?: number | undefined },
) {
  await inTransaction(db, async (tx) => {
    const row = await q.lockProvider(tx, id);
    if (!row) throw new AppError('GAME_PROVIDER_NOT_FOUND');
    const c = changed(row, set);
    if (c.keys.length === 0) return;
    await q.updateProvider(tx, id, c.after);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'games.provider_update',
      entity: 'game_provider',
      entityId: id,
      before: c.before,
      after: c.after,
    });
  });
  const row = await q.providerById(db, id);
  if (!row) throw new AppError('GAME_PROVIDER_NOT_FOUND');
  return providerView(row);
}

export async function listGamesAdmin(
  db: Db,
  f: {
    page: number;
    page_size: number;
    provider?: string | undefined;
    category?: GameCategory | undefined;
    q?: string | undefined;
    active?: 'true' | 'false' | undefined;
    hot?: 'true' | 'false' | undefined;
  },
) {
  const { rows, total } = await q.gamePage(
    db,
    {
      provider: f.provider,
      category: f.category,
      q: f.q,
      active: f.active === undefined ? undefined : f.active === 'true',
      hot: f.hot === undefined ? undefined : f.hot === 'true',
    },
    paging(f),
  );
  return { items: rows.map(gameView), total, page: f.page, page_size: f.page_size };
}

export async function editGame(
  db: Db,
  by: StaffPrincipal,
  id: number,
  set: { is_active?: boolean | undefined; is_hot?: boolean | undefined; sort_order?: number | undefined },
) {
  await inTransaction(db, async (tx) => {
    const row = await q.lockGame(tx, id);
    if (!row) throw new AppError('GAME_NOT_FOUND');
    const c = changed(row, set);
    if (c.keys.length === 0) return;
    await q.updateGame(tx, id, c.after);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'games.game_update',
      entity: 'game',
      entityId: id,
      before: c.before,
      after: c.after,
    });
  });
  const row = await q.gameById(db, id);
  if (!row) throw new AppError('GAME_NOT_FOUND');
  return gameView(row);
}
