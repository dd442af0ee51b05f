import { formatBaht } from '@chok/engine/money';
import { inTransaction } from '../../platform/db.ts';
import { isWalletTypeId, memberWallet } from '../wallet/service.ts';
import type { OriginalsDeps } from './deps.ts';
import { playerSeed } from './fairness.ts';

/**
 * Opens a game page's session from its launch token (real) or demo token: the game, the wallet it
 * plays from with its balance, and for real play the player's seeds (docs/rules/casino.md §6.2).
 */
export async function openSession(d: OriginalsDeps, r: { token: string; demo: boolean }) {
  const now = d.clock.now();
  return inTransaction(d.db, async (tx) => {
    const { session, play } = await d.sessions.open(tx, r.token, r.demo);
    let balance: number;
    let walletName = 'เครดิตทดลองเล่น';
    let fair = null;
    if (play.kind === 'real') {
      const w = isWalletTypeId(play.walletTypeId)
        ? await memberWallet(tx, play.memberId, play.walletTypeId)
        : undefined;
      if (!w) throw new Error(`wallet ${play.walletTypeId} of member ${play.memberId} not found`);
      balance = w.balance;
      walletName = w.walletName;
      const seed = await playerSeed(tx, play.memberId, now);
      fair = {
        server_seed_hash: seed.server_seed_hash,
        client_seed: seed.client_seed,
        nonce: seed.next_nonce,
        next_server_seed_hash: seed.next_server_seed_hash,
      };
    } else {
      balance = play.balance;
    }
    return {
      session,
      game: { game_id: play.game.code, name: play.game.name, categories: play.game.categories },
      demo: play.kind === 'demo',
      balance: formatBaht(balance),
      wallet_name: walletName,
      fair,
      server_time: now.toISOString(),
    };
  });
}
