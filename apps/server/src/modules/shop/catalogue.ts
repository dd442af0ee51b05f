import { bangkokMonth } from '@chok/engine/bangkok-calendar';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { accrue, pointBalance } from '../points/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { monthlyCounts } from './count-queries.ts';
import { activeItems } from './item-queries.ts';
import { memberItemView } from './views.ts';

export interface ShopDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

/**
 * `GET /api/redemption/list`: the active items with their stock and this member's count this Bangkok
 * month (G3: the server's month), and the member's points after reading their settled play.
 */
export async function listForMember(d: ShopDeps, memberId: number) {
  await accrue(d, { memberId });
  const month = bangkokMonth(d.clock.now());
  const [items, counts, point] = await Promise.all([
    activeItems(d.db),
    monthlyCounts(d.db, memberId, month),
    pointBalance(d.db, memberId),
  ]);
  return { point, month, items: items.map((i) => memberItemView(i, counts.get(i.id) ?? 0)) };
}
