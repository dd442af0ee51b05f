import type { GameCategory } from '@chok/contract/api/games';
import type { Executor, Tx } from '../../platform/db.ts';

/**
 * The in-house games' reads of the games module's tables (granted, db/table-owners.ts): the
 * catalogue's game, the seamless wallet's session, and the round queries that join the game for its
 * code and name (docs/architecture.md, "Tables have one owner").
 */

export interface GameRef {
  id: number;
  code: string;
  name: string;
  categories: GameCategory[];
}

export async function gameRef(ex: Executor, id: number): Promise<GameRef> {
  const g = await ex
    .selectFrom('game')
    .select(['id', 'code', 'name', 'categories'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...g, categories: g.categories as GameCategory[] };
}

/** The seamless wallet's session a page's bearer names (by its hash). */
export function gameSession(ex: Executor, tokenHash: Buffer) {
  return ex
    .selectFrom('game_session')
    .select(['id', 'member_id', 'wallet_type_id', 'game_id', 'expires_at', 'closed_at', 'member_session_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A table's open rounds (game_round) with their game's code, locked for settlement. */
export function lockOpenTableRounds(tx: Tx, tableRef: string) {
  return tx
    .selectFrom('game_round as r')
    .innerJoin('game as g', 'g.id', 'r.game_id')
    .select(['r.id', 'r.member_id', 'r.stake', 'r.detail', 'g.code'])
    .where('r.table_ref', '=', tableRef)
    .where('r.status', '=', 'open')
    .forUpdate()
    .execute();
}

/** Rounds (game_round) with their game's code and name and their seed (fair_seed), for history and checks. */
function roundsWithGame(ex: Executor) {
  return ex
    .selectFrom('game_round as r')
    .innerJoin('game as g', 'g.id', 'r.game_id')
    .innerJoin('fair_seed as f', 'f.id', 'r.seed_id')
    .select([
      'r.id',
      'g.code',
      'g.name',
      'r.stake',
      'r.payout',
      'r.status',
      'r.created_at',
      'r.server_seed_hash',
      'r.client_seed',
      'r.nonce',
      'r.detail',
      'r.outcome',
      'f.server_seed',
      'f.revealed_at',
    ]);
}

export type RoundWithGame = Awaited<ReturnType<ReturnType<typeof roundsWithGame>['execute']>>[number];

/** A member's latest rounds, newest first. */
export function memberRounds(ex: Executor, memberId: number, limit: number): Promise<RoundWithGame[]> {
  return roundsWithGame(ex)
    .where('r.member_id', '=', memberId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export function roundById(ex: Executor, id: number): Promise<RoundWithGame | undefined> {
  return roundsWithGame(ex).where('r.id', '=', id).executeTakeFirst();
}
