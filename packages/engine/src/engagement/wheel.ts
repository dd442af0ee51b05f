import { type Satang, satang } from '../money.ts';

/**
 * Prize wheel v2 (กงล้อ), docs/rules/engagement.md §9.
 * - 1 free spin per Bangkok day; further spins cost 100 points each, up to 10 a day.
 * - The draw is `crypto.randomInt(0, Σweights)` looked up against the cumulative weights; the server
 *   passes that function in, so this file stays pure.
 * - The spin row keeps the prize index and the weights' version; the operator changes weights by
 *   publishing a new version, never by editing an old one, so every spin row stays explained by the
 *   weights it was drawn with (docs/rules/engagement.md §9).
 * - A prize not claimed within 24 h is credited automatically; the board lists the 20 latest prizes
 *   worth 20 baht or more.
 * Every number is a setting per operator; the defaults are below.
 */
export type WheelPrize =
  | { kind: 'none' }
  | { kind: 'points'; points: number }
  | { kind: 'free_credit'; amount: Satang };

export interface WheelSlot {
  prize: WheelPrize;
  /** A whole number ≥ 0; a slot of weight 0 is shown but never drawn. */
  weight: number;
}

export interface WheelTable {
  version: number;
  slots: readonly WheelSlot[];
}

/** node:crypto's randomInt refuses ranges of 2⁴⁸ or more. */
export const MAX_TOTAL_WEIGHT = 2 ** 48 - 1;

export const DEFAULT_WHEEL_TABLE: WheelTable = {
  version: 1,
  slots: [
    { prize: { kind: 'none' }, weight: 3_000 },
    { prize: { kind: 'points', points: 10 }, weight: 3_000 },
    { prize: { kind: 'free_credit', amount: satang(500) }, weight: 2_500 },
    { prize: { kind: 'free_credit', amount: satang(2_000) }, weight: 1_000 },
    { prize: { kind: 'free_credit', amount: satang(10_000) }, weight: 450 },
    { prize: { kind: 'free_credit', amount: satang(100_000) }, weight: 50 },
  ],
};

/** Σ weights, after checking the table: whole weights ≥ 0, a positive total within randomInt's range. */
export function totalWeight(table: WheelTable): number {
  if (!Number.isSafeInteger(table.version) || table.version < 1)
    throw new RangeError(`a wheel version is a whole number ≥ 1: ${table.version}`);
  let total = 0;
  for (const { prize, weight } of table.slots) {
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError(`a weight is a whole number ≥ 0: ${weight}`);
    if (prize.kind === 'points' && !(Number.isSafeInteger(prize.points) && prize.points > 0))
      throw new RangeError('a points prize needs a whole number of points ≥ 1');
    if (prize.kind === 'free_credit' && !(Number.isSafeInteger(prize.amount) && prize.amount > 0))
      throw new RangeError('a free-credit prize needs a positive whole number of satang');
    total += weight;
  }
  if (total < 1 || total > MAX_TOTAL_WEIGHT)
    throw new RangeError(`the weights must sum to 1 … 2⁴⁸ − 1: ${total}`);
  return total;
}

/** A new version of the table with new slots; the old version stays as it was. */
export function nextWheelVersion(current: WheelTable, slots: readonly WheelSlot[]): WheelTable {
  const next = { version: current.version + 1, slots: slots.map((s) => ({ ...s })) };
  totalWeight(next);
  return next;
}

/** The slot a uniform draw u ∈ [0, Σweights) lands on: the first whose cumulative weight exceeds u. */
export function slotAt(table: WheelTable, u: number): number {
  const total = totalWeight(table);
  if (!Number.isSafeInteger(u) || u < 0 || u >= total)
    throw new RangeError(`draw outside [0, ${total}): ${u}`);
  let cumulative = 0;
  for (let i = 0; i < table.slots.length; i++) {
    cumulative += table.slots[i]!.weight;
    if (u < cumulative) return i;
  }
  throw new RangeError('unreachable: u < total');
}

/**
 * One spin: `randomInt(maxExclusive)` must return a uniform whole number in [0, maxExclusive) — the
 * server passes `(n) => crypto.randomInt(0, n)`. Returns the prize index.
 */
export function drawPrizeIndex(table: WheelTable, randomInt: (maxExclusive: number) => number): number {
  return slotAt(table, randomInt(totalWeight(table)));
}

export interface ExpectedCost {
  /** Expected free credit per spin, satang (may be fractional). */
  freeCreditSatang: number;
  /** Expected points per spin (may be fractional). */
  points: number;
  /** The exact numerators over `totalWeight`: Σ weight × amount. */
  freeCreditSatangTimesWeight: number;
  pointsTimesWeight: number;
  totalWeight: number;
}

/** The expected cost of one spin, from the weights. */
export function expectedCostPerSpin(table: WheelTable): ExpectedCost {
  const total = totalWeight(table);
  let credit = 0;
  let points = 0;
  for (const { prize, weight } of table.slots) {
    if (prize.kind === 'free_credit') credit += weight * prize.amount;
    if (prize.kind === 'points') points += weight * prize.points;
  }
  if (!Number.isSafeInteger(credit) || !Number.isSafeInteger(points))
    throw new RangeError('the expected cost overflows exact arithmetic');
  return {
    freeCreditSatang: credit / total,
    points: points / total,
    freeCreditSatangTimesWeight: credit,
    pointsTimesWeight: points,
    totalWeight: total,
  };
}

export interface SpinRules {
  freeSpinsPerDay: number;
  pointsPerExtraSpin: number;
  /** Paid spins a Bangkok day, on top of the free ones. */
  extraSpinsPerDay: number;
  /** Hours after which an unclaimed prize is credited automatically. */
  autoCreditAfterHours: number;
  /** The board lists free-credit prizes of at least this much. */
  boardMinSatang: Satang;
  boardSize: number;
}

export const SPIN_DEFAULTS: SpinRules = {
  freeSpinsPerDay: 1,
  pointsPerExtraSpin: 100,
  extraSpinsPerDay: 10,
  autoCreditAfterHours: 24,
  boardMinSatang: satang(2_000),
  boardSize: 20,
};

export type SpinPayment =
  | { kind: 'free'; freeSpinsLeftAfter: number }
  | { kind: 'points'; points: number; extraSpinsLeftAfter: number }
  | { kind: 'refused'; reason: 'WHEEL_NO_POINTS' | 'WHEEL_DAILY_LIMIT' };

/**
 * How the next spin is paid, from today's (Bangkok day) spins so far: the free spin first, then
 * points while the daily extra-spin limit and the point balance allow.
 */
export function spinPayment(
  today: { freeSpinsUsed: number; extraSpinsUsed: number; pointBalance: number },
  rules: SpinRules = SPIN_DEFAULTS,
): SpinPayment {
  const { freeSpinsUsed, extraSpinsUsed, pointBalance } = today;
  for (const n of [freeSpinsUsed, extraSpinsUsed, pointBalance])
    if (!Number.isSafeInteger(n) || n < 0)
      throw new RangeError('spin counts and points are whole numbers ≥ 0');
  if (freeSpinsUsed < rules.freeSpinsPerDay)
    return { kind: 'free', freeSpinsLeftAfter: rules.freeSpinsPerDay - freeSpinsUsed - 1 };
  if (extraSpinsUsed >= rules.extraSpinsPerDay) return { kind: 'refused', reason: 'WHEEL_DAILY_LIMIT' };
  if (pointBalance < rules.pointsPerExtraSpin) return { kind: 'refused', reason: 'WHEEL_NO_POINTS' };
  return {
    kind: 'points',
    points: rules.pointsPerExtraSpin,
    extraSpinsLeftAfter: rules.extraSpinsPerDay - extraSpinsUsed - 1,
  };
}

/** Free spins left today (the `free_spins` of config_v2). */
export function freeSpinsLeft(freeSpinsUsed: number, rules: SpinRules = SPIN_DEFAULTS): number {
  return Math.max(0, rules.freeSpinsPerDay - freeSpinsUsed);
}

/** Whether an unclaimed prize from `spunAt` is due for automatic credit at `now`. */
export function autoCreditDue(spunAt: Date, now: Date, rules: SpinRules = SPIN_DEFAULTS): boolean {
  return now.getTime() - spunAt.getTime() >= rules.autoCreditAfterHours * 3_600_000;
}

/** Whether a prize goes on the board (worth 20 baht or more: free credit only — points are not baht). */
export function onBoard(prize: WheelPrize, rules: SpinRules = SPIN_DEFAULTS): boolean {
  return prize.kind === 'free_credit' && prize.amount >= rules.boardMinSatang;
}
