import { parseBaht } from '@chok/engine/money';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { memberStatus } from '../members/service.ts';
import { type Ledger, MAIN_WALLET } from '../wallet/service.ts';
import { findGame, recordPlay } from './catalogue.ts';
import { LAUNCH_TOKEN_SECONDS } from './seamless.ts';

export const DEMO_BALANCE_SATANG = 1_000_000;
export const DEMO_SESSION_HOURS = 8;
const DEMO_PURGE_BATCH = 50;

/** Deletes expired demo sessions, at most `limit` (oldest first; rows another call is deleting are skipped). */
async function purgeExpiredDemoSessions(ex: Executor, now: Date, limit: number | null): Promise<void> {
  const cap = limit === null ? sql`` : sql`LIMIT ${limit}`;
  await sql`
    DELETE FROM game_demo_session WHERE id IN (
      SELECT id FROM game_demo_session WHERE expires_at < ${now} ORDER BY expires_at ${cap} FOR UPDATE SKIP LOCKED
    )`.execute(ex);
}

async function allowedWalletTypes(ex: Executor, categories: readonly string[]): Promise<Set<number>> {
  const rows = await ex
    .selectFrom('game_wallet_category')
    .select('wallet_type_id')
    .where('category', 'in', [...categories])
    .execute();
  return new Set(rows.map((r) => r.wallet_type_id));
}

/**
 * Launching a game (docs/rules/casino.md §1.1, §4): which wallets may play it, a single-use launch token bound
 * to member, wallet and game, and demo links that never touch a wallet.
 */
export function createLauncher(deps: { db: Db; ledger: Ledger; clock: Clock }) {
  const { db, ledger, clock } = deps;

  async function gameOrThrow(ex: Executor, providerId: string, code: string) {
    const game = await findGame(ex, providerId, code);
    if (!game) throw new AppError('GAME_NOT_FOUND');
    return game;
  }

  /** Wallets whose type allows the game's category and that hold money (main always qualifies). */
  async function eligibleWallets(ex: Executor, memberId: number, categories: readonly string[]) {
    const allowed = await allowedWalletTypes(ex, categories);
    const wallets = await ledger.wallets(ex, memberId);
    return wallets.filter(
      (w) => allowed.has(w.wallet_type_id) && (w.wallet_type_id === MAIN_WALLET || parseBaht(w.balance) > 0),
    );
  }

  return {
    async wallets(memberId: number, ref: { game_id: string; provider_id: string }) {
      const game = await gameOrThrow(db, ref.provider_id, ref.game_id);
      return eligibleWallets(db, memberId, game.categories);
    },

    /** The token is bound to the member session that asked: the game ends with it (migration 040). */
    async link(
      principal: MemberPrincipal,
      r: { wallet_id: number; game_id: string; provider_id: string; is_mobile: boolean; source: string },
    ): Promise<{ link: string }> {
      const { memberId } = principal;
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const game = await gameOrThrow(tx, r.provider_id, r.game_id);
        if ((await memberStatus(tx, memberId)) !== 'active') throw new AppError('ACCOUNT_SUSPENDED');
        const wallets = await ledger.wallets(tx, memberId);
        const wallet = wallets.find((w) => w.id === r.wallet_id);
        if (!wallet) throw new AppError('WALLET_NOT_FOUND');
        const eligible = await eligibleWallets(tx, memberId, game.categories);
        if (!eligible.some((w) => w.id === wallet.id)) throw new AppError('GAME_WALLET_NOT_ALLOWED');
        // A new link revokes the member's previous unused token.
        await tx
          .updateTable('game_launch')
          .set({ revoked_at: now })
          .where('member_id', '=', memberId)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        const token = newToken();
        await tx
          .insertInto('game_launch')
          .values({
            token_hash: hashToken(token),
            member_id: memberId,
            wallet_type_id: wallet.wallet_type_id,
            game_id: game.id,
            is_mobile: r.is_mobile,
            source: r.source,
            member_session_id: principal.sessionId,
            created_at: now,
            expires_at: new Date(now.getTime() + LAUNCH_TOKEN_SECONDS * 1000),
          })
          .execute();
        await recordPlay(tx, memberId, game.id, now);
        return { link: linkOf(game, token, { mobile: r.is_mobile, demo: false }) };
      });
    },

    async demo(r: { game_id: string; provider_id: string; is_mobile: boolean }): Promise<{ link: string }> {
      const game = await gameOrThrow(db, r.provider_id, r.game_id);
      if (!game.demo_allowed) throw new AppError('GAME_DEMO_UNAVAILABLE');
      const now = clock.now();
      const token = newToken();
      if (game.launch_url === null) {
        // Anonymous calls add rows: each one also drops a batch of expired sessions (the minute
        // sweep drops the rest), and the route is rate-limited per address.
        await purgeExpiredDemoSessions(db, now, DEMO_PURGE_BATCH);
        await db
          .insertInto('game_demo_session')
          .values({
            token_hash: hashToken(token),
            game_id: game.id,
            balance: DEMO_BALANCE_SATANG,
            created_at: now,
            expires_at: new Date(now.getTime() + DEMO_SESSION_HOURS * 3600_000),
          })
          .execute();
      }
      return { link: linkOf(game, token, { mobile: r.is_mobile, demo: true }) };
    },

    /** Drops demo sessions past their expiry (sweep). */
    purgeDemoSessions: (now: Date) => purgeExpiredDemoSessions(db, now, null),
  };
}

function linkOf(
  game: { game_id: string; launch_url: string | null },
  token: string,
  o: { mobile: boolean; demo: boolean },
): string {
  if (game.launch_url === null) {
    return `/play/${encodeURIComponent(game.game_id)}?${o.demo ? 'demo' : 't'}=${token}${o.mobile ? '&m=1' : ''}`;
  }
  return game.launch_url
    .replace('{token}', o.demo ? '' : encodeURIComponent(token))
    .replace('{game}', encodeURIComponent(game.game_id))
    .replace('{mode}', o.demo ? 'demo' : 'real')
    .replace('{device}', o.mobile ? 'mobile' : 'desktop');
}
export type Launcher = ReturnType<typeof createLauncher>;
