import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ByteRng } from '../src/fair/rng.ts';
import { FISH, fishOdds, shoot } from '../src/games/fishing.ts';

describe('fishing (docs/rules/casino.md §5.3)', () => {
  it('every fish captures with P = 0.96/m and returns exactly 96%', () => {
    const table = { 2: 0.48, 3: 0.32, 5: 0.192, 10: 0.096, 30: 0.032, 100: 0.0096, 300: 0.0032 } as const;
    for (const f of FISH) {
      const { capture, rtp } = fishOdds(f.kind);
      expect(capture).toBeCloseTo(table[f.multiplier], 12);
      expect(rtp).toBeCloseTo(0.96, 12);
    }
  });

  it('captures iff uniform(100·m) < 96, over every outcome of the draw', () => {
    for (const f of FISH) {
      const n = 100 * f.multiplier;
      let captured = 0;
      let paid = 0;
      for (let u = 0; u < n; u++) {
        const shot = shoot({ uniform: () => u, real: () => 0 }, f.kind, 1000);
        if (shot.captured) captured++;
        paid += shot.win;
      }
      expect(captured).toBe(96);
      // Σ over all equally likely draws of the payout = 96% of the stakes.
      expect(paid / (1000 * n)).toBeCloseTo(0.96, 12);
    }
    // 10 baht at a turtle: EV 9.6% × 100 = 9.60 baht.
    expect(fishOdds('turtle').capture * 10 * 10).toBeCloseTo(9.6, 12);
  });

  it('a simulated 2 million shots return 96% within 5 SE', () => {
    const rng = new ByteRng(() => randomBytes(1 << 16));
    let sum = 0;
    let sumSq = 0;
    const n = 2_000_000;
    for (let i = 0; i < n; i++) {
      const f = FISH[i % FISH.length]!;
      const x = shoot(rng, f.kind, 100).win / 100;
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / n;
    const se = Math.sqrt((sumSq / n - mean * mean) / n);
    // 5 SE: a correct engine misses it by chance about once in 1.7 million runs (3 SE: once in 370).
    expect(Math.abs(mean - 0.96)).toBeLessThan(5 * se);
    expect(() => shoot(rng, 'whale', 300)).toThrow(RangeError);
  });
});
