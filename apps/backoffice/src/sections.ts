/**
 * The console's sections, in menu order: one import line each (apps/backoffice/README.md).
 */
import { gamesSection } from './sections/games';
import { staffSection } from './sections/staff';
import type { Section } from './sections/types';

export const sections: readonly Section[] = [gamesSection, staffSection];
