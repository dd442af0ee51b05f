import { type Satang, satang } from '../money.ts';

/**
 * Point shop (แลกของรางวัล), docs/rules/engagement.md §8.
 * - Items are credit vouchers (500 points → 20 baht free credit; 2,000 points → 100 baht to main) or
 *   goods priced by the operator.
 * - `calc` answers the cost, the balance afterwards and a quote valid for 60 s; a quote can be used
 *   once and is refused if the price changed in the meantime.
 * - Stock is taken atomically by the server (`… WHERE stock >= $q`); a member may redeem at most 5 of
 *   an item a (Bangkok) month.
 * - Goods go requested → shipped → delivered, or are cancelled and the points refunded.
 * Every number is a setting per operator. Refusals are reason codes; the server maps them to the
 * Thai error catalogue.
 */
export type ShopItem =
  | {
      id: string;
      kind: 'voucher';
      wallet: 'free_credit' | 'main';
      credit: Satang;
      pricePoints: number;
      stock: number | null;
    }
  | { id: string; kind: 'goods'; pricePoints: number; stock: number | null };

export interface ShopRules {
  /** Units of one item a member may redeem per Bangkok month. */
  monthlyLimitPerItem: number;
  quoteValidSeconds: number;
}

export const SHOP_DEFAULTS: ShopRules = { monthlyLimitPerItem: 5, quoteValidSeconds: 60 };

export const DEFAULT_VOUCHERS: readonly ShopItem[] = [
  {
    id: 'voucher-free-20',
    kind: 'voucher',
    wallet: 'free_credit',
    credit: satang(2_000),
    pricePoints: 500,
    stock: null,
  },
  {
    id: 'voucher-main-100',
    kind: 'voucher',
    wallet: 'main',
    credit: satang(10_000),
    pricePoints: 2_000,
    stock: null,
  },
];

export type ShopRefusal =
  | 'SHOP_INVALID_QUANTITY'
  | 'SHOP_OUT_OF_STOCK'
  | 'SHOP_MONTHLY_LIMIT'
  | 'SHOP_INSUFFICIENT_POINTS'
  | 'SHOP_QUOTE_EXPIRED'
  | 'SHOP_QUOTE_USED'
  | 'SHOP_PRICE_CHANGED';

const whole = (n: number, min: number) => Number.isSafeInteger(n) && n >= min;

/** A quantity is a whole number ≥ 1. */
export function validQuantity(quantity: number): boolean {
  return whole(quantity, 1);
}

/** Enough stock for `quantity` (null stock = unlimited, as vouchers are). */
export function inStock(item: Pick<ShopItem, 'stock'>, quantity: number): boolean {
  return item.stock === null || item.stock >= quantity;
}

/**
 * `alreadyThisMonth` units of this item redeemed this Bangkok month (`bangkokMonth` in calendar.ts),
 * plus `quantity`, within the limit.
 */
export function withinMonthlyLimit(
  alreadyThisMonth: number,
  quantity: number,
  rules: ShopRules = SHOP_DEFAULTS,
): boolean {
  return alreadyThisMonth + quantity <= rules.monthlyLimitPerItem;
}

export interface Quote {
  itemId: string;
  quantity: number;
  unitPricePoints: number;
  costPoints: number;
  balanceAfter: number;
  /** What a voucher credits in total, and where; null for goods. */
  credit: { wallet: 'free_credit' | 'main'; amount: Satang } | null;
}

/** `POST /api/redemption/calc`: the quote, or the first reason it cannot be had. */
export function quoteRedemption(
  item: ShopItem,
  quantity: number,
  member: { pointBalance: number; alreadyThisMonth: number },
  rules: ShopRules = SHOP_DEFAULTS,
): { ok: true; quote: Quote } | { ok: false; reason: ShopRefusal } {
  if (!whole(item.pricePoints, 1)) throw new RangeError(`an item's price is a whole number of points ≥ 1`);
  if (!whole(member.pointBalance, 0) || !whole(member.alreadyThisMonth, 0))
    throw new RangeError('point balance and monthly count are whole numbers ≥ 0');
  if (!validQuantity(quantity)) return { ok: false, reason: 'SHOP_INVALID_QUANTITY' };
  if (!inStock(item, quantity)) return { ok: false, reason: 'SHOP_OUT_OF_STOCK' };
  if (!withinMonthlyLimit(member.alreadyThisMonth, quantity, rules))
    return { ok: false, reason: 'SHOP_MONTHLY_LIMIT' };
  const costPoints = item.pricePoints * quantity;
  if (!Number.isSafeInteger(costPoints) || costPoints > member.pointBalance)
    return { ok: false, reason: 'SHOP_INSUFFICIENT_POINTS' };
  return {
    ok: true,
    quote: {
      itemId: item.id,
      quantity,
      unitPricePoints: item.pricePoints,
      costPoints,
      balanceAfter: member.pointBalance - costPoints,
      credit:
        item.kind === 'voucher' ? { wallet: item.wallet, amount: satang(item.credit * quantity) } : null,
    },
  };
}

/**
 * Whether a stored quote may still be redeemed at `now`: unused, younger than 60 s (valid while
 * now < issuedAt + 60 s) and at the item's current price. `current` is the item's price, or its price
 * and price version: the version moves on every price change, so a quote from before a change is
 * refused even when the price has since returned to the quoted one. Stock, limit and balance are
 * checked again by the redeem itself.
 */
export function quoteRefusal(
  quote: { issuedAt: Date; usedAt: Date | null; unitPricePoints: number; priceVersion?: number },
  now: Date,
  current: number | { pricePoints: number; priceVersion: number },
  rules: ShopRules = SHOP_DEFAULTS,
): ShopRefusal | null {
  if (quote.usedAt !== null) return 'SHOP_QUOTE_USED';
  if (now.getTime() >= quote.issuedAt.getTime() + rules.quoteValidSeconds * 1000) return 'SHOP_QUOTE_EXPIRED';
  const price = typeof current === 'number' ? current : current.pricePoints;
  const versionMoved =
    typeof current !== 'number' &&
    quote.priceVersion !== undefined &&
    quote.priceVersion !== current.priceVersion;
  if (price !== quote.unitPricePoints || versionMoved) return 'SHOP_PRICE_CHANGED';
  return null;
}

export type GoodsOrderStatus = 'requested' | 'shipped' | 'delivered' | 'cancelled';
export type GoodsOrderAction = 'ship' | 'deliver' | 'cancel';

/** The legal moves: requested → shipped → delivered; requested or shipped → cancelled. */
export const GOODS_ORDER_MOVES: Readonly<
  Record<GoodsOrderAction, { from: readonly GoodsOrderStatus[]; to: GoodsOrderStatus }>
> = {
  ship: { from: ['requested'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['requested', 'shipped'], to: 'cancelled' },
};

export type GoodsOrderTransition =
  | { ok: true; status: GoodsOrderStatus; refundPoints: number }
  | { ok: false; reason: 'SHOP_ORDER_ILLEGAL_MOVE'; status: GoodsOrderStatus };

/** An operator's move on a goods order; a cancel refunds the points paid. Illegal moves change nothing. */
export function moveGoodsOrder(
  order: { status: GoodsOrderStatus; pointsPaid: number },
  action: GoodsOrderAction,
): GoodsOrderTransition {
  if (!whole(order.pointsPaid, 0)) throw new RangeError('points paid is a whole number ≥ 0');
  const move = GOODS_ORDER_MOVES[action];
  if (!move.from.includes(order.status))
    return { ok: false, reason: 'SHOP_ORDER_ILLEGAL_MOVE', status: order.status };
  return { ok: true, status: move.to, refundPoints: action === 'cancel' ? order.pointsPaid : 0 };
}
