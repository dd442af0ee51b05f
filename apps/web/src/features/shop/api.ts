import * as shop from '@chok/contract/routes/shop';
import { useQuery } from '@tanstack/react-query';
import { call, type Data, type Input } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';

export type ShopList = Data<typeof shop.redemptionList>;
export type ShopItem = ShopList['items'][number];
export type Quote = Data<typeof shop.redemptionCalc>;
export type Redeemed = Data<typeof shop.redemptionRedeem>;
export type Order = Redeemed['order'];
export type RedeemInput = Input<typeof shop.redemptionRedeem>;

export const shopKeys = {
  list: ['shop', 'list'] as const,
  history: (page: number) => ['shop', 'history', page] as const,
  all: ['shop'] as const,
};

export function useShopList() {
  return useQuery({ queryKey: shopKeys.list, queryFn: () => call(shop.redemptionList, {}) });
}

export function useShopHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.history(page),
    queryFn: () => call(shop.redemptionHistory, { page, per_page: 10 }),
    enabled,
  });
}

/** A quote for the confirmation; its answer sets the server clock the 60-second countdown runs on. */
export async function requestQuote(itemId: number, quantity: number): Promise<Quote> {
  const quote = await call(shop.redemptionCalc, { item_id: itemId, quantity });
  syncServerClock(quote.server_time);
  return quote;
}

export function redeemQuote(input: RedeemInput): Promise<Redeemed> {
  return call(shop.redemptionRedeem, input);
}
