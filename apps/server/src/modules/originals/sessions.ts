import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { memberSessionLive, type SessionPolicy } from '../auth/service.ts';
import { demoSession, IN_HOUSE_PROVIDER, type SeamlessWallet } from '../games/service.ts';
import { type GameRef, gameRef, gameSession } from './games-queries.ts';

/** The in-house provider (games' catalogue): its sessions are this module's. */
export const IN_HOUSE = IN_HOUSE_PROVIDER;

export type { GameRef };
export type PlaySession =
  | { kind: 'real'; sessionId: number; memberId: number; walletTypeId: number; game: GameRef }
  | { kind: 'demo'; demoId: number; balance: number; pending: PendingStake[]; game: GameRef };

/** A demo stake on a shared table, settled from the table's result when the table is next read. */
export interface PendingStake {
  ref: string;
  selection: string;
  stake: number;
  odds?: number;
}

/**
 * In-house game sessions. A real session is the seamless wallet's own session (made by exchanging
 * the launch token) with a bearer for the page; a demo session holds play money only.
 * Tokens on the wire: `r.<token>` (real) or `d.<token>` (demo). A real session lives only as long as
 * the member session that launched it: logout, a password change or reset, or the member session
 * expiring ends it (a launch from no member session is refused).
 */
export function createPlaySessions(d: {
  clock: Clock;
  wallet: SeamlessWallet;
  memberSession: SessionPolicy;
}) {
  const sessions = {
    async open(ex: Executor, token: string, demo: boolean): Promise<{ session: string; play: PlaySession }> {
      if (demo) {
        const row = await demoSession(ex, hashToken(token));
        if (!row || row.expires_at <= d.clock.now()) throw new AppError('GAME_SESSION_INVALID');
        return {
          session: `d.${token}`,
          play: {
            kind: 'demo',
            demoId: row.id,
            balance: row.balance,
            pending: [],
            game: await gameRef(ex, row.game_id),
          },
        };
      }
      const sessionToken = newToken();
      const a = await d.wallet.authenticate(token, { provider: IN_HOUSE, sessionToken });
      if (a.status !== 'OK' || !('sessionId' in a)) throw new AppError('GAME_SESSION_INVALID');
      const session = `r.${sessionToken}`;
      return { session, play: await sessions.resolve(ex, session) };
    },

    /** Resolves a page's session; `forUpdate` locks a demo session's row for a balance change. */
    async resolve(ex: Executor, session: string, forUpdate = false): Promise<PlaySession> {
      const now = d.clock.now();
      const [kind, token] = [session.slice(0, 2), session.slice(2)];
      if (kind === 'd.') {
        const row = await demoSession(ex, hashToken(token), forUpdate);
        if (!row || row.expires_at <= now) throw new AppError('GAME_SESSION_INVALID');
        return {
          kind: 'demo',
          demoId: row.id,
          balance: row.balance,
          pending: row.pending as unknown as PendingStake[],
          game: await gameRef(ex, row.game_id),
        };
      }
      if (kind !== 'r.') throw new AppError('GAME_SESSION_INVALID');
      const row = await gameSession(ex, hashToken(token));
      if (!row || row.closed_at !== null || row.expires_at <= now || row.member_session_id === null) {
        throw new AppError('GAME_SESSION_INVALID');
      }
      if (!(await memberSessionLive(ex, d.clock, d.memberSession, row.member_session_id))) {
        throw new AppError('GAME_SESSION_INVALID');
      }
      return {
        kind: 'real',
        sessionId: row.id,
        memberId: row.member_id,
        walletTypeId: row.wallet_type_id,
        game: await gameRef(ex, row.game_id),
      };
    },
  };
  return sessions;
}

export type PlaySessions = ReturnType<typeof createPlaySessions>;
