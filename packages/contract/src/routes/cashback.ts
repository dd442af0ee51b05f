// Generated from src/api/cashback.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/cashback.ts';
import type { Route } from '../endpoint.ts';

export const adminCashbackRerun: Route<typeof api.adminCashbackRerun> = {
  method: 'POST',
  path: '/api/admin/cashback/rerun',
};
export const adminCashbackSettings: Route<typeof api.adminCashbackSettings> = {
  method: 'GET',
  path: '/api/admin/cashback/settings',
};
export const adminUpdateCashbackSettings: Route<typeof api.adminUpdateCashbackSettings> = {
  method: 'PUT',
  path: '/api/admin/cashback/settings',
};
export const lossClaim: Route<typeof api.lossClaim> = { method: 'POST', path: '/api/cashback/loss/claim' };
export const lossHistory: Route<typeof api.lossHistory> = {
  method: 'GET',
  path: '/api/cashback/loss/history',
};
export const lossStatus: Route<typeof api.lossStatus> = { method: 'GET', path: '/api/cashback/loss/status' };
export const lottoClaim: Route<typeof api.lottoClaim> = {
  method: 'POST',
  path: '/api/cashback/loss/lotto_claim',
};
export const memberWinloss: Route<typeof api.memberWinloss> = { method: 'GET', path: '/api/member/winloss' };
export const turnoverHistory: Route<typeof api.turnoverHistory> = {
  method: 'GET',
  path: '/api/cashback/turnover/history',
};
