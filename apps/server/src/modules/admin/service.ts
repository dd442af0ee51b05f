/** What other modules may use from admin (docs/architecture.md). */

// ── For other modules (issue 10, added by the payments refactor; additive) ──

/** Payments' operator queues name the staff who decided. */
export { staffRefs } from './payments-queries.ts';
