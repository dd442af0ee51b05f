import type { Rng } from '@chok/engine/fair/rng';
import { fairRng } from '@chok/engine/fair/stream';
import type { Satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  moveDemoBalance,
  playerIdOf,
  type SeamlessWallet,
  type WalletAnswer,
  WalletRefusal,
} from '../games/service.ts';
import { memberBalance } from '../wallet/service.ts';
import { newServerSeed, nodeHmac, takeNonce } from './fairness.ts';
import { lockOpenTableRounds } from './games-queries.ts';
import { insertRound, settleRound } from './rounds-queries.ts';
import { IN_HOUSE, type PlaySession } from './sessions.ts';

/** A wallet refusal, as the member sees it in the game page. */
export function refusalToError(err: unknown): never {
  if (err instanceof WalletRefusal) {
    if (err.reason) throw err.reason;
    switch (err.status) {
      case 'INSUFFICIENT_FUNDS':
        throw new AppError('INSUFFICIENT_FUNDS');
      case 'PLAYER_BLOCKED':
        throw new AppError('ACCOUNT_SUSPENDED');
      case 'WALLET_NOT_ALLOWED':
        throw new AppError('GAME_WALLET_NOT_ALLOWED');
      default:
        throw new AppError('GAME_SESSION_INVALID');
    }
  }
  throw err;
}

export interface FairView {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  next_server_seed_hash: string;
}

/**
 * Rounds of the in-house games, paid through the same seamless wallet as any provider: the round
 * row, the debit and (for instant games) the credit commit together.
 */
export function createRounds(d: { clock: Clock; wallet: SeamlessWallet }) {
  const { clock, wallet } = d;
  const betTx = (roundId: number) => `round:${roundId}:bet`;
  const winTx = (roundId: number) => `round:${roundId}:win`;

  async function debit(tx: Tx, s: Extract<PlaySession, { kind: 'real' }>, roundId: number, stake: number) {
    try {
      await wallet.debitIn(tx, {
        provider: IN_HOUSE,
        player: playerIdOf(s.memberId),
        providerTxId: betTx(roundId),
        roundId: String(roundId),
        game: s.game.code,
        amount: stake as Satang,
      });
    } catch (err) {
      refusalToError(err);
    }
  }

  async function credit(
    tx: Tx,
    memberId: number,
    gameCode: string,
    roundId: number,
    payout: number,
  ): Promise<WalletAnswer> {
    return wallet.creditIn(tx, {
      provider: IN_HOUSE,
      player: playerIdOf(memberId),
      providerTxId: winTx(roundId),
      betTxId: betTx(roundId),
      roundId: String(roundId),
      game: gameCode,
      amount: payout as Satang,
    });
  }

  return {
    /**
     * One instant round (slot spin, fishing shot): the outcome from the player's seed and next
     * nonce, the stake debited and the win credited (0 settles the bet too). Demo sessions move play
     * money only, from a fresh random seed, and leave no history.
     */
    async instant<T extends { win: number }>(
      tx: Tx,
      s: PlaySession,
      o: { stake: number; play: (rng: Rng) => T; detail: object; outcome: (r: T) => object },
    ): Promise<{ result: T; roundId: number | null; balance: number; fair: FairView | null }> {
      if (s.kind === 'demo') {
        const result = o.play(
          fairRng({ serverSeed: newServerSeed(), clientSeed: 'demo', nonce: 0 }, nodeHmac),
        );
        const balance = await moveDemoBalance(tx, s.demoId, { debit: o.stake, credit: result.win });
        if (balance === null) throw new AppError('INSUFFICIENT_FUNDS');
        return { result, roundId: null, balance, fair: null };
      }
      const now = clock.now();
      const seed = await takeNonce(tx, s.memberId, now);
      const result = o.play(rngFromSeed(seed, seed.nonce));
      const round = await insertRound(tx, {
        memberId: s.memberId,
        gameId: s.game.id,
        walletTypeId: s.walletTypeId,
        stake: o.stake,
        detail: o.detail,
        seed,
        nonce: seed.nonce,
        now,
      });
      await debit(tx, s, round.id, o.stake);
      const paid = await credit(tx, s.memberId, s.game.code, round.id, result.win);
      await settleRound(tx, round.id, { payout: result.win, outcome: o.outcome(result), now });
      return {
        result,
        roundId: round.id,
        balance: paid.balance ?? 0,
        fair: {
          server_seed_hash: seed.server_seed_hash,
          client_seed: seed.client_seed,
          nonce: seed.nonce + 1,
          next_server_seed_hash: seed.next_server_seed_hash,
        },
      };
    },

    /** A stake on a shared table (baccarat hand, football fixture), settled when the table resolves. */
    async stake(
      tx: Tx,
      s: Extract<PlaySession, { kind: 'real' }>,
      o: {
        stake: number;
        tableRef: string;
        detail: object;
        seed: { id: number; server_seed_hash: string; client_seed: string };
        nonce: number;
      },
    ): Promise<{ roundId: number; balance: number }> {
      const now = clock.now();
      const round = await insertRound(tx, {
        memberId: s.memberId,
        gameId: s.game.id,
        walletTypeId: s.walletTypeId,
        stake: o.stake,
        detail: o.detail,
        seed: o.seed,
        nonce: o.nonce,
        tableRef: o.tableRef,
        now,
      });
      await debit(tx, s, round.id, o.stake);
      return { roundId: round.id, balance: await memberBalance(tx, s.memberId, s.walletTypeId) };
    },

    /** Settles every open stake on a table: payout(detail) is credited (late credits are fine). */
    async settleTable(
      tx: Tx,
      tableRef: string,
      payout: (detail: unknown, stake: number) => number,
      outcome: object,
    ) {
      const open = await lockOpenTableRounds(tx, tableRef);
      const now = clock.now();
      for (const r of open) {
        const amount = payout(r.detail, r.stake);
        await credit(tx, r.member_id, r.code, r.id, amount);
        await settleRound(tx, r.id, { payout: amount, outcome, now });
      }
      return open.length;
    },
  };
}

function rngFromSeed(seed: { server_seed: string; client_seed: string }, nonce: number): Rng {
  return fairRng({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, nodeHmac);
}

export type Rounds = ReturnType<typeof createRounds>;
