import type { Section } from '../types';

const finance = ['owner', 'finance'] as const;

/** Payments (docs/rules/payments.md): the queues, statement import, receiving accounts and settings. */
export const paymentsSection: Section = {
  id: 'payments',
  label: 'การเงิน',
  pages: [
    { path: 'payments/deposits', label: 'รายการฝาก', roles: finance, load: () => import('./DepositsPage') },
    {
      path: 'payments/withdrawals',
      label: 'รายการถอน',
      roles: finance,
      load: () => import('./WithdrawalsPage'),
    },
    {
      path: 'payments/statements',
      label: 'นำเข้า Statement',
      roles: finance,
      load: () => import('./StatementsPage'),
    },
    { path: 'payments/freezes', label: 'ระงับการถอน', roles: finance, load: () => import('./FreezesPage') },
    { path: 'payments/accounts', label: 'บัญชีรับเงิน', roles: finance, load: () => import('./AccountsPage') },
    { path: 'payments/settings', label: 'ตั้งค่าการเงิน', roles: finance, load: () => import('./SettingsPage') },
  ],
};
