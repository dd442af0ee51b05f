import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ByteRng } from '../src/fair/rng.ts';
import {
  cappedPoisson,
  drawGoals,
  fixturesForSlot,
  footballPayout,
  lambdas,
  price,
  SELECTIONS,
  selectionWins,
  TEAMS,
} from '../src/games/football.ts';

describe('virtual football (docs/rules/casino.md §5.4)', () => {
  it('λ 1.60 v 1.10 prices 1.94 / 3.82 / 3.64 / 1.88 / 1.92', () => {
    const { probability, odds } = price(1.6, 1.1);
    expect(probability.home).toBeCloseTo(0.4896, 4);
    expect(probability.draw).toBeCloseTo(0.2489, 4);
    expect(probability.away).toBeCloseTo(0.2615, 4);
    expect(probability.over).toBeCloseTo(0.5064, 4);
    expect(probability.under).toBeCloseTo(0.4936, 4);
    expect(odds).toEqual({ home: 194, draw: 382, away: 364, over: 188, under: 192 });
  });

  it('every selection of every fixture returns at most 95.24% (theoretical return p × odds)', () => {
    let worst = 0;
    let best = 1;
    for (const h of TEAMS) {
      for (const a of TEAMS) {
        if (h === a) continue;
        const l = lambdas(h.code, a.code);
        const { probability, odds } = price(l.home, l.away);
        for (const s of SELECTIONS) {
          const ret = (probability[s] * odds[s]) / 100;
          worst = Math.max(worst, ret);
          best = Math.min(best, ret);
        }
        expect(probability.home + probability.draw + probability.away).toBeCloseTo(1, 12);
      }
    }
    expect(worst).toBeLessThanOrEqual(1 / 1.05);
    // Flooring to the hundredth costs at most a little more than the 5% margin.
    expect(best).toBeGreaterThan(0.9);
  });

  it('the capped Poisson folds the tail into 10 goals', () => {
    const p = cappedPoisson(1.6);
    expect(p).toHaveLength(11);
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 14);
    expect(drawGoals({ uniform: () => 0, real: () => 0.999999999999 }, 1.6)).toBe(10);
    expect(drawGoals({ uniform: () => 0, real: () => 0 }, 1.6)).toBe(0);
  });

  it('drawn scores settle bets at the priced return (simulated 400,000 matches)', () => {
    const rng = new ByteRng(() => randomBytes(1 << 16));
    const l = lambdas('BKK', 'NAN');
    const { probability, odds } = price(l.home, l.away);
    const paid = { home: 0, draw: 0, away: 0, over: 0, under: 0 };
    const n = 400_000;
    for (let i = 0; i < n; i++) {
      const score = { home: drawGoals(rng, l.home), away: drawGoals(rng, l.away) };
      for (const s of SELECTIONS) if (selectionWins(s, score)) paid[s] += footballPayout(100, odds[s]);
    }
    for (const s of SELECTIONS) {
      const p = probability[s];
      const se = (odds[s] * Math.sqrt(p * (1 - p))) / Math.sqrt(n);
      // 5 SE for each of five selections: a correct engine misses by chance about once in 350,000
      // runs (4 SE: once in 3,200).
      expect(Math.abs(paid[s] / n - p * odds[s])).toBeLessThan(5 * se);
    }
  });

  it('each 3-minute slot pairs all 16 teams into 8 fixtures', () => {
    for (let slot = 0; slot < 30; slot++) {
      const f = fixturesForSlot(slot);
      expect(f).toHaveLength(8);
      expect(new Set(f.flatMap((x) => [x.home, x.away])).size).toBe(16);
    }
    expect(fixturesForSlot(1)).not.toEqual(fixturesForSlot(2));
  });
});
