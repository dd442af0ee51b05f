import type { Satang } from '../money.ts';

/** A deposit promotion's rule (docs/rules/engagement.md §1). */
export interface PromotionRule {
  kind: 'percent' | 'fixed';
  /** percent: whole percent (20 = 20%); fixed: satang. */
  value: number;
  capSatang: Satang | null;
  minDepositSatang: Satang;
  turnoverMultiplier: number;
}

/** The bonus a deposit earns: percent floored to the satang and capped, or the fixed amount. */
export function bonusFor(rule: PromotionRule, depositSatang: Satang): Satang {
  if (depositSatang < rule.minDepositSatang) return 0 as Satang;
  const raw = rule.kind === 'percent' ? Math.floor((depositSatang * rule.value) / 100) : rule.value;
  const capped = rule.capSatang === null ? raw : Math.min(raw, rule.capSatang);
  return Math.max(0, capped) as Satang;
}

/** Required turnover = (deposit + bonus) × multiplier. */
export function requiredTurnover(rule: PromotionRule, depositSatang: Satang, bonusSatang: Satang): Satang {
  return ((depositSatang + bonusSatang) * rule.turnoverMultiplier) as Satang;
}

/** A bonus wallet below this closes out (docs/rules/casino.md §1.4): 1 baht. */
export const CLOSE_OUT_BELOW_SATANG = 100 as Satang;

/** An active promotion as it stands, for deciding whether it closes now. */
export interface PromotionState {
  /** Settled, non-rolled-back stake from the bonus wallet since the promotion was taken. */
  turnover: Satang;
  required: Satang;
  now: Date;
  endsAt: Date;
  bonusBalance: Satang;
  depositSatang: Satang;
  maxWithdrawSatang: Satang | null;
  /** A stake from the bonus wallet still waiting for its result (its win would land in that wallet). */
  openRound: boolean;
}

export type PromotionClose = {
  status: 'completed' | 'expired' | 'lost' | 'cancelled';
  /** Bonus wallet → main. */
  release: Satang;
  /** Bonus wallet → sys:forfeit. */
  forfeit: Satang;
} | null;

/**
 * Whether an active promotion closes now, and how (docs/rules/engagement.md §1.4–1.5, docs/rules/casino.md §1.4):
 * turnover met → the bonus wallet moves to main, capped by max_withdraw, the rest forfeited; past its
 * end → min(bonus wallet, deposit) to main, the rest forfeited; bonus wallet under 1 baht → lost, the
 * residue forfeited. Nothing closes while a round staked from the bonus wallet is open: its result
 * is credited to that wallet, so closing first would strand the win (or forfeit a stake still in play).
 */
export function promotionClose(s: PromotionState): PromotionClose {
  if (s.openRound) return null;
  let status: 'completed' | 'expired' | 'lost';
  let release: number;
  if (s.turnover >= s.required) {
    status = 'completed';
    release = s.maxWithdrawSatang === null ? s.bonusBalance : Math.min(s.bonusBalance, s.maxWithdrawSatang);
  } else if (s.now.getTime() >= s.endsAt.getTime()) {
    status = 'expired';
    release = Math.min(s.bonusBalance, s.depositSatang);
  } else if (s.bonusBalance < CLOSE_OUT_BELOW_SATANG) {
    status = 'lost';
    release = 0;
  } else {
    return null;
  }
  return { status, release: release as Satang, forfeit: (s.bonusBalance - release) as Satang };
}

/**
 * The member cancels their active promotion (docs/rules/engagement.md §1.5): min(bonus wallet, deposit)
 * returns to main and the rest is forfeited, as on expiry. Null while a round staked from the bonus
 * wallet is open (its result lands in that wallet). The caller settles the promotion first
 * (`promotionClose`), so a met turnover completes it instead of cancelling it.
 */
export function promotionCancel(
  s: Omit<PromotionState, 'turnover' | 'required' | 'now' | 'endsAt' | 'maxWithdrawSatang'>,
): PromotionClose {
  if (s.openRound) return null;
  const release = Math.min(s.bonusBalance, s.depositSatang);
  return { status: 'cancelled', release: release as Satang, forfeit: (s.bonusBalance - release) as Satang };
}

/** What the member reads about a promotion's rules, one plain Thai line each (docs/rules/engagement.md §1). */
export interface PromotionTerms extends PromotionRule {
  eligibility: 'first_of_day' | 'first_ever' | 'every';
  maxWithdrawSatang: Satang | null;
  expiryDays: number;
  /** The game categories the bonus wallet plays, as Thai labels. */
  categories: string[];
}

export const eligibilityLabels: Record<PromotionTerms['eligibility'], string> = {
  first_of_day: 'ยอดฝากแรกของวัน',
  first_ever: 'ยอดฝากครั้งแรกเท่านั้น',
  every: 'ทุกยอดฝาก',
};

/** A list as Thai writes it: "ก", "ก และข", "ก ข และค". */
export function thaiList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(' ')} และ${items.at(-1)}`;
}

export function promotionTermLines(t: PromotionTerms): string[] {
  const bonus =
    t.kind === 'percent'
      ? `โบนัส ${t.value}% ของยอดฝาก${t.capSatang === null ? '' : ` สูงสุด ${bahtInWords(t.capSatang)} บาท`}`
      : `โบนัส ${bahtInWords(t.value)} บาท`;
  return [
    bonus,
    `ฝากขั้นต่ำ ${bahtInWords(t.minDepositSatang)} บาท (${eligibilityLabels[t.eligibility]})`,
    t.turnoverMultiplier === 0 ? 'ไม่ต้องทำเทิร์น' : `ทำเทิร์น ${t.turnoverMultiplier} เท่าของ (ยอดฝาก + โบนัส)`,
    t.categories.length > 0 ? `เล่นได้เฉพาะ${thaiList(t.categories)}` : 'เล่นได้ทุกเกม',
    t.maxWithdrawSatang === null
      ? 'ถอนได้ไม่จำกัดเมื่อทำเทิร์นครบ'
      : `ถอนได้สูงสุด ${bahtInWords(t.maxWithdrawSatang)} บาทเมื่อทำเทิร์นครบ`,
    `ต้องทำเทิร์นให้ครบภายใน ${t.expiryDays} วัน`,
  ];
}

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** Baht for a sentence: `450000` → `4,500`, `450050` → `4,500.50`. */
export function bahtInWords(value: Satang | number): string {
  const whole = Math.trunc(value / 100);
  const cents = Math.abs(value % 100);
  return cents === 0 ? grouping.format(whole) : `${grouping.format(whole)}.${String(cents).padStart(2, '0')}`;
}
