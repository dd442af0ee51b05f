// Generated from src/api/points.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/points.ts';
import type { Route } from '../endpoint.ts';

export const memberPoints: Route<typeof api.memberPoints> = { method: 'POST', path: '/api/member/points' };
export const pointHistory: Route<typeof api.pointHistory> = {
  method: 'GET',
  path: '/api/member/points/history',
};
