import { addDays, bangkokDate, endOfBangkokDay, startOfBangkokDay } from '../bangkok-calendar.ts';
import { type Satang, satang } from '../money.ts';

/**
 * Loss cashback and turnover commission (docs/rules/engagement.md §3, §4), from a day's settled
 * figures (§0 G6):
 * - loss cashback: 5% of the net loss (Σ stake − Σ payout) of the casino and slot rounds settled on
 *   day D, floored to the satang, paid only from 1.00 baht; the lotto variant does the same over the
 *   lotto bills resulted on D. Claimable on D+1 only, 00:00–23:59 Bangkok.
 * - turnover commission: 0.2% of day D's settled stake in casino, slot, fishing and sport, paid from
 *   1 baht, on D+1 at 01:00.
 * Rates are basis points (1/100 of a percent: 5% = 500) so an operator can set 0.15%.
 */

/** The categories whose net loss earns loss cashback (§3 rule 1). */
export const LOSS_CATEGORIES = ['casino', 'slot'] as const;
/** The lotto variant (§3 rule 5). */
export const LOTTO_CATEGORIES = ['lotto'] as const;
/** The categories whose turnover earns commission (§4). */
export const COMMISSION_CATEGORIES = ['casino', 'slot', 'fishing', 'sport'] as const;

export type CashbackKind = 'loss' | 'lotto';

export interface RateRule {
  /** Basis points: 500 = 5%. Whole, 1 … 10,000. */
  rateBp: number;
  /** The smallest amount paid; less pays nothing. */
  minimum: Satang;
}

export const LOSS_CASHBACK_DEFAULTS: RateRule = { rateBp: 500, minimum: satang(100) };
export const COMMISSION_DEFAULTS: RateRule = { rateBp: 20, minimum: satang(100) };

function checkRule(rule: RateRule): void {
  if (!Number.isSafeInteger(rule.rateBp) || rule.rateBp < 1 || rule.rateBp > 10_000)
    throw new RangeError(`rate must be whole basis points in [1, 10000]: ${rule.rateBp}`);
  if (!Number.isSafeInteger(rule.minimum) || rule.minimum < 1)
    throw new RangeError(`minimum must be whole satang ≥ 1: ${rule.minimum}`);
}

function checkSatang(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be whole satang ≥ 0: ${n}`);
}

/** ⌊base × rate⌋ in whole satang, exact for any safe base (no floating point). */
export function applyRate(base: Satang, rateBp: number): Satang {
  checkSatang('base', base);
  return satang(Number((BigInt(base) * BigInt(rateBp)) / 10_000n));
}

export interface Figure {
  category: string;
  stake: number;
  payout: number;
}

export interface CashbackResult {
  stake: Satang;
  payout: Satang;
  /** Σ stake − Σ payout of the counted categories; ≤ 0 when the member is up on the day. */
  netLoss: Satang;
  /** ⌊net loss × rate⌋, 0 when there is no loss. */
  computed: Satang;
  /** What is paid: `computed` when it reaches the minimum, else 0. */
  amount: Satang;
  /** Why nothing is paid, or null when `amount` > 0. */
  refusal: 'no_loss' | 'below_minimum' | null;
}

/** The cashback of Σ stake and Σ payout of the counted categories of one member-day (§3 rule 2). */
export function cashbackOf(
  stake: Satang,
  payout: Satang,
  rule: RateRule = LOSS_CASHBACK_DEFAULTS,
): CashbackResult {
  checkRule(rule);
  checkSatang('stake', stake);
  checkSatang('payout', payout);
  const netLoss = stake - payout;
  const computed = netLoss > 0 ? applyRate(satang(netLoss), rule.rateBp) : satang(0);
  const amount = computed >= rule.minimum ? computed : satang(0);
  return {
    stake,
    payout,
    netLoss: satang(netLoss),
    computed,
    amount,
    refusal: amount > 0 ? null : netLoss > 0 ? 'below_minimum' : 'no_loss',
  };
}

/**
 * The cashback of one member-day (§3 rules 1–2, 5): `figures` are the day's settled stake and payout
 * per category; only `categories` count (casino and slot, or lotto).
 */
export function lossCashback(
  figures: readonly Figure[],
  rule: RateRule = LOSS_CASHBACK_DEFAULTS,
  categories: readonly string[] = LOSS_CATEGORIES,
): CashbackResult {
  let stake = 0;
  let payout = 0;
  for (const f of figures) {
    checkSatang('stake', f.stake);
    checkSatang('payout', f.payout);
    if (!categories.includes(f.category)) continue;
    stake += f.stake;
    payout += f.payout;
  }
  return cashbackOf(satang(stake), satang(payout), rule);
}

export interface CommissionResult {
  turnover: Satang;
  computed: Satang;
  /** `computed` when it reaches the minimum, else 0. */
  amount: Satang;
}

/** The commission of one member-day's turnover in the counted categories (§4). */
export function commissionOf(turnover: Satang, rule: RateRule = COMMISSION_DEFAULTS): CommissionResult {
  checkRule(rule);
  const computed = applyRate(turnover, rule.rateBp);
  return { turnover, computed, amount: computed >= rule.minimum ? computed : satang(0) };
}

/** The turnover commission of one member-day (§4) from the day's settled figures per category. */
export function turnoverCommission(
  figures: readonly Figure[],
  rule: RateRule = COMMISSION_DEFAULTS,
  categories: readonly string[] = COMMISSION_CATEGORIES,
): CommissionResult {
  let turnover = 0;
  for (const f of figures) {
    checkSatang('stake', f.stake);
    if (categories.includes(f.category)) turnover += f.stake;
  }
  return commissionOf(satang(turnover), rule);
}

/** The day whose cashback can be claimed at `now`: yesterday in Bangkok (§3 rule 3). */
export function claimableDay(now: Date): string {
  return addDays(bangkokDate(now), -1);
}

/** Day D's claim window: D+1 00:00 Bangkok (inclusive) to D+2 00:00 (exclusive). */
export function claimWindow(day: string): { opensAt: Date; closesAt: Date } {
  return { opensAt: endOfBangkokDay(day), closesAt: startOfBangkokDay(addDays(day, 2)) };
}

/** Whether day D's cashback can be claimed at `now`: not yet (D or earlier), open (D+1), or closed. */
export function windowState(day: string, now: Date): 'not_open' | 'open' | 'closed' {
  const { opensAt, closesAt } = claimWindow(day);
  if (now < opensAt) return 'not_open';
  return now < closesAt ? 'open' : 'closed';
}

/** [start, end) of Bangkok day D as instants. */
export function dayBounds(day: string): { from: Date; to: Date } {
  return { from: startOfBangkokDay(day), to: endOfBangkokDay(day) };
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "5", "5.0", "0.20" → basis points (500, 500, 20); null when it is not a percent of 0.01–100. */
export function percentToBp(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp >= 1 && bp <= 10_000 ? bp : null;
}

/** Basis points → a two-decimal percent: 500 → "5.00", 20 → "0.20". */
export function bpToPercent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
