// Generated from src/api/lotto.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/lotto.ts';
import type { Route } from '../endpoint.ts';

export const adminCancelRound: Route<typeof api.adminCancelRound> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/cancel',
};
export const adminCloseRound: Route<typeof api.adminCloseRound> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/close',
};
export const adminEnterResult: Route<typeof api.adminEnterResult> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result',
};
export const adminNumberLimit: Route<typeof api.adminNumberLimit> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/number_limits',
};
export const adminRounds: Route<typeof api.adminRounds> = { method: 'GET', path: '/api/admin/lotto/rounds' };
export const billCancel: Route<typeof api.billCancel> = { method: 'POST', path: '/api/lotto/bill/cancel' };
export const billCreate: Route<typeof api.billCreate> = { method: 'POST', path: '/api/lotto/bill/create' };
export const billDetail: Route<typeof api.billDetail> = { method: 'GET', path: '/api/lotto/bill/detail' };
export const billList: Route<typeof api.billList> = { method: 'GET', path: '/api/lotto/bill/list' };
export const billValidate: Route<typeof api.billValidate> = {
  method: 'POST',
  path: '/api/lotto/bill/validate',
};
export const limit: Route<typeof api.limit> = { method: 'GET', path: '/api/lotto/limit' };
export const lobby: Route<typeof api.lobby> = { method: 'GET', path: '/api/lotto/lobby' };
export const lottoWallets: Route<typeof api.lottoWallets> = { method: 'POST', path: '/api/lotto/wallets' };
export const rates: Route<typeof api.rates> = { method: 'GET', path: '/api/lotto/rates' };
export const result: Route<typeof api.result> = { method: 'GET', path: '/api/lotto/result' };
export const results: Route<typeof api.results> = { method: 'GET', path: '/api/lotto/results' };
export const round: Route<typeof api.round> = { method: 'GET', path: '/api/lotto/round' };
export const roundRate: Route<typeof api.roundRate> = { method: 'GET', path: '/api/lotto/rate' };
export const rounds: Route<typeof api.rounds> = { method: 'GET', path: '/api/lotto/rounds' };
export const rule: Route<typeof api.rule> = { method: 'GET', path: '/api/lotto/rule' };
export const shootNumber: Route<typeof api.shootNumber> = {
  method: 'POST',
  path: '/api/lotto/yeekee/shoot_number',
};
export const yeekeeList: Route<typeof api.yeekeeList> = { method: 'GET', path: '/api/lotto/yeekee/list' };
export const yeekeeLists: Route<typeof api.yeekeeLists> = { method: 'GET', path: '/api/lotto/yeekee/lists' };
