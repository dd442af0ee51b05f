// Generated from src/api/admin.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin.ts';
import type { Route } from '../endpoint.ts';

export const clearWithdrawalFreeze: Route<typeof api.clearWithdrawalFreeze> = {
  method: 'POST',
  path: '/api/admin/ledger/freezes/:id/clear',
};
export const contentAdmin = {
  bank_accounts: {
    create: { method: 'POST', path: '/api/admin/content/bank_accounts' } as Route<
      (typeof api.contentAdmin)['bank_accounts']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/bank_accounts' } as Route<
      (typeof api.contentAdmin)['bank_accounts']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/bank_accounts/:id' } as Route<
      (typeof api.contentAdmin)['bank_accounts']['update']
    >,
  },
  banners: {
    create: { method: 'POST', path: '/api/admin/content/banners' } as Route<
      (typeof api.contentAdmin)['banners']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/banners' } as Route<
      (typeof api.contentAdmin)['banners']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/banners/:id' } as Route<
      (typeof api.contentAdmin)['banners']['update']
    >,
  },
  events: {
    create: { method: 'POST', path: '/api/admin/content/events' } as Route<
      (typeof api.contentAdmin)['events']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/events' } as Route<
      (typeof api.contentAdmin)['events']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/events/:id' } as Route<
      (typeof api.contentAdmin)['events']['update']
    >,
  },
  notifications: {
    create: { method: 'POST', path: '/api/admin/content/notifications' } as Route<
      (typeof api.contentAdmin)['notifications']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/notifications' } as Route<
      (typeof api.contentAdmin)['notifications']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/notifications/:id' } as Route<
      (typeof api.contentAdmin)['notifications']['update']
    >,
  },
  promotions: {
    create: { method: 'POST', path: '/api/admin/content/promotions' } as Route<
      (typeof api.contentAdmin)['promotions']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/promotions' } as Route<
      (typeof api.contentAdmin)['promotions']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/promotions/:id' } as Route<
      (typeof api.contentAdmin)['promotions']['update']
    >,
  },
  true_money_accounts: {
    create: { method: 'POST', path: '/api/admin/content/true_money_accounts' } as Route<
      (typeof api.contentAdmin)['true_money_accounts']['create']
    >,
    list: { method: 'GET', path: '/api/admin/content/true_money_accounts' } as Route<
      (typeof api.contentAdmin)['true_money_accounts']['list']
    >,
    update: { method: 'PUT', path: '/api/admin/content/true_money_accounts/:id' } as Route<
      (typeof api.contentAdmin)['true_money_accounts']['update']
    >,
  },
} as const;
export const reconciliation: Route<typeof api.reconciliation> = {
  method: 'GET',
  path: '/api/admin/ledger/reconciliation',
};
export const smsOutbox: Route<typeof api.smsOutbox> = { method: 'GET', path: '/api/admin/sms/outbox' };
export const staffLogin: Route<typeof api.staffLogin> = { method: 'POST', path: '/api/admin/login' };
export const staffLogout: Route<typeof api.staffLogout> = { method: 'POST', path: '/api/admin/logout' };
export const updateAgentConfig: Route<typeof api.updateAgentConfig> = {
  method: 'PUT',
  path: '/api/admin/agent/config',
};
export const updateMemberBank: Route<typeof api.updateMemberBank> = {
  method: 'PUT',
  path: '/api/admin/members/:id/bank',
};
export const withdrawalFreezes: Route<typeof api.withdrawalFreezes> = {
  method: 'GET',
  path: '/api/admin/ledger/freezes',
};
