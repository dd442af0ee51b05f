import type { WalletStatus } from '@chok/contract/api/games';
import type { Satang } from '@chok/engine/money';
import { inTransaction } from '../../platform/db.ts';
import { hashToken } from '../../platform/rng.ts';
import { memberBalance } from '../wallet/service.ts';
import { type Authenticated, playerIdOf, SESSION_HOURS, type SeamlessDeps } from './seamless-calls.ts';
import * as q from './seamless-queries.ts';

/** Exchanges a launch token (single use, 60 s) for a session of 8 h with a 30-minute idle limit. */
export async function authenticate(
  d: Pick<SeamlessDeps, 'db' | 'clock'>,
  launchToken: string,
  opts: { provider?: string; sessionToken?: string } = {},
): Promise<Authenticated | { status: WalletStatus }> {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    const launch = await q.consumeLaunch(tx, hashToken(launchToken), now);
    if (!launch || (opts.provider !== undefined && launch.provider_id !== opts.provider)) {
      return { status: 'INVALID_TOKEN' as const };
    }
    if (launch.expires_at.getTime() <= now.getTime()) return { status: 'SESSION_EXPIRED' as const };
    const sessionId = await q.insertSession(tx, {
      memberId: launch.member_id,
      provider: launch.provider_id,
      gameId: launch.game_id,
      walletTypeId: launch.wallet_type_id,
      tokenHash: opts.sessionToken ? hashToken(opts.sessionToken) : null,
      now,
      expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000),
      memberSessionId: launch.member_session_id,
    });
    return {
      status: 'OK' as const,
      playerId: playerIdOf(launch.member_id),
      memberId: launch.member_id,
      walletId: launch.wallet_type_id,
      gameId: launch.game_id,
      currency: 'THB' as const,
      balance: (await memberBalance(tx, launch.member_id, launch.wallet_type_id)) as Satang,
      sessionId,
    };
  });
}
