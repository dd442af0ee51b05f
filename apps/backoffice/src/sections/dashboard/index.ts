import type { Section } from '../types';

/** The dashboard: today and the last 30 days at a glance. */
export const dashboardSection: Section = {
  id: 'dashboard',
  label: 'ภาพรวม',
  pages: [
    {
      path: 'dashboard',
      label: 'แดชบอร์ด',
      roles: ['owner', 'finance'],
      load: () => import('./DashboardPage'),
    },
  ],
};
