import type { Section } from '../types';

/**
 * Games (docs/decisions/0060-console-staff-audit-games.md): providers and catalogue, in-house seeds,
 * recent rounds. Owner only.
 */
export const gamesSection: Section = {
  id: 'games',
  label: 'เกม',
  pages: [
    {
      path: 'games/catalogue',
      label: 'ค่ายเกมและรายการเกม',
      roles: ['owner'],
      load: () => import('./CataloguePage'),
    },
    { path: 'games/seeds', label: 'เมล็ดสุ่มเกมของเว็บ', roles: ['owner'], load: () => import('./SeedsPage') },
    { path: 'games/rounds', label: 'รอบเกมล่าสุด', roles: ['owner'], load: () => import('./RoundsPage') },
  ],
};
