import { type GameCategory, gameCategoryLabels } from '@chok/contract/api/games';
import { formatBaht, type Satang, satang } from '@chok/engine/money';
import { promotionTermLines } from '@chok/engine/payments/promotion';
import type { Executor } from '../../platform/db.ts';
import { walletTypeCategories } from '../games/service.ts';
import { BONUS_WALLET } from '../wallet/service.ts';

/** A deposit rule's columns, as promotion_rule holds them. */
export interface RuleColumns {
  kind: 'percent' | 'fixed';
  value: number;
  cap_satang: number | null;
  min_deposit_satang: number;
  turnover_multiplier: number;
  eligibility: 'first_of_day' | 'first_ever' | 'every';
  max_withdraw_satang: number | null;
  expiry_days: number;
}

/** The game categories the bonus wallet plays (a setting of the games module), in Thai. */
export async function bonusWalletCategories(ex: Executor): Promise<string[]> {
  return (await walletTypeCategories(ex, BONUS_WALLET)).map(
    (c) => gameCategoryLabels[c as GameCategory] ?? c,
  );
}

const bahtOrNull = (v: number | null) => (v === null ? null : formatBaht(v));

/** A rule as members and operators read it (contract `promotionTerms`), with its plain Thai lines. */
export function termsView(r: RuleColumns, categories: string[]) {
  return {
    kind: r.kind,
    percent: r.kind === 'percent' ? r.value : null,
    fixed_bonus: r.kind === 'fixed' ? formatBaht(r.value) : null,
    cap: r.kind === 'percent' ? bahtOrNull(r.cap_satang) : null,
    min_deposit: formatBaht(r.min_deposit_satang),
    turnover_multiplier: r.turnover_multiplier,
    eligibility: r.eligibility,
    max_withdraw: bahtOrNull(r.max_withdraw_satang),
    expiry_days: r.expiry_days,
    categories,
    lines: promotionTermLines({
      kind: r.kind,
      value: r.value,
      capSatang: r.kind === 'percent' && r.cap_satang !== null ? satang(r.cap_satang) : null,
      minDepositSatang: satang(r.min_deposit_satang),
      turnoverMultiplier: r.turnover_multiplier,
      eligibility: r.eligibility,
      maxWithdrawSatang: r.max_withdraw_satang === null ? null : satang(r.max_withdraw_satang),
      expiryDays: r.expiry_days,
      categories,
    }),
  };
}

/** A rule row of a LEFT JOIN: the rule when the promotion has one. */
export function ruleOfJoin(r: {
  rule_id: number | null;
  kind: RuleColumns['kind'] | null;
  value: number | null;
  cap_satang: number | null;
  min_deposit_satang: number | null;
  turnover_multiplier: number | null;
  eligibility: RuleColumns['eligibility'] | null;
  max_withdraw_satang: number | null;
  expiry_days: number | null;
}): RuleColumns | null {
  if (r.rule_id === null) return null;
  return {
    kind: r.kind ?? 'percent',
    value: r.value ?? 0,
    cap_satang: r.cap_satang,
    min_deposit_satang: r.min_deposit_satang ?? 0,
    turnover_multiplier: r.turnover_multiplier ?? 0,
    eligibility: r.eligibility ?? 'first_of_day',
    max_withdraw_satang: r.max_withdraw_satang,
    expiry_days: r.expiry_days ?? 0,
  };
}

export type MemberPromotionStatus = 'active' | 'completed' | 'expired' | 'lost' | 'cancelled';

export const memberPromotionLabels: Record<MemberPromotionStatus, string> = {
  active: 'กำลังใช้งาน',
  completed: 'ทำเทิร์นครบ',
  expired: 'หมดเวลา',
  lost: 'ยอดโบนัสหมด',
  cancelled: 'ยกเลิกแล้ว',
};

/** Whole percent of the requirement played, 0–100 (a requirement of 0 is met). */
export function progressPercent(turnover: Satang, required: Satang): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((turnover * 100) / required));
}
