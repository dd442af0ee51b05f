import { bangkokMonth } from '@chok/engine/bangkok-calendar';
import { quoteRefusal } from '@chok/engine/engagement/shop';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { accrue, changePoints } from '../points/service.ts';
import { type ClaimRow, payReward } from '../rewards/service.ts';
import type { ShopDeps } from './catalogue.ts';
import { countRedeemed } from './count-queries.ts';
import { itemById, takeStock } from './item-queries.ts';
import { insertOrder } from './order-queries.ts';
import { lockQuote, useQuote } from './quote-queries.ts';
import { refusalError, rulesOf } from './rules.ts';
import { orderView } from './views.ts';

export interface RedeemInput {
  quote_id: string;
  ship_name?: string | undefined;
  ship_phone?: string | undefined;
  ship_address?: string | undefined;
  note?: string | undefined;
}

/**
 * `POST /api/redemption/redeem` (docs/rules/engagement.md §8), one transaction in numbered steps;
 * any refusal rolls everything back, so a refused redeem changes nothing:
 * 1. G1: the member lock, then the member's quote (a parallel redeem of it waits, then finds it used).
 * 2. The quote is unused, under 60 s old and at the item's current price and price version.
 * 3. Stock taken in one statement (`stock = stock - q WHERE stock >= q`); unlimited items skip it.
 * 4. The member's count of the item this Bangkok month raised in one statement, within the limit.
 * 5. The quote spent, the order written, the points debited (`shop:<order>`, POINTS_INSUFFICIENT).
 * 6. A voucher pays at once through the reward claim `shop`/`<order>` (G2; G5 may hold it).
 */
export async function redeem(d: ShopDeps, memberId: number, input: RedeemInput) {
  // Points from play settled just now count (the accrual is idempotent and runs on its own).
  await accrue(d, { memberId });
  return inTransaction(d.db, async (tx) => {
    const now = d.clock.now();
    // 1.
    await lockMember(tx, memberId);
    const quote = await lockQuote(tx, input.quote_id, memberId);
    if (!quote) throw new AppError('SHOP_QUOTE_NOT_FOUND');
    const item = await itemById(tx, quote.item_id);
    if (!item?.active) throw new AppError('SHOP_ITEM_NOT_FOUND');
    // 2.
    const rules = rulesOf(item);
    const refusal = quoteRefusal(
      {
        issuedAt: quote.issued_at,
        usedAt: quote.used_at,
        unitPricePoints: quote.unit_price_points,
        priceVersion: quote.price_version,
      },
      now,
      { pricePoints: item.price_points, priceVersion: item.price_version },
      rules,
    );
    if (refusal) throw refusalError(refusal, item);
    if (item.kind === 'goods' && !input.ship_address) {
      throw new AppError('VALIDATION_FAILED', {}, { ship_address: 'กรุณากรอกที่อยู่สำหรับจัดส่งของรางวัล' });
    }
    // 3.
    if (item.stock !== null && !(await takeStock(tx, item.id, quote.quantity))) {
      throw new AppError('SHOP_OUT_OF_STOCK');
    }
    // 4.
    const month = bangkokMonth(now);
    const counted = await countRedeemed(tx, {
      memberId,
      itemId: item.id,
      month,
      quantity: quote.quantity,
      limit: item.monthly_limit,
    });
    if (!counted) throw refusalError('SHOP_MONTHLY_LIMIT', item);
    // 5.
    if (!(await useQuote(tx, quote.id, now))) throw new AppError('SHOP_QUOTE_USED');
    const goods = item.kind === 'goods';
    const order = await insertOrder(tx, {
      member_id: memberId,
      item_id: item.id,
      quote_id: quote.id,
      kind: item.kind,
      title: item.title,
      quantity: quote.quantity,
      unit_price_points: quote.unit_price_points,
      points: quote.cost_points,
      voucher_wallet: item.voucher_wallet,
      voucher_satang: item.voucher_satang,
      status: goods ? 'requested' : 'completed',
      month,
      ship_name: goods ? (input.ship_name ?? null) : null,
      ship_phone: goods ? (input.ship_phone ?? null) : null,
      ship_address: goods ? (input.ship_address ?? null) : null,
      note: input.note ?? null,
      created_at: now,
      updated_at: now,
    });
    const reference = `แลกแต้ม: ${item.title}${order.quantity > 1 ? ` × ${order.quantity}` : ''}`;
    const points = await changePoints(tx, {
      memberId,
      amount: -order.points,
      kind: 'shop',
      reference,
      key: `shop:${order.id}`,
    });
    // 6.
    let claim: ClaimRow | undefined;
    if (!goods && order.voucher_wallet && order.voucher_satang) {
      ({ claim } = await payReward(tx, d, {
        memberId,
        feature: 'shop',
        periodKey: String(order.id),
        kind: order.voucher_wallet,
        amount: order.voucher_satang * order.quantity,
        reference,
        now,
      }));
    }
    return { order: orderView(order, claim), point: points.balance };
  });
}
