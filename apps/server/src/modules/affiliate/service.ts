/**
 * What other modules may use of the affiliate programme (docs/rules/engagement.md §11): the size of a
 * member's network (the operator console's member page).
 */
import type { Executor } from '../../platform/db.ts';
import * as network from './members-queries.ts';

/** How many members the member has on each level of their network. */
export function networkCounts(ex: Executor, memberId: number): Promise<{ level1: number; level2: number }> {
  return network.networkCounts(ex, memberId);
}
