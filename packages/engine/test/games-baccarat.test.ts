import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ByteRng } from '../src/fair/rng.ts';
import { fairRng } from '../src/fair/stream.ts';
import {
  BACCARAT_POSITIONS,
  baccaratExactOdds,
  baccaratPayout,
  bankerDraws,
  cardValue,
  dealHand,
  rankOf,
  SHOE_CARDS,
  shuffleShoe,
} from '../src/games/baccarat.ts';

/** Cards by rank (suit spades): rank r → card r − 1. */
const card = (rank: number) => rank - 1;
const deck = (...ranks: number[]) => {
  let i = 0;
  return () => card(ranks[i++]!);
};

describe('baccarat (docs/rules/casino.md §5.2)', () => {
  it('house edges from enumerating every deal of the 8-deck shoe: 1.0579%, 1.2351%, 14.3596%', () => {
    const odds = baccaratExactOdds();
    expect(odds.player + odds.banker + odds.tie).toBeCloseTo(1, 10);
    expect(odds.banker).toBeCloseTo(0.458597, 6);
    expect(odds.player).toBeCloseTo(0.446247, 6);
    expect(odds.tie).toBeCloseTo(0.095156, 6);
    expect(odds.pair).toBeCloseTo(0.074699, 6);
    expect((odds.edge.banker * 100).toFixed(4)).toBe('1.0579');
    expect((odds.edge.player * 100).toFixed(4)).toBe('1.2351');
    expect((odds.edge.tie * 100).toFixed(4)).toBe('14.3596');
    expect((odds.edge.pair * 100).toFixed(2)).toBe('10.36');
    expect((odds.edge.banker * 100).toFixed(2)).toBe('1.06');
    expect((odds.edge.player * 100).toFixed(2)).toBe('1.24');
    expect((odds.edge.tie * 100).toFixed(2)).toBe('14.36');
  });

  it('a natural ends the hand; player draws on 0–5; banker follows the tableau', () => {
    // Player 9 natural: nobody draws.
    let h = dealHand(deck(4, 10, 5, 3, 7, 7));
    expect([h.player.length, h.banker.length, h.natural, h.winner]).toEqual([2, 2, true, 'player']);
    // Player 5 draws a 3 (total 8); banker 3 draws unless the third card is 8.
    h = dealHand(deck(2, 1, 3, 2, 3, 13));
    expect(h.player.length).toBe(3);
    expect(h.banker.length).toBe(3);
    // Player 6 stands; banker 5 draws.
    h = dealHand(deck(3, 2, 3, 3, 1));
    expect([h.player.length, h.banker.length, h.bankerTotal]).toEqual([2, 3, 6]);
    expect(h.winner).toBe('tie');
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(7, 6)).toBe(false);
    expect(bankerDraws(6, null)).toBe(false);
  });

  it('pays 1:1, 0.95:1, 8:1 and 11:1; ties push player and banker', () => {
    const tie = dealHand(deck(3, 2, 3, 3, 1));
    expect(baccaratPayout('player', 1000, tie)).toBe(1000);
    expect(baccaratPayout('banker', 1000, tie)).toBe(1000);
    expect(baccaratPayout('tie', 1000, tie)).toBe(9000);
    const banker = dealHand(deck(1, 9, 13, 13));
    expect(banker.winner).toBe('banker');
    expect(baccaratPayout('banker', 1000, banker)).toBe(1950);
    expect(baccaratPayout('player', 1000, banker)).toBe(0);
    const pair = dealHand(deck(7, 1, 7, 1));
    expect(pair.playerPair && pair.bankerPair).toBe(true);
    expect(baccaratPayout('player_pair', 1000, pair)).toBe(12000);
  });

  it('the shoe is a Fisher–Yates permutation of 416 cards, reproducible from its seed', () => {
    const seed = { serverSeed: '5a'.repeat(32), clientSeed: 'room1:1', nonce: 0 };
    const shoe = shuffleShoe(fairRng(seed));
    expect(shoe).toHaveLength(SHOE_CARDS);
    expect(new Set(shoe).size).toBe(SHOE_CARDS);
    expect(shuffleShoe(fairRng(seed))).toEqual(shoe);
    expect(shoe.filter((c) => rankOf(c) === 13)).toHaveLength(32);
    expect(shoe.filter((c) => cardValue(c) === 0)).toHaveLength(128);
  });

  it('200,000 simulated hands from real shoes agree with the exact odds', () => {
    const rng = new ByteRng(() => randomBytes(1 << 16));
    const tally = { player: 0, banker: 0, tie: 0 };
    let hands = 0;
    while (hands < 200_000) {
      const shoe = shuffleShoe(rng);
      let at = 0;
      while (shoe.length - at >= 16) {
        tally[dealHand(() => shoe[at++]!).winner]++;
        hands++;
      }
    }
    const odds = baccaratExactOdds();
    for (const k of ['player', 'banker', 'tie'] as const) {
      const p = odds[k];
      const se = Math.sqrt((p * (1 - p)) / hands);
      expect(Math.abs(tally[k] / hands - p)).toBeLessThan(4 * se);
    }
    expect(BACCARAT_POSITIONS).toHaveLength(5);
  });
});
