// Generated from src/api/protection.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/protection.ts';
import type { Route } from '../endpoint.ts';

export const protectionExclude: Route<typeof api.protectionExclude> = {
  method: 'POST',
  path: '/api/member/protection/exclusion',
};
export const protectionGet: Route<typeof api.protectionGet> = {
  method: 'GET',
  path: '/api/member/protection',
};
export const protectionHistory: Route<typeof api.protectionHistory> = {
  method: 'GET',
  path: '/api/member/protection/history',
};
export const protectionRealityCheck: Route<typeof api.protectionRealityCheck> = {
  method: 'GET',
  path: '/api/member/protection/reality_check',
};
export const protectionSetLimit: Route<typeof api.protectionSetLimit> = {
  method: 'POST',
  path: '/api/member/protection/limit',
};
export const protectionSetRealityCheck: Route<typeof api.protectionSetRealityCheck> = {
  method: 'POST',
  path: '/api/member/protection/reality_check',
};
export const protectionTimeout: Route<typeof api.protectionTimeout> = {
  method: 'POST',
  path: '/api/member/protection/timeout',
};
