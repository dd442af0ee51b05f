import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  autoCreditDue,
  DEFAULT_WHEEL_TABLE,
  drawPrizeIndex,
  expectedCostPerSpin,
  freeSpinsLeft,
  nextWheelVersion,
  onBoard,
  SPIN_DEFAULTS,
  slotAt,
  spinPayment,
  totalWeight,
  type WheelTable,
} from '../src/engagement/wheel.ts';
import { satang } from '../src/money.ts';

/**
 * The chi-square survival function Q(df/2, x/2) (the regularized upper incomplete gamma function),
 * by its series below a + 1 and its continued fraction above (Numerical Recipes §6.2), so the
 * critical value is computed for whatever degrees of freedom the table has, not copied.
 */
function lnGamma(z: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const x = z - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

function chiSquareSurvival(x: number, df: number): number {
  const a = df / 2;
  const h = x / 2;
  if (h <= 0) return 1;
  const front = Math.exp(-h + a * Math.log(h) - lnGamma(a));
  if (h < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= h / (a + n);
      sum += term;
    }
    return 1 - front * sum;
  }
  const tiny = 1e-300;
  let b = h + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let f = d;
  for (let i = 1; i < 1_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    d = Math.abs(d) < tiny ? tiny : d;
    c = b + an / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return front * f;
}

/** The x with Q(x; df) = alpha, by bisection (Q falls as x grows). */
function chiSquareCritical(alpha: number, df: number): number {
  let lo = 0;
  let hi = 1_000;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareSurvival(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('prize wheel (docs/rules/engagement.md §9)', () => {
  it('the default table: weights 3,000 / 3,000 / 2,500 / 1,000 / 450 / 50 summing to 10,000', () => {
    expect(DEFAULT_WHEEL_TABLE.slots.map((s) => [s.prize, s.weight])).toEqual([
      [{ kind: 'none' }, 3_000],
      [{ kind: 'points', points: 10 }, 3_000],
      [{ kind: 'free_credit', amount: 500 }, 2_500],
      [{ kind: 'free_credit', amount: 2_000 }, 1_000],
      [{ kind: 'free_credit', amount: 10_000 }, 450],
      [{ kind: 'free_credit', amount: 100_000 }, 50],
    ]);
    expect(totalWeight(DEFAULT_WHEEL_TABLE)).toBe(10_000);
  });

  it('known answer: a spin costs 12.75 baht of free credit and 3 points on average, computed from the weights', () => {
    const cost = expectedCostPerSpin(DEFAULT_WHEEL_TABLE);
    expect(cost.freeCreditSatang).toBe(1_275);
    expect(cost.points).toBe(3);
    expect(cost).toMatchObject({
      freeCreditSatangTimesWeight: 12_750_000,
      pointsTimesWeight: 30_000,
      totalWeight: 10_000,
    });
    // A changed table changes the figure: doubling the 1,000-baht weight adds 5 baht.
    const heavier = nextWheelVersion(
      DEFAULT_WHEEL_TABLE,
      DEFAULT_WHEEL_TABLE.slots.map((s, i) => (i === 5 ? { ...s, weight: 100 } : s)),
    );
    expect(expectedCostPerSpin(heavier).freeCreditSatang).toBeCloseTo(
      (12_750_000 + 50 * 100_000) / 10_050,
      9,
    );
  });

  it('every draw u in [0, Σweights) maps to its slot: each slot gets exactly its weight of the draws', () => {
    const counts = new Array<number>(DEFAULT_WHEEL_TABLE.slots.length).fill(0);
    for (let u = 0; u < 10_000; u++) counts[slotAt(DEFAULT_WHEEL_TABLE, u)]!++;
    expect(counts).toEqual(DEFAULT_WHEEL_TABLE.slots.map((s) => s.weight));
    expect(
      [0, 2_999, 3_000, 5_999, 6_000, 8_499, 8_500, 9_499, 9_500, 9_949, 9_950, 9_999].map((u) =>
        slotAt(DEFAULT_WHEEL_TABLE, u),
      ),
    ).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('asks the injected randomInt for [0, Σweights) and refuses a draw outside it', () => {
    const asked: number[] = [];
    const stub = (n: number) => {
      asked.push(n);
      return 9_960;
    };
    expect(drawPrizeIndex(DEFAULT_WHEEL_TABLE, stub)).toBe(5);
    expect(asked).toEqual([10_000]);
    expect(() => drawPrizeIndex(DEFAULT_WHEEL_TABLE, () => 10_000)).toThrow(RangeError);
    expect(() => drawPrizeIndex(DEFAULT_WHEEL_TABLE, () => -1)).toThrow(RangeError);
    expect(() => drawPrizeIndex(DEFAULT_WHEEL_TABLE, () => 0.5)).toThrow(RangeError);
  });

  it('a slot of weight 0 is never drawn', () => {
    const table: WheelTable = {
      version: 3,
      slots: [
        { prize: { kind: 'none' }, weight: 1 },
        { prize: { kind: 'points', points: 5 }, weight: 0 },
        { prize: { kind: 'points', points: 10 }, weight: 1 },
      ],
    };
    expect([0, 1].map((u) => slotAt(table, u))).toEqual([0, 2]);
  });

  it('a new version of the weights leaves the old one as it was; bad tables are refused', () => {
    const slots = DEFAULT_WHEEL_TABLE.slots.map((s) => ({ ...s, weight: 1 }));
    const next = nextWheelVersion(DEFAULT_WHEEL_TABLE, slots);
    expect(next.version).toBe(2);
    expect(DEFAULT_WHEEL_TABLE.version).toBe(1);
    expect(DEFAULT_WHEEL_TABLE.slots[0]!.weight).toBe(3_000);
    const zero = DEFAULT_WHEEL_TABLE.slots.map((s) => ({ ...s, weight: 0 }));
    expect(() => nextWheelVersion(DEFAULT_WHEEL_TABLE, zero)).toThrow(RangeError);
    expect(() => nextWheelVersion(DEFAULT_WHEEL_TABLE, [{ prize: { kind: 'none' }, weight: 1.5 }])).toThrow(
      RangeError,
    );
    expect(() => nextWheelVersion(DEFAULT_WHEEL_TABLE, [{ prize: { kind: 'none' }, weight: -1 }])).toThrow(
      RangeError,
    );
    expect(() =>
      nextWheelVersion(DEFAULT_WHEEL_TABLE, [{ prize: { kind: 'none' }, weight: 2 ** 48 }]),
    ).toThrow(RangeError);
    expect(() =>
      nextWheelVersion(DEFAULT_WHEEL_TABLE, [
        { prize: { kind: 'free_credit', amount: satang(0) }, weight: 1 },
      ]),
    ).toThrow(RangeError);
  });

  it('the chi-square helper agrees with closed forms and the printed table', () => {
    // df = 2: Q(x) = e^(−x/2) exactly.
    for (const x of [0.5, 3, 13.8155]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    // Printed 0.001 critical values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4): df 1 → 10.828,
    // df 5 → 20.515, df 10 → 29.588.
    expect(chiSquareCritical(0.001, 1)).toBeCloseTo(10.828, 3);
    expect(chiSquareCritical(0.001, 5)).toBeCloseTo(20.515, 3);
    expect(chiSquareCritical(0.001, 10)).toBeCloseTo(29.588, 3);
    expect(chiSquareCritical(0.05, 5)).toBeCloseTo(11.07, 2);
    // Far in the tail too (the draw test's 10⁻⁶ level): df = 2 gives −2·ln(10⁻⁶) exactly.
    expect(chiSquareCritical(1e-6, 2)).toBeCloseTo(-2 * Math.log(1e-6), 6);
  });

  it('1,000,000 draws with crypto.randomInt fit the weights (chi-square, 10⁻⁶ level)', () => {
    const table = DEFAULT_WHEEL_TABLE;
    const n = 1_000_000;
    const counts = new Array<number>(table.slots.length).fill(0);
    const draw = (max: number) => randomInt(0, max);
    for (let i = 0; i < n; i++) counts[drawPrizeIndex(table, draw)]!++;
    const total = totalWeight(table);
    let chi2 = 0;
    for (let i = 0; i < counts.length; i++) {
      const expected = (n * table.slots[i]!.weight) / total;
      chi2 += (counts[i]! - expected) ** 2 / expected;
    }
    // Degrees of freedom = categories − 1 = 5 (no parameter is estimated from the sample). At the
    // 0.001 level (critical value 20.515) a correct draw would fail one run in 1,000, so the test
    // would fail by chance now and then; at 10⁻⁶ (≈ 35.9) once in a million runs, while a draw off by
    // half a percent in one slot at a million draws still lands far above it.
    const df = table.slots.filter((s) => s.weight > 0).length - 1;
    expect(df).toBe(5);
    const critical = chiSquareCritical(1e-6, df);
    expect(critical).toBeGreaterThan(chiSquareCritical(0.001, df));
    expect(chi2).toBeLessThan(critical);
  });
});

describe('spins per Bangkok day (docs/rules/engagement.md §9)', () => {
  it('defaults: 1 free spin, then 100 points a spin, up to 10 extra spins; auto-credit after 24 h; board from 20 baht', () => {
    expect(SPIN_DEFAULTS).toEqual({
      freeSpinsPerDay: 1,
      pointsPerExtraSpin: 100,
      extraSpinsPerDay: 10,
      autoCreditAfterHours: 24,
      boardMinSatang: 2_000,
      boardSize: 20,
    });
  });

  it('the free spin first, then points while the balance and the daily limit allow', () => {
    expect(spinPayment({ freeSpinsUsed: 0, extraSpinsUsed: 0, pointBalance: 0 })).toEqual({
      kind: 'free',
      freeSpinsLeftAfter: 0,
    });
    expect(spinPayment({ freeSpinsUsed: 1, extraSpinsUsed: 0, pointBalance: 99 })).toEqual({
      kind: 'refused',
      reason: 'WHEEL_NO_POINTS',
    });
    expect(spinPayment({ freeSpinsUsed: 1, extraSpinsUsed: 0, pointBalance: 100 })).toEqual({
      kind: 'points',
      points: 100,
      extraSpinsLeftAfter: 9,
    });
    expect(spinPayment({ freeSpinsUsed: 1, extraSpinsUsed: 9, pointBalance: 100 })).toMatchObject({
      kind: 'points',
      extraSpinsLeftAfter: 0,
    });
    expect(spinPayment({ freeSpinsUsed: 1, extraSpinsUsed: 10, pointBalance: 100_000 })).toEqual({
      kind: 'refused',
      reason: 'WHEEL_DAILY_LIMIT',
    });
    expect(freeSpinsLeft(0)).toBe(1);
    expect(freeSpinsLeft(1)).toBe(0);
    expect(freeSpinsLeft(3)).toBe(0);
    expect(() => spinPayment({ freeSpinsUsed: -1, extraSpinsUsed: 0, pointBalance: 0 })).toThrow(RangeError);
  });

  it('a day of spins: 1 free + 10 paid, 1,000 points, then refused', () => {
    let points = 5_000;
    let free = 0;
    let extra = 0;
    const kinds: string[] = [];
    for (let i = 0; i < 13; i++) {
      const p = spinPayment({ freeSpinsUsed: free, extraSpinsUsed: extra, pointBalance: points });
      kinds.push(p.kind);
      if (p.kind === 'free') free++;
      if (p.kind === 'points') {
        extra++;
        points -= p.points;
      }
    }
    expect(kinds).toEqual(['free', ...Array(10).fill('points'), 'refused', 'refused']);
    expect(points).toBe(4_000);
  });

  it('unclaimed prizes are due for automatic credit after 24 h; the board takes free credit of 20 baht or more', () => {
    const spunAt = new Date('2025-03-03T05:00:00Z');
    expect(autoCreditDue(spunAt, new Date('2025-03-04T04:59:59.999Z'))).toBe(false);
    expect(autoCreditDue(spunAt, new Date('2025-03-04T05:00:00Z'))).toBe(true);
    const board = DEFAULT_WHEEL_TABLE.slots.map((s) => onBoard(s.prize));
    expect(board).toEqual([false, false, false, true, true, true]);
  });
});
