// Generated from src/api/admin-payments.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-payments.ts';
import type { Route } from '../endpoint.ts';

export const adminPaymentSettings: Route<typeof api.adminPaymentSettings> = {
  method: 'GET',
  path: '/api/admin/payments/settings',
};
export const createPromptPayAccount: Route<typeof api.createPromptPayAccount> = {
  method: 'POST',
  path: '/api/admin/payments/promptpay',
};
export const updatePaymentChannel: Route<typeof api.updatePaymentChannel> = {
  method: 'PUT',
  path: '/api/admin/payments/channels/:id',
};
export const updatePaymentSettings: Route<typeof api.updatePaymentSettings> = {
  method: 'PUT',
  path: '/api/admin/payments/settings',
};
export const updatePromptPayAccount: Route<typeof api.updatePromptPayAccount> = {
  method: 'PUT',
  path: '/api/admin/payments/promptpay/:id',
};
