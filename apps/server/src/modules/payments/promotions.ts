import { bangkokDayStart } from '@chok/engine/bangkok-calendar';
import { type Satang, satang } from '@chok/engine/money';
import {
  bonusFor,
  type PromotionClose,
  type PromotionRule,
  promotionCancel,
  promotionClose,
  requiredTurnover,
} from '@chok/engine/payments/promotion';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hasOpenRound, settledStakeSince } from '../games/service.ts';
import { hasPendingBill } from '../lotto/service.ts';
import { lockMember } from '../members/service.ts';
import { BONUS_WALLET, type Ledger, lockMemberWallets, MAIN_WALLET } from '../wallet/service.ts';
import { depositRule, lockActiveMemberPromotion } from './content-queries.ts';
import {
  activeMemberPromotionId,
  closeMemberPromotion,
  earlierPaidDeposit,
  insertMemberPromotion,
  memberPromotionOutcome,
} from './promotion-queries.ts';
import type { RuleColumns } from './promotion-views.ts';

type RuleRow = RuleColumns & { promotion_id: number; title: string };

export function ruleOf(r: Omit<RuleRow, 'promotion_id' | 'title'>): PromotionRule {
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
  // A version replaced after the member chose it keeps the terms they chose; an ended one pays nothing.
  if (!rule || (!rule.is_active && rule.replaced_by === null)) return 'ไม่ได้รับโบนัส: โปรโมชั่นนี้ปิดไปแล้ว';
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
export async function openBonusRound(ex: Executor, memberId: number): Promise<boolean> {
  if (await hasOpenRound(ex, memberId, BONUS_WALLET)) return true;
  return hasPendingBill(ex, memberId, BONUS_WALLET);
}

export interface ActivePromotion {
  id: number;
  promotionId: number;
  title: string;
  turnover: Satang;
  required: Satang;
  endsAt: Date;
  takenAt: Date;
  deposit: Satang;
  bonus: Satang;
  bonusBalance: Satang;
  maxWithdraw: Satang | null;
  openRound: boolean;
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
  const openRound = await openBonusRound(tx, memberId);
  const maxWithdraw = p.max_withdraw_satang === null ? null : satang(p.max_withdraw_satang);
  const close = promotionClose({
    turnover,
    required: satang(p.required_turnover_satang),
    now,
    endsAt: p.ends_at,
    bonusBalance,
    depositSatang: satang(p.deposit_satang),
    maxWithdrawSatang: maxWithdraw,
    openRound,
  });
  if (close === null) {
    return {
      id: p.id,
      promotionId: p.promotion_id,
      title: p.title,
      turnover,
      required: satang(p.required_turnover_satang),
      endsAt: p.ends_at,
      takenAt: p.taken_at,
      deposit: satang(p.deposit_satang),
      bonus: satang(p.bonus_satang),
      bonusBalance,
      maxWithdraw,
      openRound,
    };
  }
  await closePromotion(tx, ledger, memberId, p, close, now);
  return null;
}

type LockedPromotion = NonNullable<Awaited<ReturnType<typeof lockActiveMemberPromotion>>>;

/** Moves what a closing promotion releases and forfeits, and records how it closed. */
async function closePromotion(
  tx: Tx,
  ledger: Ledger,
  memberId: number,
  p: LockedPromotion,
  close: NonNullable<PromotionClose>,
  now: Date,
): Promise<void> {
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
}

export interface PromotionOutcome {
  status: 'completed' | 'expired' | 'lost' | 'cancelled';
  release: Satang;
  forfeit: Satang;
}

/**
 * The member cancels their running promotion (docs/rules/engagement.md §1.5), under G1: it is brought
 * up to date first (a met turnover completes it, a past end expires it); if it still runs,
 * min(bonus wallet, deposit) returns to main and the rest is forfeited. Refused while a round from
 * the bonus wallet waits for its result. Returns how it closed.
 */
export async function cancelMemberPromotion(
  tx: Tx,
  ledger: Ledger,
  memberId: number,
  memberPromotionId: number,
  now: Date,
): Promise<PromotionOutcome> {
  await lockMember(tx, memberId);
  const before = await lockActiveMemberPromotion(tx, memberId);
  if (!before || before.id !== memberPromotionId) throw new AppError('PROMOTION_NOT_ACTIVE');
  const still = await settlePromotion(tx, ledger, memberId, now);
  if (!still) {
    const closed = await memberPromotionOutcome(tx, before.id);
    return {
      status: closed.status as PromotionOutcome['status'],
      release: satang(closed.released_satang ?? 0),
      forfeit: satang(closed.forfeited_satang ?? 0),
    };
  }
  const bonusBalance = satang(
    (await lockMemberWallets(tx, memberId, [MAIN_WALLET, BONUS_WALLET])).get(BONUS_WALLET) ?? 0,
  );
  const close = promotionCancel({
    bonusBalance,
    depositSatang: satang(before.deposit_satang),
    openRound: await openBonusRound(tx, memberId),
  });
  if (!close) throw new AppError('PROMOTION_CANCEL_OPEN_ROUND');
  await closePromotion(tx, ledger, memberId, before, close, now);
  return { status: 'cancelled', release: close.release, forfeit: close.forfeit };
}
