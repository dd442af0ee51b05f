/**
 * The console's sections, in menu order: one import line and one array line each
 * (apps/backoffice/README.md), so sections added on different branches merge cleanly.
 */
import { paymentsSection } from './sections/payments';
import { protectionSection } from './sections/protection';
import type { Section } from './sections/types';

// biome-ignore format: one section per line
export const sections: readonly Section[] = [
  paymentsSection,
  protectionSection,
];
