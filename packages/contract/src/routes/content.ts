// Generated from src/api/content.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/content.ts';
import type { Route } from '../endpoint.ts';

export const agentBankAccounts: Route<typeof api.agentBankAccounts> = {
  method: 'POST',
  path: '/api/agent/bank_accounts',
};
export const agentConfig: Route<typeof api.agentConfig> = { method: 'POST', path: '/api/agent/config' };
export const agentTrueMoneyAccounts: Route<typeof api.agentTrueMoneyAccounts> = {
  method: 'POST',
  path: '/api/agent/true_money_accounts',
};
export const banks: Route<typeof api.banks> = { method: 'GET', path: '/api/banks' };
export const banners: Route<typeof api.banners> = { method: 'GET', path: '/api/banner' };
export const events: Route<typeof api.events> = { method: 'GET', path: '/api/event/list' };
export const notifications: Route<typeof api.notifications> = { method: 'GET', path: '/api/notifications' };
export const promotions: Route<typeof api.promotions> = { method: 'GET', path: '/api/promotion/list' };
export const validateAgent: Route<typeof api.validateAgent> = { method: 'GET', path: '/api/agent/validate' };
