// Generated from src/api/promotions.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/promotions.ts';
import type { Route } from '../endpoint.ts';

export const adminCreatePromotion: Route<typeof api.adminCreatePromotion> = {
  method: 'POST',
  path: '/api/admin/promotions',
};
export const adminEndPromotion: Route<typeof api.adminEndPromotion> = {
  method: 'POST',
  path: '/api/admin/promotions/:id/end',
};
export const adminPromotionVersion: Route<typeof api.adminPromotionVersion> = {
  method: 'POST',
  path: '/api/admin/promotions/:id/versions',
};
export const adminPromotions: Route<typeof api.adminPromotions> = {
  method: 'GET',
  path: '/api/admin/promotions',
};
export const cancelPromotion: Route<typeof api.cancelPromotion> = {
  method: 'POST',
  path: '/api/member/promotions/cancel',
};
export const memberPromotions: Route<typeof api.memberPromotions> = {
  method: 'GET',
  path: '/api/member/promotions',
};
