import type { Tx } from '../../platform/db.ts';
import { changePoints } from '../points/service.ts';
import type { ClaimRow } from '../rewards/service.ts';
import { orderById } from './order-queries.ts';

/**
 * A voucher held for a risk review and rejected by an operator (docs/rules/engagement.md §8, G5):
 * the member gets the order's points back, once (`shop_refund:<order>`, the key a goods
 * cancellation uses), so a rejected voucher costs nothing.
 */
export async function returnVoucherPoints(tx: Tx, claim: ClaimRow) {
  const order = await orderById(tx, Number(claim.period_key));
  if (!order || order.points <= 0) return null;
  await changePoints(tx, {
    memberId: order.member_id,
    amount: order.points,
    kind: 'shop_refund',
    reference: `คืนแต้ม: ${order.title} ไม่ผ่านการตรวจสอบ`,
    key: `shop_refund:${order.id}`,
  });
  return { points: order.points };
}
