import type { Satang } from '../money.ts';

/** A deposit promotion's rule (engagement.md §1). */
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

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** Baht for a sentence: `450000` → `4,500`, `450050` → `4,500.50`. */
export function bahtInWords(value: Satang | number): string {
  const whole = Math.trunc(value / 100);
  const cents = Math.abs(value % 100);
  return cents === 0 ? grouping.format(whole) : `${grouping.format(whole)}.${String(cents).padStart(2, '0')}`;
}
