import { type Satang, satang } from '@chok/engine/money';
import {
  bonusFor,
  type PromotionRule,
  promotionClose,
  requiredTurnover,
} from '@chok/engine/payments/promotion';
import type { Executor, Tx } from '../../platform/db.ts';
import { depositRule, lockActiveMemberPromotion } from '../content/service.ts';
import { hasOpenRound, settledStakeSince } from '../games/service.ts';
import { hasPendingBill } from '../lotto/service.ts';
import { lockMember } from '../members/service.ts';
import { BONUS_WALLET, type Ledger, lockMemberWallets, MAIN_WALLET } from '../wallet/service.ts';
import {
  activeMemberPromotionId,
  closeMemberPromotion,
  earlierPaidDeposit,
  insertMemberPromotion,
} from './promotion-queries.ts';
import { bangkokDayStart } from './settings.ts';

type RuleRow = {
  promotion_id: number;
  title: string;
  kind: 'percent' | 'fixed';
  value: number;
  cap_satang: number | null;
  min_deposit_satang: number;
  turnover_multiplier: number;
  eligibility: 'first_of_day' | 'first_ever' | 'every';
  max_withdraw_satang: number | null;
  expiry_days: number;
};

function ruleOf(r: RuleRow): PromotionRule {
  return {
    kind: r.kind,
    value: r.value,
    capSatang: r.cap_satang === null ? null : satang(r.cap_satang),
    minDepositSatang: satang(r.min_deposit_satang),
    turnoverMultiplier: r.turnover_multiplier,
  };
}

/** Why a member cannot take a promotion now, or null when they can (checked again at confirmation). */
export async function ineligibility(
  ex: Executor,
  memberId: number,
  rule: Pick<RuleRow, 'eligibility'>,
  now: Date,
  excludeRequestId: number | null = null,
): Promise<string | null> {
  const active = await activeMemberPromotionId(ex, memberId);
  if (active) return 'มีโปรโมชั่นที่ยังทำเทิร์นไม่ครบอยู่';
  if (rule.eligibility === 'every') return null;
  const earlier = await earlierPaidDeposit(
    ex,
    memberId,
    excludeRequestId,
    rule.eligibility === 'first_of_day' ? bangkokDayStart(now) : null,
  );
  if (!earlier) return null;
  return rule.eligibility === 'first_of_day' ? 'สำหรับยอดฝากแรกของวันเท่านั้น' : 'สำหรับยอดฝากครั้งแรกเท่านั้น';
}

/**
 * The promotion chosen on a deposit, evaluated at its confirmation inside the crediting transaction
 * (docs/rules/engagement.md §1): deposit → main was just written; here main → bonus (the deposit) and
 * sys:promo → bonus (the bonus). Returns the notice to show when no bonus was given.
 */
export async function applyDepositPromotion(
  tx: Tx,
  ledger: Ledger,
  d: { requestId: number; memberId: number; promotionId: number; depositSatang: Satang; now: Date },
): Promise<string | null> {
  const rule = await depositRule(tx, d.promotionId);
  if (!rule?.is_active) return 'ไม่ได้รับโบนัส: โปรโมชั่นนี้ปิดไปแล้ว';
  if (d.depositSatang <= 0) return 'ไม่ได้รับโบนัส: ยอดฝากนี้ถูกหักชำระยอดค้างจากการแก้ไขผลหวยทั้งหมด';
  // G1: one member's promotion decisions run one at a time.
  await lockMember(tx, d.memberId);
  const why = await ineligibility(tx, d.memberId, rule, d.now, d.requestId);
  if (why) return `ไม่ได้รับโบนัส: ${why}`;
  const bonus = bonusFor(ruleOf(rule), d.depositSatang);
  if (bonus <= 0) return `ไม่ได้รับโบนัส: ยอดฝากไม่ถึงขั้นต่ำของโปรโมชั่น`;
  await ledger.transfer(tx, {
    from: { member: d.memberId, wallet: MAIN_WALLET },
    to: { member: d.memberId, wallet: BONUS_WALLET },
    amount: d.depositSatang,
    kind: 'wallet_move',
    reference: `DEP-${d.requestId}`,
    idempotencyKey: `promotion:${d.memberId}:${d.requestId}:deposit`,
  });
  await ledger.transfer(tx, {
    from: { system: 'sys:promo' },
    to: { member: d.memberId, wallet: BONUS_WALLET },
    amount: bonus,
    kind: 'bonus',
    reference: rule.title,
    idempotencyKey: `promotion:${d.memberId}:${d.requestId}`,
  });
  await insertMemberPromotion(tx, {
    memberId: d.memberId,
    promotionId: rule.promotion_id,
    depositRequestId: d.requestId,
    depositSatang: d.depositSatang,
    bonusSatang: bonus,
    requiredTurnoverSatang: requiredTurnover(ruleOf(rule), d.depositSatang, bonus),
    maxWithdrawSatang: rule.max_withdraw_satang,
    takenAt: d.now,
    endsAt: new Date(d.now.getTime() + rule.expiry_days * 86_400_000),
  });
  return null;
}

/**
 * Promotion turnover (docs/rules/casino.md §1.2, docs/rules/payments.md §5.5): the settled, non-rolled-back
 * stake from the bonus wallet since the promotion was taken. Bets from main or free credit never
 * count, and a bet counts when its round settles, not when it is placed.
 */
export async function turnoverSince(ex: Executor, memberId: number, since: Date): Promise<Satang> {
  return satang(await settledStakeSince(ex, memberId, BONUS_WALLET, since));
}

/**
 * A stake from the bonus wallet still waiting for its result: a game round in play, or a lottery
 * bill paid from the bonus wallet before it stopped paying bills.
 */
async function openBonusRound(ex: Executor, memberId: number): Promise<boolean> {
  if (await hasOpenRound(ex, memberId, BONUS_WALLET)) return true;
  return hasPendingBill(ex, memberId, BONUS_WALLET);
}

export interface ActivePromotion {
  id: number;
  title: string;
  turnover: Satang;
  required: Satang;
  endsAt: Date;
}

/**
 * Brings the member's active promotion up to date (`promotionClose`): turnover met → the bonus wallet
 * moves to main (capped by max_withdraw, the excess forfeited); past its end → min(bonus wallet,
 * deposit) to main, the rest forfeited; bonus wallet under 1 baht → lost. None of these while a
 * stake from the bonus wallet waits for its result. Returns the promotion still active, if any.
 */
export async function settlePromotion(
  tx: Tx,
  ledger: Ledger,
  memberId: number,
  now: Date,
): Promise<ActivePromotion | null> {
  const p = await lockActiveMemberPromotion(tx, memberId);
  if (!p) return null;
  // Main and bonus locked first: no stake or win moves the bonus wallet while this decides.
  const bonusBalance = satang(
    (await lockMemberWallets(tx, memberId, [MAIN_WALLET, BONUS_WALLET])).get(BONUS_WALLET) ?? 0,
  );
  const turnover = await turnoverSince(tx, memberId, p.taken_at);
  const close = promotionClose({
    turnover,
    required: satang(p.required_turnover_satang),
    now,
    endsAt: p.ends_at,
    bonusBalance,
    depositSatang: satang(p.deposit_satang),
    maxWithdrawSatang: p.max_withdraw_satang === null ? null : satang(p.max_withdraw_satang),
    openRound: await openBonusRound(tx, memberId),
  });
  if (close === null) {
    return {
      id: p.id,
      title: p.title,
      turnover,
      required: satang(p.required_turnover_satang),
      endsAt: p.ends_at,
    };
  }
  const { status, release, forfeit } = close;
  if (release > 0) {
    await ledger.transfer(tx, {
      from: { member: memberId, wallet: BONUS_WALLET },
      to: { member: memberId, wallet: MAIN_WALLET },
      amount: satang(release),
      kind: 'wallet_move',
      reference: p.title,
      idempotencyKey: `promotion:${p.id}:release`,
    });
  }
  if (forfeit > 0) {
    await ledger.transfer(tx, {
      from: { member: memberId, wallet: BONUS_WALLET },
      to: { system: 'sys:forfeit' },
      amount: satang(forfeit),
      kind: 'forfeit',
      reference: p.title,
      idempotencyKey: `promotion:${p.id}:forfeit`,
    });
  }
  await closeMemberPromotion(tx, { id: p.id, status, now, release, forfeit });
  return null;
}
