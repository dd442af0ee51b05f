import type { StaffRole } from '@chok/contract/endpoint';
import { sections } from '../sections';
import type { Section, SectionPage } from '../sections/types';

/** The menu a role sees: its pages of each section, sections without one left out. */
export function menuFor(role: StaffRole): { section: Section; pages: SectionPage[] }[] {
  return sections
    .map((section) => ({
      section,
      pages: section.pages.filter((p) => p.menu !== false && p.roles.includes(role)),
    }))
    .filter((s) => s.pages.length > 0);
}

export const roleLabels: Record<StaffRole, string> = {
  owner: 'เจ้าของ',
  finance: 'การเงิน',
  lotto: 'หวย',
  support: 'บริการลูกค้า',
  content: 'คอนเทนต์',
};
