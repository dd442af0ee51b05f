import { type Satang, satang } from '../money.ts';

/**
 * Which play counts (docs/rules/engagement.md §0 G6): turnover, loss and round counts come only from
 * settled main-wallet `game_round` rows and from lotto bills; rolled-back rounds do not count; when one
 * baccarat hand has bets on both Player and Banker, only the difference between them counts.
 * Points (§7) and quest progress (§6) read their stakes through here.
 */

/** Wallet types (docs/rules/casino.md §1): 1 main, 2 bonus, 3 free credit. */
export type WalletType = 1 | 2 | 3;

export interface PlayedFigure {
  source: 'game' | 'lotto';
  walletType: WalletType;
  /** 'settled' for a game round paid out or a lotto bill resulted. */
  status: 'open' | 'settled' | 'rolled_back';
  /** The whole stake of the round or bill, satang. */
  stake: Satang;
  /** A baccarat hand's stake on Player and on Banker (both parts of `stake`). */
  baccarat?: { player: Satang; banker: Satang };
}

/** Whether the round or bill counts at all: settled, not rolled back, from the main wallet. */
export function countsAsFigure(f: PlayedFigure): boolean {
  return f.status === 'settled' && f.walletType === 1;
}

/**
 * The stake that counts: 0 unless `countsAsFigure`; for a baccarat hand, the Player and Banker bets
 * count only by their difference and any other bet (tie, pairs) counts in full.
 */
export function countedStake(f: PlayedFigure): Satang {
  if (!Number.isSafeInteger(f.stake) || f.stake < 0) throw new RangeError(`stake must be whole satang ≥ 0`);
  if (!countsAsFigure(f)) return satang(0);
  if (!f.baccarat) return f.stake;
  const { player, banker } = f.baccarat;
  if (player < 0 || banker < 0 || player + banker > f.stake)
    throw new RangeError('baccarat Player and Banker bets must be parts of the stake');
  return satang(f.stake - player - banker + Math.abs(player - banker));
}

export interface HandSideBet {
  /** Unique per bet (the round id), ascending in the order the bets were placed. */
  id: number;
  side: 'player' | 'banker';
  stake: Satang;
}

/**
 * The counted stake of each Player or Banker bet of one member on one baccarat hand (G6): the two
 * sides count only by their difference, so the smaller side's total m is taken off each side, bet by
 * bet in id order. The counted stakes sum to |Player − Banker| and never go below 0; the answer is the
 * same whichever subset of the hand's bets is being counted, so bets read in separate runs agree.
 */
export function nettedHandStakes(bets: readonly HandSideBet[]): Map<number, Satang> {
  const sorted = [...bets].sort((a, b) => a.id - b.id);
  const total = { player: 0, banker: 0 };
  for (const b of sorted) {
    if (!Number.isSafeInteger(b.stake) || b.stake < 0) throw new RangeError('stake must be whole satang ≥ 0');
    total[b.side] += b.stake;
  }
  const left = { player: Math.min(total.player, total.banker), banker: Math.min(total.player, total.banker) };
  const counted = new Map<number, Satang>();
  for (const b of sorted) {
    const cut = Math.min(b.stake, left[b.side]);
    left[b.side] -= cut;
    counted.set(b.id, satang(b.stake - cut));
  }
  return counted;
}
