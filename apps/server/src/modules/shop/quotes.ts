import { randomUUID } from 'node:crypto';
import { bangkokMonth } from '@chok/engine/bangkok-calendar';
import { quoteRedemption } from '@chok/engine/engagement/shop';
import { formatBaht } from '@chok/engine/money';
import { AppError } from '../../platform/errors.ts';
import { accrue, pointBalance } from '../points/service.ts';
import type { ShopDeps } from './catalogue.ts';
import { monthlyCounts } from './count-queries.ts';
import { itemById } from './item-queries.ts';
import { insertQuote } from './quote-queries.ts';
import { engineItem, refusalError, rulesOf } from './rules.ts';
import { voucherWalletNames } from './views.ts';

/**
 * `POST /api/redemption/calc` (docs/rules/engagement.md §8): the cost and the balance after, from the
 * engine's rules (stock, 5 an item a month, enough points), and a quote that holds the price for 60 s
 * and can be redeemed once. Nothing is taken yet: the redeem checks stock, limit and points again.
 */
export async function calc(d: ShopDeps, memberId: number, input: { item_id: number; quantity: number }) {
  await accrue(d, { memberId });
  const now = d.clock.now();
  const item = await itemById(d.db, input.item_id);
  if (!item?.active) throw new AppError('SHOP_ITEM_NOT_FOUND');
  const rules = rulesOf(item);
  const [counts, balance] = await Promise.all([
    monthlyCounts(d.db, memberId, bangkokMonth(now)),
    pointBalance(d.db, memberId),
  ]);
  const r = quoteRedemption(
    engineItem(item),
    input.quantity,
    { pointBalance: balance, alreadyThisMonth: counts.get(item.id) ?? 0 },
    rules,
  );
  if (!r.ok) throw refusalError(r.reason, item);
  const expiresAt = new Date(now.getTime() + rules.quoteValidSeconds * 1000);
  const quote = await insertQuote(d.db, {
    id: randomUUID(),
    member_id: memberId,
    item_id: item.id,
    quantity: r.quote.quantity,
    unit_price_points: r.quote.unitPricePoints,
    price_version: item.price_version,
    cost_points: r.quote.costPoints,
    issued_at: now,
    expires_at: expiresAt,
  });
  const credit = r.quote.credit;
  return {
    quote_id: quote.id,
    item_id: item.id,
    title: item.title,
    kind: item.kind,
    quantity: r.quote.quantity,
    unit_price: r.quote.unitPricePoints,
    cost: r.quote.costPoints,
    balance,
    balance_after: r.quote.balanceAfter,
    credit: credit
      ? {
          wallet: credit.wallet,
          wallet_name: voucherWalletNames[credit.wallet],
          amount: formatBaht(credit.amount),
        }
      : null,
    expires_at: expiresAt.toISOString(),
    server_time: now.toISOString(),
    valid_seconds: rules.quoteValidSeconds,
  };
}
