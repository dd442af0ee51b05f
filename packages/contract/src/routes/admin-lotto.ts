// Generated from src/api/admin-lotto.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-lotto.ts';
import type { Route } from '../endpoint.ts';

export const adminCorrectResult: Route<typeof api.adminCorrectResult> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/correct',
};
export const adminDeleteTemplate: Route<typeof api.adminDeleteTemplate> = {
  method: 'POST',
  path: '/api/admin/lotto/templates/:id/delete',
};
export const adminExposure: Route<typeof api.adminExposure> = {
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/exposure',
};
export const adminFetchOfficialResult: Route<typeof api.adminFetchOfficialResult> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/fetch',
};
export const adminMarkets: Route<typeof api.adminMarkets> = {
  method: 'GET',
  path: '/api/admin/lotto/markets',
};
export const adminNumberLimits: Route<typeof api.adminNumberLimits> = {
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/number_limits',
};
export const adminOpenRound: Route<typeof api.adminOpenRound> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/open',
};
export const adminPreviewResult: Route<typeof api.adminPreviewResult> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/result/preview',
};
export const adminReopenRound: Route<typeof api.adminReopenRound> = {
  method: 'POST',
  path: '/api/admin/lotto/rounds/:id/reopen',
};
export const adminResultEntries: Route<typeof api.adminResultEntries> = {
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id/result/entries',
};
export const adminRound: Route<typeof api.adminRound> = {
  method: 'GET',
  path: '/api/admin/lotto/rounds/:id',
};
export const adminRoundRates: Route<typeof api.adminRoundRates> = {
  method: 'PUT',
  path: '/api/admin/lotto/rounds/:id/rates',
};
export const adminSaveTemplate: Route<typeof api.adminSaveTemplate> = {
  method: 'POST',
  path: '/api/admin/lotto/templates',
};
export const adminTemplates: Route<typeof api.adminTemplates> = {
  method: 'GET',
  path: '/api/admin/lotto/templates',
};
export const adminUpdateMarket: Route<typeof api.adminUpdateMarket> = {
  method: 'PUT',
  path: '/api/admin/lotto/markets/:id',
};
export const adminYeekeeRounds: Route<typeof api.adminYeekeeRounds> = {
  method: 'GET',
  path: '/api/admin/lotto/yeekee/rounds',
};
export const adminYeekeeShots: Route<typeof api.adminYeekeeShots> = {
  method: 'GET',
  path: '/api/admin/lotto/yeekee/rounds/:id/shots',
};
