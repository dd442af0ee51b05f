import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

export interface SeedFilter {
  kind?: 'player' | 'shared' | undefined;
  state?: 'active' | 'next' | 'revealed' | undefined;
  memberId?: number | undefined;
}

export async function seedPage(ex: Executor, f: SeedFilter, p: { limit: number; offset: number }) {
  let q = ex.selectFrom('fair_seed');
  if (f.kind === 'player') q = q.where('member_id', 'is not', null);
  if (f.kind === 'shared') q = q.where('member_id', 'is', null);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.state === 'active') q = q.where('activated_at', 'is not', null).where('revealed_at', 'is', null);
  if (f.state === 'next') q = q.where('activated_at', 'is', null);
  if (f.state === 'revealed') q = q.where('revealed_at', 'is not', null);
  return pageOf(
    q,
    (q) =>
      q
        .select([
          'id',
          'member_id',
          'server_seed',
          'server_seed_hash',
          'client_seed',
          'next_nonce',
          'created_at',
          'activated_at',
          'revealed_at',
        ])
        .orderBy('id', 'desc'),
    p,
  );
}

/** Locks a player's seed while it is active; undefined when it is not (or not a player's). */
export function lockActivePlayerSeed(ex: Executor, id: number) {
  return ex
    .selectFrom('fair_seed')
    .select(['id', 'member_id'])
    .where('id', '=', id)
    .where('member_id', 'is not', null)
    .where('activated_at', 'is not', null)
    .where('revealed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export interface RoundFilter {
  gameId?: number | undefined;
  memberId?: number | undefined;
  status?: 'open' | 'settled' | 'refunded' | undefined;
}

export async function roundPage(ex: Executor, f: RoundFilter, p: { limit: number; offset: number }) {
  let q = ex.selectFrom('game_round');
  if (f.gameId !== undefined) q = q.where('game_id', '=', f.gameId);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.status) q = q.where('status', '=', f.status);
  return pageOf(
    q,
    (q) =>
      q
        .select([
          'id',
          'member_id',
          'game_id',
          'wallet_type_id',
          'stake',
          'payout',
          'status',
          'server_seed_hash',
          'client_seed',
          'nonce',
          'created_at',
          'settled_at',
        ])
        .orderBy('id', 'desc'),
    p,
  );
}
