import type { Section } from '../types';

const readers = ['owner', 'support', 'finance'] as const;

/** Player protection (docs/rules/protection.md §7): read only; what a member chose is theirs. */
export const protectionSection: Section = {
  id: 'protection',
  label: 'เล่นอย่างรับผิดชอบ',
  pages: [
    {
      path: 'protection/members',
      label: 'สมาชิกที่ตั้งค่าคุ้มครอง',
      roles: readers,
      load: () => import('./ProtectedMembersPage'),
    },
    {
      path: 'protection/members/:id',
      label: 'การคุ้มครองของสมาชิก',
      roles: readers,
      load: () => import('./ProtectionMemberPage'),
      menu: false,
    },
  ],
};
