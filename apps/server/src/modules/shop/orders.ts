import { type GoodsOrderAction, type GoodsOrderStatus, moveGoodsOrder } from '@chok/engine/engagement/shop';
import type { Updateable } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember, memberRefs } from '../members/service.ts';
import { changePoints } from '../points/service.ts';
import type { ClaimRow } from '../rewards/service.ts';
import type { ShopDeps } from './catalogue.ts';
import { voucherClaims } from './history.ts';
import {
  lockOrder,
  moveOrder,
  type OrderRow,
  type OrderStatus,
  orderById,
  ordersPage,
} from './order-queries.ts';
import { adminOrderView } from './views.ts';

export async function listOrders(
  d: ShopDeps,
  f: {
    kind: OrderRow['kind'];
    status?: OrderStatus | undefined;
    page: number;
    per_page: number;
    page_size?: number | undefined;
  },
) {
  const size = f.page_size ?? f.per_page;
  const { items, total } = await ordersPage(d.db, {
    kind: f.kind,
    status: f.status,
    limit: size,
    offset: (f.page - 1) * size,
  });
  const refs = await memberRefs(
    d.db,
    items.map((o) => o.member_id),
  );
  const claims = new Map<number, ClaimRow>();
  if (f.kind === 'voucher') {
    for (const memberId of new Set(items.map((o) => o.member_id))) {
      const own = items.filter((o) => o.member_id === memberId);
      for (const [id, c] of await voucherClaims(d.db, memberId, own)) claims.set(id, c);
    }
  }
  return {
    items: items.map((o) => adminOrderView(o, claims.get(o.id), refs.get(o.member_id)?.phone ?? '')),
    total,
    page: f.page,
    page_size: size,
  };
}

/**
 * An operator's move on a goods order (docs/rules/engagement.md §8): requested → shipped → delivered,
 * or requested/shipped → cancelled with the points refunded once (`shop_refund:<order>`). The member
 * lock first (G1, the refund changes their points), then the order; an illegal move changes nothing.
 * Audited.
 */
export async function moveGoods(
  d: ShopDeps,
  staffId: number,
  id: number,
  action: GoodsOrderAction,
  extra: { tracking?: string | undefined; reason?: string | undefined } = {},
) {
  return inTransaction(d.db, async (tx) => {
    const found = await orderById(tx, id);
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    await lockMember(tx, found.member_id);
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('RECORD_NOT_FOUND');
    if (order.kind !== 'goods') throw new AppError('SHOP_ORDER_ILLEGAL_MOVE');
    const t = moveGoodsOrder({ status: order.status as GoodsOrderStatus, pointsPaid: order.points }, action);
    if (!t.ok) throw new AppError('SHOP_ORDER_ILLEGAL_MOVE');
    const now = d.clock.now();
    const patch: Updateable<DB['shop_order']> & { status: OrderStatus } = {
      status: t.status,
      updated_at: now,
      decided_by: staffId,
    };
    if (action === 'ship') {
      patch.shipped_at = now;
      patch.tracking = extra.tracking || null;
    } else if (action === 'deliver') {
      patch.delivered_at = now;
    } else {
      patch.cancelled_at = now;
      patch.cancel_reason = extra.reason ?? null;
    }
    const moved = await moveOrder(tx, id, order.status, patch);
    if (!moved) throw new AppError('SHOP_ORDER_ILLEGAL_MOVE');
    if (t.refundPoints > 0) {
      await changePoints(tx, {
        memberId: order.member_id,
        amount: t.refundPoints,
        kind: 'shop_refund',
        reference: `คืนแต้ม: ยกเลิกการแลก ${order.title}`,
        key: `shop_refund:${order.id}`,
      });
    }
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: `shop_order.${action}`,
      entity: 'shop_order',
      entityId: id,
      before: { status: order.status },
      after: {
        status: moved.status,
        ...(action === 'ship' ? { tracking: moved.tracking } : {}),
        ...(action === 'cancel' ? { reason: moved.cancel_reason, refund_points: t.refundPoints } : {}),
      },
    });
    const refs = await memberRefs(tx, [order.member_id]);
    return adminOrderView(moved, undefined, refs.get(order.member_id)?.phone ?? '');
  });
}
