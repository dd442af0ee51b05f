import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS,
  lineMultiplier,
  PAYTABLE,
  STOPS,
  STRIPS,
  SYMBOLS,
} from './slot.ts';

export interface SlotRtp {
  /** Return of the 20 lines, × total bet. */
  lines: number;
  scatter: number;
  /** Expected value of free spins per base spin, × total bet. */
  freeSpins: number;
  total: number;
  /** P(3+ scatters) on one spin. */
  trigger: number;
  /** Value of one set of 10 free spins at ×2, × total bet (the feature buy's worth). */
  freeSpinSet: number;
}

/**
 * The exact return of ช้างทอง. Every line reads one position per reel, and each position of a
 * reel shows each symbol in proportion to its stops on that strip, so the expected line pay is the
 * sum over all 10⁵ symbol combinations weighted by the product of stop counts — the same number
 * as averaging over all 32⁵ stop combinations, which a slower test also does directly.
 * A scatter is visible on a reel at 3 of its 32 stops (one scatter per strip, 3 rows).
 */
export function slotExactRtp(): SlotRtp {
  const counts = STRIPS.map((strip) => SYMBOLS.map((s) => strip.filter((x) => x === s).length));
  const denominator = STOPS ** 5;
  let lineNumerator = 0;
  const n = SYMBOLS.length;
  for (let a = 0; a < n; a++) {
    const wa = counts[0]![a]!;
    for (let b = 0; b < n; b++) {
      const wb = wa * counts[1]![b]!;
      for (let c = 0; c < n; c++) {
        const wc = wb * counts[2]![c]!;
        for (let d = 0; d < n; d++) {
          const wd = wc * counts[3]![d]!;
          for (let e = 0; e < n; e++) {
            const m = lineMultiplier(a, b, c, d, e);
            if (m > 0) lineNumerator += wd * counts[4]![e]! * m;
          }
        }
      }
    }
  }
  // 20 lines at total ÷ 20 each: the line return × total bet is the mean multiplier of one line.
  const lines = lineNumerator / denominator;

  const visible = 3;
  const hidden = STOPS - visible;
  let scatterNumerator = 0;
  let triggerNumerator = 0;
  for (let k = 3; k <= 5; k++) {
    const ways = binomial(5, k) * visible ** k * hidden ** (5 - k);
    scatterNumerator += ways * PAYTABLE.S[k - 3]!;
    triggerNumerator += ways;
  }
  const scatter = scatterNumerator / denominator;
  const trigger = triggerNumerator / denominator;
  const freeSpinSet = FREE_SPINS * FREE_SPIN_MULTIPLIER * (lines + scatter);
  const freeSpins = trigger * freeSpinSet;
  return { lines, scatter, freeSpins, total: lines + scatter + freeSpins, trigger, freeSpinSet };
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}
