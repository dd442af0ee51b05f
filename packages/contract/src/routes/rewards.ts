// Generated from src/api/rewards.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/rewards.ts';
import type { Route } from '../endpoint.ts';

export const adminRejectRewardHold: Route<typeof api.adminRejectRewardHold> = {
  method: 'POST',
  path: '/api/admin/rewards/holds/:id/reject',
};
export const adminReleaseRewardHold: Route<typeof api.adminReleaseRewardHold> = {
  method: 'POST',
  path: '/api/admin/rewards/holds/:id/release',
};
export const adminRewardHoldSettings: Route<typeof api.adminRewardHoldSettings> = {
  method: 'GET',
  path: '/api/admin/rewards/holds/settings',
};
export const adminRewardHolds: Route<typeof api.adminRewardHolds> = {
  method: 'GET',
  path: '/api/admin/rewards/holds',
};
export const adminUpdateRewardHoldSettings: Route<typeof api.adminUpdateRewardHoldSettings> = {
  method: 'PUT',
  path: '/api/admin/rewards/holds/settings',
};
export const freeCreditProgress: Route<typeof api.freeCreditProgress> = {
  method: 'GET',
  path: '/api/member/free-credit',
};
