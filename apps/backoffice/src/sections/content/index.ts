import type { Section } from '../types';

const roles = ['owner', 'content'] as const;

/** The member site's content: the agent's logo and contact links, notifications, banners, events. */
export const contentSection: Section = {
  id: 'content',
  label: 'เนื้อหาเว็บไซต์',
  pages: [
    { path: 'content/agent', label: 'โลโก้และช่องทางติดต่อ', roles, load: () => import('./AgentPage') },
    { path: 'content/notifications', label: 'ประกาศ', roles, load: () => import('./NotificationsPage') },
    { path: 'content/banners', label: 'แบนเนอร์', roles, load: () => import('./BannersPage') },
    { path: 'content/events', label: 'กิจกรรม', roles, load: () => import('./EventsPage') },
    { path: 'content/line', label: 'ประกาศทางไลน์', roles, load: () => import('./LineAnnouncePage') },
  ],
};
