/**
 * What other modules may use of the admin module (docs/architecture.md): staff names for lists.
 * (Main's admin/service.ts has more; this branch adds only what payments needs.)
 */
export { type StaffRef, staffRefs } from './staff-queries.ts';
