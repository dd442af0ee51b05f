/** What other modules may use of the shop (docs/architecture.md): the goods orders waiting to ship. */
import type { Executor } from '../../platform/db.ts';
import * as work from './work-queries.ts';

/** Goods orders requested and not shipped yet (the console's header). */
export function ordersToShipCount(ex: Executor): Promise<number> {
  return work.ordersToShipCount(ex);
}
