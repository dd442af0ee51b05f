import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOUCHERS,
  type GoodsOrderAction,
  type GoodsOrderStatus,
  inStock,
  moveGoodsOrder,
  quoteRedemption,
  quoteRefusal,
  SHOP_DEFAULTS,
  type ShopItem,
  withinMonthlyLimit,
} from '../src/engagement/shop.ts';

const freeVoucher = DEFAULT_VOUCHERS[0]!;
const mainVoucher = DEFAULT_VOUCHERS[1]!;
const goods: ShopItem = { id: 'mug', kind: 'goods', pricePoints: 1_200, stock: 5 };

describe('point shop quotes (docs/rules/engagement.md §8)', () => {
  it('defaults: 500 points → 20 baht free credit, 2,000 points → 100 baht main; 5 an item a month; quotes live 60 s', () => {
    expect(freeVoucher).toMatchObject({
      kind: 'voucher',
      wallet: 'free_credit',
      credit: 2_000,
      pricePoints: 500,
    });
    expect(mainVoucher).toMatchObject({
      kind: 'voucher',
      wallet: 'main',
      credit: 10_000,
      pricePoints: 2_000,
    });
    expect(SHOP_DEFAULTS).toEqual({ monthlyLimitPerItem: 5, quoteValidSeconds: 60 });
  });

  it('quotes points for item × quantity, the balance after, and what a voucher credits', () => {
    expect(quoteRedemption(freeVoucher, 3, { pointBalance: 2_000, alreadyThisMonth: 0 })).toEqual({
      ok: true,
      quote: {
        itemId: 'voucher-free-20',
        quantity: 3,
        unitPricePoints: 500,
        costPoints: 1_500,
        balanceAfter: 500,
        credit: { wallet: 'free_credit', amount: 6_000 },
      },
    });
    expect(quoteRedemption(mainVoucher, 1, { pointBalance: 2_000, alreadyThisMonth: 4 })).toMatchObject({
      ok: true,
      quote: { costPoints: 2_000, balanceAfter: 0, credit: { wallet: 'main', amount: 10_000 } },
    });
    expect(quoteRedemption(goods, 2, { pointBalance: 10_000, alreadyThisMonth: 0 })).toMatchObject({
      ok: true,
      quote: { costPoints: 2_400, balanceAfter: 7_600, credit: null },
    });
  });

  it('refuses with a reason code: quantity, stock, monthly limit, points', () => {
    const rich = { pointBalance: 1_000_000, alreadyThisMonth: 0 };
    for (const q of [0, -1, 1.5, Number.NaN])
      expect(quoteRedemption(goods, q, rich)).toEqual({ ok: false, reason: 'SHOP_INVALID_QUANTITY' });
    expect(quoteRedemption(goods, 5, rich).ok).toBe(true);
    expect(quoteRedemption({ ...goods, stock: 4 }, 5, rich)).toEqual({
      ok: false,
      reason: 'SHOP_OUT_OF_STOCK',
    });
    expect(quoteRedemption({ ...goods, stock: 0 }, 1, rich)).toEqual({
      ok: false,
      reason: 'SHOP_OUT_OF_STOCK',
    });
    expect(quoteRedemption(freeVoucher, 6, rich)).toEqual({ ok: false, reason: 'SHOP_MONTHLY_LIMIT' });
    expect(quoteRedemption(freeVoucher, 2, { ...rich, alreadyThisMonth: 4 })).toEqual({
      ok: false,
      reason: 'SHOP_MONTHLY_LIMIT',
    });
    expect(quoteRedemption(freeVoucher, 1, { ...rich, alreadyThisMonth: 4 }).ok).toBe(true);
    expect(quoteRedemption(freeVoucher, 2, { pointBalance: 999, alreadyThisMonth: 0 })).toEqual({
      ok: false,
      reason: 'SHOP_INSUFFICIENT_POINTS',
    });
    expect(quoteRedemption(freeVoucher, 2, { pointBalance: 1_000, alreadyThisMonth: 0 }).ok).toBe(true);
    expect(
      quoteRedemption(
        freeVoucher,
        2,
        { ...rich, alreadyThisMonth: 4 },
        { ...SHOP_DEFAULTS, monthlyLimitPerItem: 10 },
      ).ok,
    ).toBe(true);
  });

  it('the predicates on their own', () => {
    expect(inStock({ stock: null }, 1_000)).toBe(true);
    expect(inStock({ stock: 3 }, 3)).toBe(true);
    expect(inStock({ stock: 3 }, 4)).toBe(false);
    expect(withinMonthlyLimit(0, 5)).toBe(true);
    expect(withinMonthlyLimit(5, 1)).toBe(false);
  });

  it('property: an accepted quote never overdraws points, stock or the monthly limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
        fc.integer({ min: -2, max: 8 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 6 }),
        (price, stock, quantity, pointBalance, alreadyThisMonth) => {
          const item: ShopItem = { id: 'x', kind: 'goods', pricePoints: price, stock };
          const r = quoteRedemption(item, quantity, { pointBalance, alreadyThisMonth });
          const fits =
            quantity >= 1 &&
            (stock === null || stock >= quantity) &&
            alreadyThisMonth + quantity <= 5 &&
            price * quantity <= pointBalance;
          expect(r.ok).toBe(fits);
          if (r.ok) {
            expect(r.quote.costPoints).toBe(price * quantity);
            expect(r.quote.balanceAfter).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('a quote is single-use, valid for 60 s and refused if the price changed', () => {
    const issuedAt = new Date('2025-03-03T05:00:00Z');
    const quote = { issuedAt, usedAt: null, unitPricePoints: 500 };
    const at = (ms: number) => new Date(issuedAt.getTime() + ms);
    expect(quoteRefusal(quote, at(0), 500)).toBeNull();
    expect(quoteRefusal(quote, at(59_999), 500)).toBeNull();
    expect(quoteRefusal(quote, at(60_000), 500)).toBe('SHOP_QUOTE_EXPIRED');
    expect(quoteRefusal(quote, at(1_000), 600)).toBe('SHOP_PRICE_CHANGED');
    expect(quoteRefusal({ ...quote, usedAt: at(500) }, at(1_000), 500)).toBe('SHOP_QUOTE_USED');
  });

  it('refuses a quote from before a price change even when the price has returned to the quoted one', () => {
    const issuedAt = new Date('2025-03-03T05:00:00Z');
    const quote = { issuedAt, usedAt: null, unitPricePoints: 500, priceVersion: 1 };
    const soon = new Date(issuedAt.getTime() + 5_000);
    expect(quoteRefusal(quote, soon, { pricePoints: 500, priceVersion: 1 })).toBeNull();
    // 500 → 600 → 500: the price reads the same, the version has moved twice.
    expect(quoteRefusal(quote, soon, { pricePoints: 500, priceVersion: 3 })).toBe('SHOP_PRICE_CHANGED');
    expect(quoteRefusal(quote, soon, { pricePoints: 600, priceVersion: 2 })).toBe('SHOP_PRICE_CHANGED');
  });
});

describe('goods orders: requested → shipped → delivered, or cancelled with the points refunded', () => {
  const statuses: GoodsOrderStatus[] = ['requested', 'shipped', 'delivered', 'cancelled'];
  const actions: GoodsOrderAction[] = ['ship', 'deliver', 'cancel'];

  it('allows exactly the legal moves', () => {
    const table = statuses.map((status) =>
      actions.map((action) => {
        const r = moveGoodsOrder({ status, pointsPaid: 1_200 }, action);
        return r.ok ? `${r.status}${r.refundPoints ? `+${r.refundPoints}` : ''}` : '-';
      }),
    );
    expect(table).toEqual([
      // ship, deliver, cancel
      ['shipped', '-', 'cancelled+1200'], // requested
      ['-', 'delivered', 'cancelled+1200'], // shipped
      ['-', '-', '-'], // delivered
      ['-', '-', '-'], // cancelled
    ]);
    expect(moveGoodsOrder({ status: 'delivered', pointsPaid: 1_200 }, 'cancel')).toEqual({
      ok: false,
      reason: 'SHOP_ORDER_ILLEGAL_MOVE',
      status: 'delivered',
    });
  });

  it('property: any sequence of moves refunds at most once, never more than was paid, and ends in a reachable state', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...actions), { maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        (moves, paid) => {
          let status: GoodsOrderStatus = 'requested';
          let refunded = 0;
          const path: GoodsOrderStatus[] = [status];
          for (const m of moves) {
            const r = moveGoodsOrder({ status, pointsPaid: paid }, m);
            if (!r.ok) {
              expect(r.status).toBe(status);
              continue;
            }
            refunded += r.refundPoints;
            status = r.status;
            path.push(status);
          }
          expect(refunded).toBe(status === 'cancelled' ? paid : 0);
          expect([
            'requested',
            'requested>shipped',
            'requested>shipped>delivered',
            'requested>cancelled',
            'requested>shipped>cancelled',
          ]).toContain(path.join('>'));
        },
      ),
    );
  });
});
