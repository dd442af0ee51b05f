import type { Satang } from '../money.ts';

/** The fractions a pay amount may carry: 0.01 … 0.99 baht. */
export const FRACTIONS_SATANG = 99;

/**
 * Picks the satang fraction f (1–99) for `pay_amount = amount + f` uniformly among the fractions no
 * other reserved request on the same receiving account holds (docs/rules/payments.md §1.2). `randomBelow(n)`
 * returns an integer in [0, n) — `crypto.randomInt` in the server. Null when all 99 are taken.
 */
export function pickFraction(
  takenPaySatang: Iterable<number>,
  amountSatang: Satang,
  randomBelow: (n: number) => number,
): Satang | null {
  const taken = new Set<number>();
  for (const p of takenPaySatang) {
    const f = p - amountSatang;
    if (f >= 1 && f <= FRACTIONS_SATANG) taken.add(f);
  }
  const free: number[] = [];
  for (let f = 1; f <= FRACTIONS_SATANG; f++) if (!taken.has(f)) free.push(f);
  if (free.length === 0) return null;
  const i = randomBelow(free.length);
  if (!Number.isInteger(i) || i < 0 || i >= free.length)
    throw new RangeError(`random index out of range: ${i}`);
  return (amountSatang + free[i]!) as Satang;
}
