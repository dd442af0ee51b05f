import { type Satang, satang } from '../money.ts';

/**
 * The affiliate programme (แนะนำเพื่อน), docs/rules/engagement.md §11:
 * 1. A member refers others with `/register?ref=CODE`; the referrer is fixed at registration.
 * 2. Commission is paid on the downline's net loss: per member and Bangkok day, stake − payout over
 *    all categories, never below 0. Level 1 (members the referrer brought) earns 5%, level 2 (members
 *    they brought in turn) 1%.
 * 3. Day D's commission accrues at 01:30 on D+1 into the member's affiliate balance; it is redeemed to
 *    main from 100 baht, at most 50,000 baht a Bangkok day.
 * 4. The network shows masked names (สมชาย ใ***) and phones (08x-xxx-5678).
 * A downline member flagged by G5 earns the referrer nothing. Every number is a setting per operator;
 * `AFFILIATE_DEFAULTS` holds the defaults.
 */
export interface AffiliateRules {
  /** Commission rates in basis points (1% = 100) by level. */
  level1Bp: number;
  level2Bp: number;
  /** The smallest redemption. */
  minRedeem: Satang;
  /** The most redeemed in one Bangkok day. */
  dailyLimit: Satang;
}

export const AFFILIATE_DEFAULTS: AffiliateRules = {
  level1Bp: 500,
  level2Bp: 100,
  minRedeem: satang(10_000),
  dailyLimit: satang(5_000_000),
};

export type AffiliateLevel = 1 | 2;

/** Rule 2: a member-day's net loss, stake − payout, never below 0. */
export function netLoss(stake: number, payout: number): Satang {
  if (!Number.isSafeInteger(stake) || !Number.isSafeInteger(payout) || stake < 0 || payout < 0)
    throw new RangeError('stake and payout must be whole satang ≥ 0');
  return satang(Math.max(0, stake - payout));
}

/** The commission on a net loss at `bp` basis points, floored to the satang. */
export function commissionOn(loss: Satang, bp: number): Satang {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`rate out of range: ${bp}`);
  return satang(Math.floor((loss * bp) / 10_000));
}

export function rateOf(rules: AffiliateRules, level: AffiliateLevel): number {
  return level === 1 ? rules.level1Bp : rules.level2Bp;
}

/** One downline member's settled figures of the day. */
export interface DownlineDay {
  memberId: number;
  stake: Satang;
  payout: Satang;
  /** Who referred the member (level 1 for them) and who referred that one (level 2), if any. */
  referrer: number | null;
  grandReferrer: number | null;
  /** Flagged by G5: earns no referrer anything. */
  flagged: boolean;
}

/** A line of a referrer's commission for the day. */
export interface CommissionLine {
  downlineId: number;
  level: AffiliateLevel;
  stake: Satang;
  payout: Satang;
  netLoss: Satang;
  rateBp: number;
  commission: Satang;
  /** The downline is flagged (G5): the line earns 0. */
  excluded: boolean;
}

/**
 * Rule 2 for one day: every referrer's lines, by referrer id. A downline member appears once per
 * level they sit on (for their referrer at level 1, for the referrer's referrer at level 2), even when
 * the line earns nothing (a winning day, or G5), so the member sees why.
 */
export function commissionLines(
  days: readonly DownlineDay[],
  rules: AffiliateRules,
): Map<number, CommissionLine[]> {
  const out = new Map<number, CommissionLine[]>();
  const add = (referrer: number, d: DownlineDay, level: AffiliateLevel) => {
    const loss = netLoss(d.stake, d.payout);
    const rateBp = rateOf(rules, level);
    const line: CommissionLine = {
      downlineId: d.memberId,
      level,
      stake: d.stake,
      payout: d.payout,
      netLoss: loss,
      rateBp,
      commission: d.flagged ? satang(0) : commissionOn(loss, rateBp),
      excluded: d.flagged,
    };
    out.set(referrer, [...(out.get(referrer) ?? []), line]);
  };
  for (const d of days) {
    if (d.referrer !== null && d.referrer !== d.memberId) add(d.referrer, d, 1);
    if (d.grandReferrer !== null && d.grandReferrer !== d.memberId && d.grandReferrer !== d.referrer)
      add(d.grandReferrer, d, 2);
  }
  return out;
}

export function totalOf(lines: readonly CommissionLine[]): Satang {
  return satang(lines.reduce((s, l) => s + l.commission, 0));
}

export type RedeemDecision =
  | { ok: true; amount: Satang }
  | { ok: false; reason: 'min'; min: Satang }
  | { ok: false; reason: 'balance'; balance: Satang }
  | { ok: false; reason: 'daily_limit'; limit: Satang; left: Satang };

/**
 * Rule 3: what a redemption may take. `requested` null = as much as allowed (the balance, up to what
 * is left of today's limit). Refusals: under the minimum, over the balance, over today's limit.
 */
export function decideRedeem(
  balance: Satang,
  redeemedToday: Satang,
  requested: Satang | null,
  rules: AffiliateRules,
): RedeemDecision {
  const left = satang(Math.max(0, rules.dailyLimit - redeemedToday));
  const amount = requested ?? satang(Math.min(balance, left));
  if (requested === null && balance >= rules.minRedeem && left < rules.minRedeem)
    return { ok: false, reason: 'daily_limit', limit: rules.dailyLimit, left };
  if (amount < rules.minRedeem || amount <= 0) return { ok: false, reason: 'min', min: rules.minRedeem };
  if (amount > balance) return { ok: false, reason: 'balance', balance };
  if (amount > left) return { ok: false, reason: 'daily_limit', limit: rules.dailyLimit, left };
  return { ok: true, amount };
}

function graphemes(text: string): string[] {
  return [...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
}

/**
 * Rule 4: "สมชาย ใจดี" → "สมชาย ใ***": the first name, then the first letter of the rest. A single
 * word keeps its first two letters.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (!first) return '***';
  if (!second) return `${graphemes(first).slice(0, 2).join('')}***`;
  return `${first} ${graphemes(second)[0]}***`;
}

/** Rule 4: "0812345678" → "08x-xxx-5678". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return 'xxx-xxx-xxxx';
  return `${digits.slice(0, 2)}x-xxx-${digits.slice(-4)}`;
}
