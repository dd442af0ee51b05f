import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ByteRng } from '../src/fair/rng.ts';
import { fairRng } from '../src/fair/stream.ts';
import {
  bestLine,
  evaluateStops,
  LINES,
  playSlotRound,
  STRIPS,
  SYMBOLS,
  slotRoundWinInLineBets,
} from '../src/games/slot.ts';
import { slotExactRtp } from '../src/games/slot-rtp.ts';

const code = (s: string) => SYMBOLS.indexOf(s as (typeof SYMBOLS)[number]);
const line = (...s: string[]) => bestLine(s.map(code));

/**
 * Simulated rounds in the RTP check: 1,000,000 by default, 10,000,000 under `npm run test:long`
 * (CHOK_LONG=1), or SLOT_SPINS (at least 100,000, below which the normal approximation behind the
 * bounds is no longer safe for this skewed pay table). The bounds are computed from the count; see
 * the test.
 */
const SPINS = Number(process.env.SLOT_SPINS ?? (process.env.CHOK_LONG === '1' ? 10_000_000 : 1_000_000));
if (!Number.isSafeInteger(SPINS) || SPINS < 100_000) throw new Error('SLOT_SPINS must be at least 100,000');

/** An Rng answering uniform() from a fixed list (for hand-built windows). */
function scripted(values: number[]) {
  let i = 0;
  return { uniform: () => values[i++ % values.length]!, real: () => 0 };
}

describe('ช้างทอง reels and pays (docs/rules/casino.md §5.1)', () => {
  it('the strips hold exactly the stops of the table', () => {
    const table: Record<string, number[]> = {
      W: [1, 2, 2, 2, 1],
      S: [1, 1, 1, 1, 1],
      H1: [2, 2, 2, 2, 2],
      H2: [3, 3, 3, 3, 3],
      H3: [3, 3, 3, 3, 3],
      M1: [4, 4, 4, 4, 4],
      M2: [4, 4, 4, 4, 4],
      L1: [5, 5, 4, 4, 5],
      L2: [5, 4, 5, 4, 5],
      L3: [4, 4, 4, 5, 4],
    };
    for (const [sym, counts] of Object.entries(table)) {
      expect(STRIPS.map((s) => s.filter((x) => x === sym).length)).toEqual(counts);
    }
    expect(STRIPS.every((s) => s.length === 32)).toBe(true);
    expect(LINES.map((l) => l.join(''))).toEqual(
      '11111 00000 22222 01210 21012 00122 22100 10121 12101 01110 21112 10001 12221 01010 21212 11011 11211 02020 20202 10201'.split(
        ' ',
      ),
    );
  });

  it('lines pay left to right, wild substitutes for all but scatter, highest win per line', () => {
    expect(line('H1', 'H1', 'H1', 'L1', 'L1').multiplier).toBe(50);
    expect(line('W', 'H1', 'W', 'H1', 'L1')).toEqual({ symbol: code('H1'), count: 4, multiplier: 200 });
    // Three wilds (60) beat five L3 with wilds (50).
    expect(line('W', 'W', 'W', 'L3', 'L3')).toEqual({ symbol: code('W'), count: 3, multiplier: 60 });
    // …but four H1 with wilds (200) beat three wilds (60).
    expect(line('W', 'W', 'W', 'H1', 'L3').multiplier).toBe(200);
    expect(line('W', 'W', 'W', 'W', 'W').multiplier).toBe(1500);
    expect(line('L1', 'H1', 'H1', 'H1', 'H1').multiplier).toBe(0);
    // Wild does not stand in for scatter; scatters do not pay on lines.
    expect(line('S', 'S', 'S', 'W', 'W').multiplier).toBe(0);
    expect(line('W', 'W', 'S', 'S', 'S').multiplier).toBe(0);
  });

  it('scatters pay anywhere × total bet and three trigger 10 free spins at ×2', () => {
    // Stops putting each strip's scatter in view on reels 1–3.
    const stops = STRIPS.map((s, reel) => (reel < 3 ? s.indexOf('S') : s.indexOf('S') + 10));
    const e = evaluateStops(stops);
    expect(e.scatters).toBe(3);
    expect(e.scatterMultiplier).toBe(5);
    expect(e.triggersFreeSpins).toBe(true);
    const round = playSlotRound(scripted(stops), 1000);
    expect(round.freeSpins).toHaveLength(10);
    // Free spins replay the same stops here, so each wins twice the base spin.
    for (const fs of round.freeSpins) expect(fs.win).toBe(2 * round.base!.win);
    expect(round.win).toBe(21 * round.base!.win);
    expect(round.base!.win).toBe(e.lineMultiplier * 50 + 5 * 1000);
  });

  it('a feature buy costs 17.51 × bet and plays 10 free spins without a base spin', () => {
    const round = playSlotRound(new ByteRng(() => crypto.getRandomValues(new Uint8Array(64))), 2000, {
      buy: true,
    });
    expect(round.cost).toBe(35020);
    expect(round.base).toBeNull();
    expect(round.freeSpins).toHaveLength(10);
    expect(() => playSlotRound(scripted([0]), 300)).toThrow(RangeError);
  });

  it('is reproducible from its seed: the same server seed, client seed and nonce give the same round', () => {
    const seed = { serverSeed: '1f'.repeat(32), clientSeed: 'player', nonce: 42 };
    expect(playSlotRound(fairRng(seed), 500)).toEqual(playSlotRound(fairRng(seed), 500));
    expect(playSlotRound(fairRng(seed), 500)).not.toEqual(
      playSlotRound(fairRng({ ...seed, nonce: 43 }), 500),
    );
  });

  it('the exact RTP by enumerating the strips is 96.0% ± 0.1 (lines + scatter + free spins)', () => {
    const rtp = slotExactRtp();
    expect(rtp.lines).toBeCloseTo(0.79874, 5);
    expect(rtp.scatter).toBeCloseTo(0.04156, 5);
    expect(rtp.freeSpins).toBeCloseTo(0.11973, 5);
    expect(1 / rtp.trigger).toBeCloseTo(140.4, 1);
    expect(rtp.freeSpinSet).toBeCloseTo(16.806, 3);
    expect(rtp.total).toBeCloseTo(0.96003, 5);
    expect(Math.abs(rtp.total - 0.96)).toBeLessThanOrEqual(0.001);
    // The feature buy: 16.806 / 17.51 = 95.98%.
    expect(rtp.freeSpinSet / 17.51).toBeCloseTo(0.9598, 4);
  });

  it('the fast simulation path pays exactly what the full round pays', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const seed = { serverSeed: 'c3'.repeat(32), clientSeed: 'sim', nonce };
      const full = playSlotRound(fairRng(seed), 2000);
      expect(slotRoundWinInLineBets(fairRng(seed)) * 100).toBe(full.win);
    }
  });

  it(`all 32⁵ stop combinations give the same 96.003%, and ${SPINS.toLocaleString('en')} simulated spins agree within 3 SE`, async () => {
    const run = <T>(job: object) =>
      new Promise<T>((resolve, reject) => {
        const w = new Worker(new URL('./games-slot-sim.worker.mjs', import.meta.url), { workerData: job });
        w.once('message', resolve);
        w.once('error', reject);
      });
    type Sums = { n: number; sumY: number; sumY2: number; triggers: number; sumYTriggered: number };
    type Sim = { n: number; sum: number; sumSq: number };
    const [e1, e2, s1, s2] = await Promise.all([
      run<Sums>({ mode: 'enumerate', from: 0, to: 16 }),
      run<Sums>({ mode: 'enumerate', from: 16, to: 32 }),
      run<Sim>({ mode: 'simulate', spins: Math.ceil(SPINS / 2) }),
      run<Sim>({ mode: 'simulate', spins: Math.ceil(SPINS / 2) }),
    ]);

    // Exact, from every stop combination: a round is one spin y plus, when it triggers, 10 free
    // spins at ×2 drawn independently (so their value is 20·E[y] and variance 40·Var[y]).
    const n = e1.n + e2.n;
    expect(n).toBe(32 ** 5);
    const ey = (e1.sumY + e2.sumY) / n;
    const ey2 = (e1.sumY2 + e2.sumY2) / n;
    const pTrigger = (e1.triggers + e2.triggers) / n;
    const eyTriggered = (e1.sumYTriggered + e2.sumYTriggered) / n;
    const freeSet = 20 * ey;
    const freeSetSq = 40 * (ey2 - ey * ey) + freeSet * freeSet;
    const exact = ey + pTrigger * freeSet;
    const sigma = Math.sqrt(ey2 + 2 * eyTriggered * freeSet + pTrigger * freeSetSq - exact * exact);
    expect(exact).toBeCloseTo(slotExactRtp().total, 9);
    expect(Math.abs(exact - 0.96)).toBeLessThanOrEqual(0.001);

    // Simulation: SPINS rounds through the engine's round function. At any count N ≥ 10⁵ the mean's
    // bound keeps the confidence it had at 10⁷ rounds, and the σ bound stays far beyond chance:
    // - the mean's standard error is σ/√N, computed from N, so 3 SE is the same two-sided 99.7%
    //   normal bound at every N; one round's skewness is ≈ 12.4 (measured over 10⁷ rounds), the
    //   mean's 12.4/√N (0.012 at 10⁶, 0.04 at 10⁵), small enough for the normal approximation;
    // - the sample σ's relative standard error is ≈ √(κ − 1)/(2√N) with one round's kurtosis
    //   κ ≈ 306 (measured over 10⁷ rounds): 0.003 at 10⁷, 0.009 at 10⁶, 0.028 at 10⁵, so the fixed
    //   25% bound is at least 9 standard errors at every allowed N (90 at 10⁷, 28 at 10⁶).
    const sims = s1.n + s2.n;
    const mean = (s1.sum + s2.sum) / sims;
    const sampleSigma = Math.sqrt((s1.sumSq + s2.sumSq) / sims - mean * mean);
    const se = sigma / Math.sqrt(sims);
    expect(sims).toBeGreaterThanOrEqual(SPINS);
    expect(Math.abs(mean - exact)).toBeLessThan(3 * se);
    expect(Math.abs(sampleSigma - sigma) / sigma).toBeLessThan(0.25);
  }, 180_000);
});
