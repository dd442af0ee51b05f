import type { Rng } from '../fair/rng.ts';

/**
 * Punto banco from an 8-deck shoe (docs/rules/casino.md §5.2). A card is 0..415: rank = (card mod 13) + 1
 * (1 = ace … 13 = king), suit = ⌊card / 13⌋ mod 4; value = rank mod 10 for ranks below 10, else 0.
 */
export const DECKS = 8;
export const SHOE_CARDS = DECKS * 52;
/** A new shoe is shuffled when fewer cards than this remain. */
export const RESHUFFLE_BELOW = 16;

export const BACCARAT_POSITIONS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratPosition = (typeof BACCARAT_POSITIONS)[number];
export type BaccaratWinner = 'player' | 'banker' | 'tie';

/** Return per unit staked when the position wins (stake included), in hundredths. */
export const RETURN_HUNDREDTHS: Record<BaccaratPosition, number> = {
  player: 200,
  banker: 195,
  tie: 900,
  player_pair: 1200,
  banker_pair: 1200,
};

export function rankOf(card: number): number {
  return (card % 13) + 1;
}
export function suitOf(card: number): number {
  return Math.floor(card / 13) % 4;
}
export function cardValue(card: number): number {
  const r = rankOf(card);
  return r >= 10 ? 0 : r;
}

/** A fresh shoe shuffled by Fisher–Yates, i = 415…1, j = uniform(i + 1) (docs/rules/casino.md §6.5). */
export function shuffleShoe(rng: Rng): number[] {
  const shoe = Array.from({ length: SHOE_CARDS }, (_, i) => i);
  for (let i = SHOE_CARDS - 1; i >= 1; i--) {
    const j = rng.uniform(i + 1);
    const t = shoe[i]!;
    shoe[i] = shoe[j]!;
    shoe[j] = t;
  }
  return shoe;
}

/** Whether the banker draws a third card given its total and the player's third card (null: player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird >= 6 && playerThird <= 7;
    default:
      return false;
  }
}

export interface BaccaratHand {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
}

/**
 * Deals one hand from `draw` (the next card of the shoe each call): player, banker, player,
 * banker; a natural (8–9) ends it; player draws on 0–5; banker by the tableau.
 */
export function dealHand(draw: () => number): BaccaratHand {
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const total = (cards: number[]) => cards.reduce((s, c) => s + cardValue(c), 0) % 10;
  let pt = total(player);
  let bt = total(banker);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (pt <= 5) {
      const c = draw();
      player.push(c);
      playerThird = cardValue(c);
      pt = total(player);
    }
    if (bankerDraws(bt, playerThird)) {
      banker.push(draw());
      bt = total(banker);
    }
  }
  return {
    player,
    banker,
    playerTotal: pt,
    bankerTotal: bt,
    winner: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    playerPair: rankOf(player[0]!) === rankOf(player[1]!),
    bankerPair: rankOf(banker[0]!) === rankOf(banker[1]!),
    natural,
  };
}

/** Satang returned for a stake on a position given the hand (stake included; 0 when lost). */
export function baccaratPayout(position: BaccaratPosition, stake: number, hand: BaccaratHand): number {
  const wins = (hundredths: number) => (stake * hundredths) / 100;
  switch (position) {
    case 'player':
      return hand.winner === 'player' ? wins(200) : hand.winner === 'tie' ? stake : 0;
    case 'banker':
      return hand.winner === 'banker' ? Math.floor(wins(195)) : hand.winner === 'tie' ? stake : 0;
    case 'tie':
      return hand.winner === 'tie' ? wins(900) : 0;
    case 'player_pair':
      return hand.playerPair ? wins(1200) : 0;
    case 'banker_pair':
      return hand.bankerPair ? wins(1200) : 0;
  }
}

export interface BaccaratOdds {
  player: number;
  banker: number;
  tie: number;
  pair: number;
  /** House edges as fractions of the stake (ties push on player and banker). */
  edge: { player: number; banker: number; tie: number; pair: number };
}

/**
 * Exact probabilities from the full 8-deck composition: every deal of up to six cards, each
 * weighted by the number of ways to draw it without replacement (by card value; 128 zeros, 32 of
 * each of 1–9). A pair is two cards of one rank: 31 of the other 415 cards.
 */
export function baccaratExactOdds(): BaccaratOdds {
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  let left = SHOE_CARDS;
  const p = { player: 0, banker: 0, tie: 0 };
  const take = (v: number): number => {
    const ways = counts[v]! / left;
    counts[v]!--;
    left--;
    return ways;
  };
  const put = (v: number) => {
    counts[v]!++;
    left++;
  };
  const record = (pt: number, bt: number, weight: number) => {
    if (pt > bt) p.player += weight;
    else if (bt > pt) p.banker += weight;
    else p.tie += weight;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * take(b2);
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (pt >= 8 || bt >= 8) record(pt, bt, w4);
          else if (pt <= 5) {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = w4 * take(p3);
              const pt3 = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) {
                for (let b3 = 0; b3 < 10; b3++) {
                  record(pt3, (bt + b3) % 10, w5 * take(b3));
                  put(b3);
                }
              } else record(pt3, bt, w5);
              put(p3);
            }
          } else if (bankerDraws(bt, null)) {
            for (let b3 = 0; b3 < 10; b3++) {
              record(pt, (bt + b3) % 10, w4 * take(b3));
              put(b3);
            }
          } else record(pt, bt, w4);
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  const pair = (DECKS * 4 - 1) / (SHOE_CARDS - 1);
  return {
    ...p,
    pair,
    edge: {
      banker: p.player - 0.95 * p.banker,
      player: p.banker - p.player,
      tie: 1 - 9 * p.tie,
      pair: 1 - 12 * pair,
    },
  };
}
