// Generated from src/api/admin-console.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-console.ts';
import type { Route } from '../endpoint.ts';

export const adminStream: Route<typeof api.adminStream> = { method: 'GET', path: '/api/admin/stream' };
export const adminWorkCounts: Route<typeof api.adminWorkCounts> = {
  method: 'GET',
  path: '/api/admin/work/counts',
};
export const staffMe: Route<typeof api.staffMe> = { method: 'GET', path: '/api/admin/me' };
