// Generated from src/api/checkin.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/checkin.ts';
import type { Route } from '../endpoint.ts';

export const adminCheckinSettings: Route<typeof api.adminCheckinSettings> = {
  method: 'GET',
  path: '/api/admin/checkin/settings',
};
export const adminUpdateCheckinSettings: Route<typeof api.adminUpdateCheckinSettings> = {
  method: 'PUT',
  path: '/api/admin/checkin/settings',
};
export const checkinGet: Route<typeof api.checkinGet> = { method: 'GET', path: '/api/checkin/get' };
export const checkinStamp: Route<typeof api.checkinStamp> = { method: 'POST', path: '/api/checkin/stamp' };
