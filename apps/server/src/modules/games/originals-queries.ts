import type { GameCategory } from '@chok/contract/api/games';
import type { Executor, Tx } from '../../platform/db.ts';

/**
 * What the in-house games (modules/originals) read and write of games' tables: the catalogue's game,
 * the seamless wallet's session, the demo session's play money; and the originals' round queries
 * that join the game for its code and name (docs/architecture.md, "Tables have one owner").
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

/** A demo session by its token's hash; `forUpdate` locks it for a balance change. */
export async function demoSession(ex: Executor, tokenHash: Buffer, forUpdate = false) {
  let q = ex
    .selectFrom('game_demo_session')
    .select(['id', 'game_id', 'balance', 'pending', 'expires_at'])
    .where('token_hash', '=', tokenHash);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Moves a demo session's play money in one statement: − `debit` + `credit`, only while the balance
 * holds `debit` when `debit` is given, and sets its pending stakes when given. Returns the new
 * balance, or null when the balance did not hold `debit`.
 */
export async function moveDemoBalance(
  tx: Tx,
  demoId: number,
  m: { debit?: number; credit?: number; pending?: readonly unknown[] },
): Promise<number | null> {
  let q = tx
    .updateTable('game_demo_session')
    .set((eb) => ({
      balance: eb(eb('balance', '-', m.debit ?? 0), '+', m.credit ?? 0),
      ...(m.pending ? { pending: JSON.stringify(m.pending) } : {}),
    }))
    .where('id', '=', demoId);
  if (m.debit !== undefined) q = q.where('balance', '>=', m.debit);
  const row = await q.returning('balance').executeTakeFirst();
  return row?.balance ?? null;
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
