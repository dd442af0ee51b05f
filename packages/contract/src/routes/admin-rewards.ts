// Generated from src/api/admin-rewards.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-rewards.ts';
import type { Route } from '../endpoint.ts';

export const adminAgentConfig: Route<typeof api.adminAgentConfig> = {
  method: 'GET',
  path: '/api/admin/agent/config',
};
export const adminCashbackDays: Route<typeof api.adminCashbackDays> = {
  method: 'GET',
  path: '/api/admin/cashback/days',
};
export const adminCashbackPayouts: Route<typeof api.adminCashbackPayouts> = {
  method: 'GET',
  path: '/api/admin/cashback/payouts',
};
export const adminCouponCodeSearch: Route<typeof api.adminCouponCodeSearch> = {
  method: 'GET',
  path: '/api/admin/coupons/codes',
};
export const adminCouponUses: Route<typeof api.adminCouponUses> = {
  method: 'GET',
  path: '/api/admin/coupons/uses',
};
