/**
 * The console's sections, in menu order: one import line and one array line each
 * (apps/backoffice/README.md), so sections added on different branches merge cleanly.
 */
import { connectorsSection } from './sections/connectors';
import { contentSection } from './sections/content';
import { dashboardSection } from './sections/dashboard';
import { gamesSection } from './sections/games';
import { lottoSection } from './sections/lotto';
import { membersSection } from './sections/members';
import { paymentsSection } from './sections/payments';
import { protectionSection } from './sections/protection';
import { rewardsSection } from './sections/rewards';
import { staffSection } from './sections/staff';
import type { Section } from './sections/types';

// biome-ignore format: one section per line
export const sections: readonly Section[] = [
  dashboardSection,
  paymentsSection,
  lottoSection,
  membersSection,
  protectionSection,
  rewardsSection,
  contentSection,
  gamesSection,
  staffSection,
  connectorsSection,
];
