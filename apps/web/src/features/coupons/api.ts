import * as coupons from '@chok/contract/routes/coupons';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';

export type Redeemed = Data<typeof coupons.redeemCoupon>;
export type CouponHistoryItem = Data<typeof coupons.couponHistory>[number];

export const couponHistoryKey = ['coupon-history'] as const;

export function useCouponHistory() {
  return useQuery({
    queryKey: couponHistoryKey,
    queryFn: () => call(coupons.couponHistory, {}),
  });
}

/** Redeems a code (docs/rules/engagement.md §2); the server reads it the Crockford way. */
export function redeemCoupon(code: string): Promise<Redeemed> {
  return call(coupons.redeemCoupon, { code });
}
