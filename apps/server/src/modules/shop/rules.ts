import { SHOP_DEFAULTS, type ShopItem, type ShopRefusal, type ShopRules } from '@chok/engine/engagement/shop';
import { satang } from '@chok/engine/money';
import { AppError } from '../../platform/errors.ts';
import type { ItemRow } from './item-queries.ts';

/** A stored item as the engine's rules read it (docs/rules/engagement.md §8). */
export function engineItem(item: ItemRow): ShopItem {
  if (item.kind === 'voucher') {
    return {
      id: String(item.id),
      kind: 'voucher',
      wallet: item.voucher_wallet ?? 'main',
      credit: satang(item.voucher_satang ?? 0),
      pricePoints: item.price_points,
      stock: item.stock,
    };
  }
  return { id: String(item.id), kind: 'goods', pricePoints: item.price_points, stock: item.stock };
}

/** The shop's rules with the item's own monthly limit (5 unless the operator set another). */
export function rulesOf(item: ItemRow): ShopRules {
  return { ...SHOP_DEFAULTS, monthlyLimitPerItem: item.monthly_limit };
}

/** The engine's reason → the Thai error catalogue. */
export function refusalError(reason: ShopRefusal, item: ItemRow): AppError {
  if (reason === 'SHOP_INSUFFICIENT_POINTS') return new AppError('POINTS_INSUFFICIENT');
  if (reason === 'SHOP_MONTHLY_LIMIT')
    return new AppError('SHOP_MONTHLY_LIMIT', { limit: item.monthly_limit });
  return new AppError(reason);
}
