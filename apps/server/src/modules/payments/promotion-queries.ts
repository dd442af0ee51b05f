import type { Executor } from '../../platform/db.ts';

export function activeMemberPromotionId(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_promotion')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** One of the member's paid deposits (other than `excludeRequestId`; paid since `paidSince` when given). */
export function earlierPaidDeposit(
  ex: Executor,
  memberId: number,
  excludeRequestId: number | null,
  paidSince: Date | null,
) {
  let q = ex
    .selectFrom('deposit_request')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'paid');
  if (excludeRequestId !== null) q = q.where('id', '<>', excludeRequestId);
  if (paidSince !== null) q = q.where('paid_at', '>=', paidSince);
  return q.limit(1).executeTakeFirst();
}

export async function insertMemberPromotion(
  ex: Executor,
  p: {
    memberId: number;
    promotionId: number;
    depositRequestId: number;
    depositSatang: number;
    bonusSatang: number;
    requiredTurnoverSatang: number;
    maxWithdrawSatang: number | null;
    takenAt: Date;
    endsAt: Date;
  },
): Promise<void> {
  await ex
    .insertInto('member_promotion')
    .values({
      member_id: p.memberId,
      promotion_id: p.promotionId,
      deposit_request_id: p.depositRequestId,
      deposit_satang: p.depositSatang,
      bonus_satang: p.bonusSatang,
      required_turnover_satang: p.requiredTurnoverSatang,
      max_withdraw_satang: p.maxWithdrawSatang,
      taken_at: p.takenAt,
      ends_at: p.endsAt,
    })
    .execute();
}

export async function closeMemberPromotion(
  ex: Executor,
  c: {
    id: number;
    status: 'completed' | 'expired' | 'lost' | 'cancelled';
    now: Date;
    release: number;
    forfeit: number;
  },
): Promise<void> {
  await ex
    .updateTable('member_promotion')
    .set({ status: c.status, closed_at: c.now, released_satang: c.release, forfeited_satang: c.forfeit })
    .where('id', '=', c.id)
    .execute();
}

/** A promotion's deposit rule (docs/rules/engagement.md §1), written with its promotion row. */
export async function insertPromotionRule(
  ex: Executor,
  r: {
    promotionId: number;
    kind: 'percent' | 'fixed';
    value: number;
    capSatang: number | null;
    minDepositSatang: number;
    turnoverMultiplier: number;
    eligibility: 'first_of_day' | 'first_ever' | 'every';
    maxWithdrawSatang: number | null;
    expiryDays: number;
    version: number;
    replacesId: number | null;
    staffId: number;
  },
): Promise<void> {
  await ex
    .insertInto('promotion_rule')
    .values({
      promotion_id: r.promotionId,
      kind: r.kind,
      value: r.value,
      cap_satang: r.capSatang,
      min_deposit_satang: r.minDepositSatang,
      turnover_multiplier: r.turnoverMultiplier,
      eligibility: r.eligibility,
      max_withdraw_satang: r.maxWithdrawSatang,
      expiry_days: r.expiryDays,
      version: r.version,
      replaces_id: r.replacesId,
      created_by: r.staffId,
    })
    .execute();
}

/** The rule stops being offered: replaced by a new version, or ended by an operator. */
export async function closePromotionRule(
  ex: Executor,
  c: { promotionId: number; replacedBy: number | null; now: Date; staffId: number },
): Promise<void> {
  await ex
    .updateTable('promotion_rule')
    .set({ replaced_by: c.replacedBy, ended_at: c.now, ended_by: c.staffId })
    .where('promotion_id', '=', c.promotionId)
    .execute();
}

/** How a member promotion closed (or that it still runs). */
export function memberPromotionOutcome(ex: Executor, id: number) {
  return ex
    .selectFrom('member_promotion')
    .select(['status', 'released_satang', 'forfeited_satang'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
