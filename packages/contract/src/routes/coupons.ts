// Generated from src/api/coupons.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/coupons.ts';
import type { Route } from '../endpoint.ts';

export const adminCouponCampaigns: Route<typeof api.adminCouponCampaigns> = {
  method: 'GET',
  path: '/api/admin/coupons/campaigns',
};
export const adminCouponCodes: Route<typeof api.adminCouponCodes> = {
  method: 'GET',
  path: '/api/admin/coupons/campaigns/:id/codes',
};
export const adminCreateCouponCampaign: Route<typeof api.adminCreateCouponCampaign> = {
  method: 'POST',
  path: '/api/admin/coupons/campaigns',
};
export const adminCreatePersonalCoupons: Route<typeof api.adminCreatePersonalCoupons> = {
  method: 'POST',
  path: '/api/admin/coupons/personal',
};
export const adminDisableCouponCampaign: Route<typeof api.adminDisableCouponCampaign> = {
  method: 'POST',
  path: '/api/admin/coupons/campaigns/:id/disable',
};
export const adminDisableCouponCode: Route<typeof api.adminDisableCouponCode> = {
  method: 'POST',
  path: '/api/admin/coupons/codes/:id/disable',
};
export const couponHistory: Route<typeof api.couponHistory> = { method: 'GET', path: '/api/coupon/history' };
export const redeemCoupon: Route<typeof api.redeemCoupon> = { method: 'POST', path: '/api/coupon/redeem' };
