import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** SQL of launching a game: launch tokens, demo sessions, which wallet types may play a category. */

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
