// Generated from src/api/affiliate.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/affiliate.ts';
import type { Route } from '../endpoint.ts';

export const adminAffiliateRerun: Route<typeof api.adminAffiliateRerun> = {
  method: 'POST',
  path: '/api/admin/affiliate/commission/run',
};
export const adminAffiliateRuns: Route<typeof api.adminAffiliateRuns> = {
  method: 'GET',
  path: '/api/admin/affiliate/commission/runs',
};
export const adminAffiliateSettings: Route<typeof api.adminAffiliateSettings> = {
  method: 'GET',
  path: '/api/admin/affiliate/settings',
};
export const adminUpdateAffiliateSettings: Route<typeof api.adminUpdateAffiliateSettings> = {
  method: 'PUT',
  path: '/api/admin/affiliate/settings',
};
export const affiliateCommissionHistory: Route<typeof api.affiliateCommissionHistory> = {
  method: 'GET',
  path: '/api/affiliate/v2/transactions',
};
export const affiliateConfigs: Route<typeof api.affiliateConfigs> = {
  method: 'GET',
  path: '/api/affiliate/v2/configs',
};
export const affiliateNetwork: Route<typeof api.affiliateNetwork> = {
  method: 'POST',
  path: '/api/affiliate/network',
};
export const affiliateRedeem: Route<typeof api.affiliateRedeem> = {
  method: 'POST',
  path: '/api/affiliate/redeem',
};
export const affiliateSummary: Route<typeof api.affiliateSummary> = {
  method: 'GET',
  path: '/api/affiliate/summary',
};
export const affiliateTransactions: Route<typeof api.affiliateTransactions> = {
  method: 'GET',
  path: '/api/affiliate/transactions',
};
