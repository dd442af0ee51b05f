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
  c: { id: number; status: 'completed' | 'expired' | 'lost'; now: Date; release: number; forfeit: number },
): Promise<void> {
  await ex
    .updateTable('member_promotion')
    .set({ status: c.status, closed_at: c.now, released_satang: c.release, forfeited_satang: c.forfeit })
    .where('id', '=', c.id)
    .execute();
}
