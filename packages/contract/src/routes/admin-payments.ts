// Generated from src/api/admin-payments.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-payments.ts';
import type { Route } from '../endpoint.ts';

export const adminPaymentSettings: Route<typeof api.adminPaymentSettings> = {
  method: 'GET',
  path: '/api/admin/payments/settings',
};
export const updatePaymentSettings: Route<typeof api.updatePaymentSettings> = {
  method: 'PUT',
  path: '/api/admin/payments/settings',
};
