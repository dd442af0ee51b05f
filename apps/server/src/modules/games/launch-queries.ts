import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';

/**
 * SQL of launching a game: launch tokens, demo sessions and their play money, which wallet types may
 * play a category; and the end of a member's games.
 */

/** Deletes expired demo sessions, at most `limit` (oldest first; rows another call is deleting are skipped). */
export async function purgeExpiredDemoSessions(ex: Executor, now: Date, limit: number | null): Promise<void> {
  const cap = limit === null ? sql`` : sql`LIMIT ${limit}`;
  await sql`
    DELETE FROM game_demo_session WHERE id IN (
      SELECT id FROM game_demo_session WHERE expires_at < ${now} ORDER BY expires_at ${cap} FOR UPDATE SKIP LOCKED
    )`.execute(ex);
}

/** The wallet types that may play any of these categories. */
export async function allowedWalletTypes(ex: Executor, categories: readonly string[]): Promise<Set<number>> {
  const rows = await ex
    .selectFrom('game_wallet_category')
    .select('wallet_type_id')
    .where('category', 'in', [...categories])
    .execute();
  return new Set(rows.map((r) => r.wallet_type_id));
}

/** Revokes the member's launch tokens not used yet. */
export async function revokeUnusedLaunches(ex: Executor, memberId: number, now: Date): Promise<void> {
  await ex
    .updateTable('game_launch')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertLaunch(
  ex: Executor,
  l: {
    tokenHash: Buffer;
    memberId: number;
    walletTypeId: number;
    gameId: number;
    isMobile: boolean;
    source: string;
    memberSessionId: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await ex
    .insertInto('game_launch')
    .values({
      token_hash: l.tokenHash,
      member_id: l.memberId,
      wallet_type_id: l.walletTypeId,
      game_id: l.gameId,
      is_mobile: l.isMobile,
      source: l.source,
      member_session_id: l.memberSessionId,
      created_at: l.now,
      expires_at: l.expiresAt,
    })
    .execute();
}

export async function insertDemoSession(
  ex: Executor,
  d: { tokenHash: Buffer; gameId: number; balanceSatang: number; now: Date; expiresAt: Date },
): Promise<void> {
  await ex
    .insertInto('game_demo_session')
    .values({
      token_hash: d.tokenHash,
      game_id: d.gameId,
      balance: d.balanceSatang,
      created_at: d.now,
      expires_at: d.expiresAt,
    })
    .execute();
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

/**
 * The game categories a wallet type may play (`game_wallet_category`), in name order: the lottery
 * names them when it refuses a wallet that may not pay for a bill (docs/rules/casino.md §1).
 */
export async function walletTypeCategories(ex: Executor, walletTypeId: number): Promise<string[]> {
  const rows = await ex
    .selectFrom('game_wallet_category')
    .select('category')
    .where('wallet_type_id', '=', walletTypeId)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

/**
 * Ends every game of the member at once (player protection's time-out or self-exclusion,
 * docs/rules/protection.md §3.1), as a password change does (games/sql/end_games_of_member.sql): the
 * open game sessions close and the unused launch tokens are spent, so a provider's next debit finds
 * no session.
 */
export async function endMemberGames(ex: Executor, memberId: number, now: Date): Promise<void> {
  await ex
    .updateTable('game_session')
    .set({ closed_at: now })
    .where('member_id', '=', memberId)
    .where('closed_at', 'is', null)
    .execute();
  await revokeUnusedLaunches(ex, memberId, now);
}

/** Whether the member may play and be paid: status `active` (false when there is no such member). */
export async function memberActive(ex: Executor, memberId: number): Promise<boolean> {
  const row = await ex.selectFrom('member').select('status').where('id', '=', memberId).executeTakeFirst();
  return row?.status === 'active';
}
