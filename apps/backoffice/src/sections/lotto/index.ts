import type { Section } from '../types';

const roles = ['owner', 'lotto'] as const;

/** The lottery (docs/rules/lottery.md): markets, rounds, results, rates, เลขอั้น, templates, exposure, yeekee. */
export const lottoSection: Section = {
  id: 'lotto',
  label: 'หวย',
  pages: [
    { path: 'lotto/rounds', label: 'งวดหวย', roles, load: () => import('./RoundsPage') },
    { path: 'lotto/rounds/:id', label: 'จัดการงวด', roles, load: () => import('./RoundPage'), menu: false },
    { path: 'lotto/markets', label: 'ตลาดและตารางเวลา', roles, load: () => import('./MarketsPage') },
    { path: 'lotto/templates', label: 'แม่แบบอัตราจ่ายและเลขอั้น', roles, load: () => import('./TemplatesPage') },
    { path: 'lotto/yeekee', label: 'หวยยี่กี', roles, load: () => import('./YeekeePage') },
  ],
};
