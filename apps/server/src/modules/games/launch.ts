import { parseBaht } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberPrincipal } from '../../platform/http.ts';
import { hashToken, newToken } from '../../platform/rng.ts';
import { type Ledger, MAIN_WALLET } from '../wallet/service.ts';
import { findGame, recordPlay } from './catalogue.ts';
import { type Hub88GamesDeps, hub88GameUrl } from './hub88-games.ts';
import { HUB88_PROVIDER } from './hub88-protocol.ts';
import * as q from './launch-queries.ts';
import { LAUNCH_TOKEN_SECONDS, type SeamlessWallet } from './seamless.ts';

export const DEMO_BALANCE_SATANG = 1_000_000;
export const DEMO_SESSION_HOURS = 8;
const DEMO_PURGE_BATCH = 50;

/**
 * Launching a game (docs/rules/casino.md §1.1, §4): which wallets may play it, a single-use launch
 * token bound to member, wallet and game, and demo links that never touch a wallet.
 */
export interface LaunchDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  /** Games launched through Hub88 (docs/rules/casino.md §8): its Games API and the wallet's sessions. */
  hub88?: { games: Hub88GamesDeps; wallet: SeamlessWallet };
}

async function gameOrThrow(ex: Executor, providerId: string, code: string) {
  const game = await findGame(ex, providerId, code);
  if (!game) throw new AppError('GAME_NOT_FOUND');
  return game;
}

/** Wallets whose type allows the game's category and that hold money (main always qualifies). */
async function eligibleWallets(
  deps: LaunchDeps,
  ex: Executor,
  memberId: number,
  categories: readonly string[],
) {
  const allowed = await q.allowedWalletTypes(ex, categories);
  const wallets = await deps.ledger.wallets(ex, memberId);
  return wallets.filter(
    (w) => allowed.has(w.wallet_type_id) && (w.wallet_type_id === MAIN_WALLET || parseBaht(w.balance) > 0),
  );
}

/** The member's wallets that may play the game. */
export async function gameWallets(
  deps: LaunchDeps,
  memberId: number,
  ref: { game_id: string; provider_id: string },
) {
  const game = await gameOrThrow(deps.db, ref.provider_id, ref.game_id);
  return eligibleWallets(deps, deps.db, memberId, game.categories);
}

/**
 * A game link for real play: the launch token is bound to the member session that asked, and the
 * game ends with it (games/sql/end_games_of_member_session.sql). A new link revokes the member's previous unused token.
 */
export async function launchLink(
  deps: LaunchDeps,
  principal: MemberPrincipal,
  r: { wallet_id: number; game_id: string; provider_id: string; is_mobile: boolean; source: string },
): Promise<{ link: string }> {
  const { memberId } = principal;
  const now = deps.clock.now();
  const launched = await inTransaction(deps.db, async (tx) => {
    const game = await gameOrThrow(tx, r.provider_id, r.game_id);
    if (!(await q.memberActive(tx, memberId))) throw new AppError('ACCOUNT_SUSPENDED');
    const wallets = await deps.ledger.wallets(tx, memberId);
    const wallet = wallets.find((w) => w.id === r.wallet_id);
    if (!wallet) throw new AppError('WALLET_NOT_FOUND');
    const eligible = await eligibleWallets(deps, tx, memberId, game.categories);
    if (!eligible.some((w) => w.id === wallet.id)) throw new AppError('GAME_WALLET_NOT_ALLOWED');
    await q.revokeUnusedLaunches(tx, memberId, now);
    const token = newToken();
    await q.insertLaunch(tx, {
      tokenHash: hashToken(token),
      memberId,
      walletTypeId: wallet.wallet_type_id,
      gameId: game.id,
      isMobile: r.is_mobile,
      source: r.source,
      memberSessionId: principal.sessionId,
      now,
      expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_SECONDS * 1000),
    });
    await recordPlay(tx, memberId, game.id, now);
    return { game, token };
  });
  const { game, token } = launched;
  if (game.provider_id === HUB88_PROVIDER)
    return { link: await hub88Link(deps, game.game_id, token, r.is_mobile) };
  return { link: linkOf(game, token, { mobile: r.is_mobile, demo: false }) };
}

/**
 * A Hub88 game: the launch token is exchanged at once for the game session Hub88's calls will name (the
 * token is the session's), then Hub88 is asked for the game's URL with it (docs/rules/casino.md §8).
 */
async function hub88Link(
  deps: LaunchDeps,
  gameCode: string,
  token: string,
  mobile: boolean,
): Promise<string> {
  if (!deps.hub88) throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
  const a = await deps.hub88.wallet.authenticate(token, { provider: HUB88_PROVIDER, sessionToken: token });
  if (a.status !== 'OK' || !('memberId' in a)) throw new AppError('GAME_SESSION_INVALID');
  return hub88GameUrl(deps.hub88.games, {
    demo: false,
    memberId: a.memberId,
    token,
    gameCode,
    mobile,
  });
}

/** A demo link: play money only (an in-house game's demo session), never a wallet. */
export async function demoLink(
  deps: LaunchDeps,
  r: { game_id: string; provider_id: string; is_mobile: boolean; agent_code?: string },
  agentCode: string,
): Promise<{ link: string }> {
  // A request may name the agent; any code but this deployment's is refused, as the content reads do.
  if (r.agent_code !== undefined && r.agent_code !== '' && r.agent_code !== agentCode)
    throw new AppError('AGENT_NOT_FOUND');
  const game = await gameOrThrow(deps.db, r.provider_id, r.game_id);
  if (!game.demo_allowed) throw new AppError('GAME_DEMO_UNAVAILABLE');
  if (game.provider_id === HUB88_PROVIDER) {
    if (!deps.hub88) throw new AppError('GAME_AGGREGATOR_UNAVAILABLE');
    const link = await hub88GameUrl(deps.hub88.games, {
      demo: true,
      gameCode: game.game_id,
      mobile: r.is_mobile,
    });
    return { link };
  }
  const now = deps.clock.now();
  const token = newToken();
  if (game.launch_url === null) {
    // Anonymous calls add rows: each one also drops a batch of expired sessions (the minute
    // sweep drops the rest), and the route is rate-limited per address.
    await q.purgeExpiredDemoSessions(deps.db, now, DEMO_PURGE_BATCH);
    await q.insertDemoSession(deps.db, {
      tokenHash: hashToken(token),
      gameId: game.id,
      balanceSatang: DEMO_BALANCE_SATANG,
      now,
      expiresAt: new Date(now.getTime() + DEMO_SESSION_HOURS * 3600_000),
    });
  }
  return { link: linkOf(game, token, { mobile: r.is_mobile, demo: true }) };
}

/** Drops demo sessions past their expiry (sweep). */
export function purgeDemoSessions(deps: Pick<LaunchDeps, 'db'>, now: Date): Promise<void> {
  return q.purgeExpiredDemoSessions(deps.db, now, null);
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
