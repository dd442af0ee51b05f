/**
 * What other modules may use of the check-in (docs/architecture.md): the stamps a member made in a
 * period (quests' "check in N days", docs/rules/engagement.md §6), with the caller's executor.
 */
export { countStampsBetween } from './stamp-queries.ts';
