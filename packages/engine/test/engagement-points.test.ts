import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedStake, nettedHandStakes, type PlayedFigure } from '../src/engagement/figures.ts';
import { accrueAll, accruePoints, SATANG_PER_POINT } from '../src/engagement/points.ts';
import { type Satang, satang } from '../src/money.ts';

const s = (n: number) => satang(n);

describe('points accrual (docs/rules/engagement.md §7)', () => {
  it('earns 1 point per 100 baht and carries the satang remainder', () => {
    expect(SATANG_PER_POINT).toBe(10_000);
    expect(accruePoints(s(0), s(9_999))).toEqual({ points: 0, carry: 9_999 });
    expect(accruePoints(s(9_999), s(1))).toEqual({ points: 1, carry: 0 });
    expect(accruePoints(s(0), s(10_000))).toEqual({ points: 1, carry: 0 });
    // 150.50 baht then 49.50 baht: 1 point with 50.50 carried, then the carry completes the second.
    expect(accruePoints(s(0), s(15_050))).toEqual({ points: 1, carry: 5_050 });
    expect(accruePoints(s(5_050), s(4_950))).toEqual({ points: 1, carry: 0 });
    expect(accrueAll(s(0), [s(15_050), s(4_950), s(123_456)])).toEqual({ points: 14, carry: 3_456 });
    expect(accruePoints(s(0), s(0))).toEqual({ points: 0, carry: 0 });
  });

  it('takes the rate as a setting', () => {
    expect(accruePoints(s(0), s(12_345), 1_000)).toEqual({ points: 12, carry: 345 });
  });

  it('refuses negative or fractional stakes and a carry outside [0, rate)', () => {
    expect(() => accruePoints(s(0), -1 as Satang)).toThrow(RangeError);
    expect(() => accruePoints(s(0), 0.5 as Satang)).toThrow(RangeError);
    expect(() => accruePoints(s(10_000), s(1))).toThrow(RangeError);
    expect(() => accruePoints(-1 as Satang, s(1))).toThrow(RangeError);
    expect(() => accrueAll(s(10_000), [])).toThrow(RangeError);
    expect(() => accruePoints(s(0), s(1), 0)).toThrow(RangeError);
  });

  it('any split of the same stakes, in any order, gives the same points and final carry, never negative', () => {
    const stake = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999 }),
        // Each inner array is one stake split into parts; the stake itself is their sum.
        // Each inner array is one stake split into parts; the stake itself is their sum. The parts
        // are then replayed as separate stakes in a shuffled order.
        fc.array(fc.array(stake, { minLength: 1, maxLength: 6 }), { maxLength: 30 }).chain((groups) => {
          const parts = groups.flat();
          const all = { minLength: parts.length, maxLength: parts.length };
          return fc.tuple(fc.constant(groups), fc.shuffledSubarray(parts, all));
        }),
        (carry, [groups, shuffledParts]) => {
          const whole = groups.map((parts) => s(parts.reduce((a, b) => a + b, 0)));
          const shuffled = shuffledParts.map(s);
          const a = accrueAll(s(carry), whole);
          const b = accrueAll(s(carry), shuffled);
          expect(b).toEqual(a);
          const total = carry + whole.reduce((x, y) => x + y, 0);
          expect(a).toEqual({ points: Math.floor(total / 10_000), carry: total % 10_000 });
          let at = s(carry);
          for (const p of shuffled) {
            const step = accruePoints(at, p);
            expect(step.points).toBeGreaterThanOrEqual(0);
            expect(step.carry).toBeGreaterThanOrEqual(0);
            expect(step.carry).toBeLessThan(10_000);
            at = step.carry;
          }
        },
      ),
    );
  });
});

describe('which stakes count (docs/rules/engagement.md §0 G6)', () => {
  const main = (stake: number, more: Partial<PlayedFigure> = {}): PlayedFigure => ({
    source: 'game',
    walletType: 1,
    status: 'settled',
    stake: s(stake),
    ...more,
  });

  it('counts settled main-wallet rounds and lotto bills only', () => {
    expect(countedStake(main(5_000))).toBe(5_000);
    expect(countedStake(main(5_000, { source: 'lotto' }))).toBe(5_000);
    expect(countedStake(main(5_000, { status: 'rolled_back' }))).toBe(0);
    expect(countedStake(main(5_000, { status: 'open' }))).toBe(0);
    expect(countedStake(main(5_000, { walletType: 2 }))).toBe(0);
    expect(countedStake(main(5_000, { walletType: 3 }))).toBe(0);
  });

  it('counts opposite Player and Banker bets of one baccarat hand only by their difference', () => {
    // Player 1,000, Banker 600, tie 100: 400 + 100 count.
    expect(countedStake(main(170_000, { baccarat: { player: s(100_000), banker: s(60_000) } }))).toBe(50_000);
    expect(countedStake(main(200_000, { baccarat: { player: s(100_000), banker: s(100_000) } }))).toBe(0);
    expect(countedStake(main(100_000, { baccarat: { player: s(100_000), banker: s(0) } }))).toBe(100_000);
    expect(() => countedStake(main(100, { baccarat: { player: s(100), banker: s(1) } }))).toThrow(RangeError);
  });
});

describe('baccarat Player and Banker bets count by their difference (G6)', () => {
  it('P 300 + B 100 on one hand counts 200; each side alone counts in full', () => {
    const n = nettedHandStakes([
      { id: 1, side: 'player', stake: satang(20_000) },
      { id: 2, side: 'banker', stake: satang(10_000) },
      { id: 3, side: 'player', stake: satang(10_000) },
    ]);
    expect([...n.entries()]).toEqual([
      [1, 10_000],
      [2, 0],
      [3, 10_000],
    ]);
    expect([...nettedHandStakes([{ id: 7, side: 'banker', stake: satang(5_000) }]).values()]).toEqual([
      5_000,
    ]);
  });

  it('the counted stakes sum to |P − B| for any hand (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side: fc.constantFrom('player' as const, 'banker' as const),
            stake: fc.integer({ min: 0, max: 1e7 }),
          }),
          {
            maxLength: 8,
          },
        ),
        (raw) => {
          const bets = raw.map((b, i) => ({ id: i + 1, side: b.side, stake: satang(b.stake) }));
          const n = nettedHandStakes(bets);
          const sum = [...n.values()].reduce((a, b) => a + b, 0);
          const p = bets.filter((b) => b.side === 'player').reduce((a, b) => a + b.stake, 0);
          const b = bets.filter((x) => x.side === 'banker').reduce((a, x) => a + x.stake, 0);
          expect(sum).toBe(Math.abs(p - b));
          expect(sum).toBe(
            countedStake({
              source: 'game',
              walletType: 1,
              status: 'settled',
              stake: satang(p + b),
              baccarat: { player: satang(p), banker: satang(b) },
            }),
          );
          for (const v of n.values()) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
