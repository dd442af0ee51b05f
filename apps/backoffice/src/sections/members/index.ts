import type { Section } from '../types';

/** Members: search, the member page, and the SMS outbox for support. */
export const membersSection: Section = {
  id: 'members',
  label: 'สมาชิก',
  pages: [
    {
      path: 'members',
      label: 'ค้นหาสมาชิก',
      roles: ['owner', 'support', 'finance'],
      load: () => import('./MembersPage'),
    },
    {
      path: 'members/:id',
      label: 'ข้อมูลสมาชิก',
      roles: ['owner', 'support', 'finance'],
      load: () => import('./MemberPage'),
      menu: false,
    },
    {
      path: 'sms',
      label: 'กล่องข้อความ SMS',
      roles: ['owner', 'support'],
      load: () => import('./SmsOutboxPage'),
    },
  ],
};
