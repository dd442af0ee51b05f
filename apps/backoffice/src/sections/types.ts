import type { StaffRole } from '@chok/contract/endpoint';
import type { ComponentType } from 'react';

/** One page of a section: its URL (under /backoffice), menu label, roles and lazily loaded component. */
export interface SectionPage {
  /** Relative to /backoffice, without a leading slash: `payments/deposits`, `members/:id`. */
  path: string;
  /** The menu label and the page's title (Thai). */
  label: string;
  /** Who may open it (the server refuses the same roles on the endpoints it calls). */
  roles: readonly StaffRole[];
  /** `import('./DepositsPage')`: each page is its own chunk, loaded when first opened. */
  load: () => Promise<{ default: ComponentType }>;
  /** In the menu (default true); pages reached from another page (`members/:id`) set false. */
  menu?: boolean;
}

export interface Section {
  id: string;
  /** The menu group's heading (Thai). */
  label: string;
  pages: readonly SectionPage[];
}

export const ALL_ROLES = [
  'owner',
  'finance',
  'lotto',
  'support',
  'content',
] as const satisfies readonly StaffRole[];
