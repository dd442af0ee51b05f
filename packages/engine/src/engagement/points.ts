import { type Satang, satang } from '../money.ts';

/**
 * Points (แต้ม), docs/rules/engagement.md §7: every 100 baht of settled turnover, in any category
 * including lotto, earns 1 point. Points accrue round by round and the satang remainder carries over:
 * points = ⌊(carry + stake) / 10,000 satang⌋, the new carry being what is left below 10,000.
 * Which stakes count is docs/rules/engagement.md §0 G6 (see `countedStake` in figures.ts).
 */

/** 100 baht: the settled stake that earns one point (a setting per operator, docs/rules/engagement.md). */
export const SATANG_PER_POINT = 10_000;

export interface PointAccrual {
  /** Whole points earned by this stake (≥ 0). */
  points: number;
  /** Satang carried to the next stake, 0 ≤ carry < satangPerPoint. */
  carry: Satang;
}

/**
 * One settled stake's points. `carry` is the member's carried remainder before this stake.
 * Throws RangeError on a negative or fractional stake or a carry outside [0, satangPerPoint).
 */
export function accruePoints(carry: Satang, stake: Satang, satangPerPoint = SATANG_PER_POINT): PointAccrual {
  if (!Number.isSafeInteger(satangPerPoint) || satangPerPoint < 1)
    throw new RangeError(`satang per point must be a positive whole number: ${satangPerPoint}`);
  if (!Number.isSafeInteger(carry) || carry < 0 || carry >= satangPerPoint)
    throw new RangeError(`carry must be whole satang in [0, ${satangPerPoint}): ${carry}`);
  if (!Number.isSafeInteger(stake) || stake < 0)
    throw new RangeError(`stake must be whole non-negative satang: ${stake}`);
  const total = carry + stake;
  return { points: Math.floor(total / satangPerPoint), carry: satang(total % satangPerPoint) };
}

/** Several stakes in turn, from `carry`: the points earned in total and the final carry. */
export function accrueAll(
  carry: Satang,
  stakes: readonly Satang[],
  satangPerPoint = SATANG_PER_POINT,
): PointAccrual {
  let points = 0;
  let at = accruePoints(carry, satang(0), satangPerPoint).carry;
  for (const stake of stakes) {
    const step = accruePoints(at, stake, satangPerPoint);
    points += step.points;
    at = step.carry;
  }
  return { points, carry: at };
}
