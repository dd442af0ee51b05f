/**
 * The console's sections, in menu order: one import line each (apps/backoffice/README.md).
 */
import type { Section } from './sections/types';

export const sections: readonly Section[] = [];
