import type { Executor } from '../../platform/db.ts';
import { type ClaimRow, claimsOf } from '../rewards/service.ts';
import { memberOrdersPage, type OrderRow } from './order-queries.ts';
import { orderView } from './views.ts';

/** The reward claims (`shop`/`<order id>`) of a member's voucher orders, by order id. */
export async function voucherClaims(
  ex: Executor,
  memberId: number,
  orders: readonly OrderRow[],
): Promise<Map<number, ClaimRow>> {
  const keys = orders.filter((o) => o.kind === 'voucher').map((o) => String(o.id));
  const claims = await claimsOf(ex, memberId, 'shop', keys);
  return new Map(claims.map((c) => [Number(c.period_key), c]));
}

/** `GET /api/redemption/history`: the member's orders, newest first, with each voucher's credit status. */
export async function history(ex: Executor, memberId: number, page: number, perPage: number) {
  const { items, total } = await memberOrdersPage(ex, memberId, perPage, (page - 1) * perPage);
  const claims = await voucherClaims(ex, memberId, items);
  return {
    items: items.map((o) => orderView(o, claims.get(o.id))),
    page,
    per_page: perPage,
    total,
  };
}
