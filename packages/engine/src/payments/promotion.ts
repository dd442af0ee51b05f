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
  status: 'completed' | 'expired' | 'lost';
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

const grouping = new Intl.NumberFormat('en-US', { useGrouping: true, maximumFractionDigits: 0 });

/** Baht for a sentence: `450000` → `4,500`, `450050` → `4,500.50`. */
export function bahtInWords(value: Satang | number): string {
  const whole = Math.trunc(value / 100);
  const cents = Math.abs(value % 100);
  return cents === 0 ? grouping.format(whole) : `${grouping.format(whole)}.${String(cents).padStart(2, '0')}`;
}
