import { type WorkCounts, workCountRoles } from '@chok/contract/api/admin-console';
import type { StaffRole } from '@chok/contract/endpoint';
import type { Executor } from '../../platform/db.ts';

/** The counts of waiting work, read through their owners' services (wired by app.ts). */
export interface WorkSources {
  payments(ex: Executor): Promise<{ deposits: number; withdrawals: number }>;
  heldRewards(ex: Executor): Promise<number>;
  ordersToShip(ex: Executor): Promise<number>;
  freezes(ex: Executor): Promise<number>;
}

type Kind = keyof WorkCounts;
const KINDS = Object.keys(workCountRoles) as Kind[];
export const KINDS_ALL: readonly Kind[] = KINDS;

export const kindsFor = (role: StaffRole): Kind[] =>
  KINDS.filter((k) => (workCountRoles[k] as readonly StaffRole[]).includes(role));

/** The counts `kinds` asks for (the others null), each read only when asked for. */
export async function countWork(ex: Executor, src: WorkSources, kinds: readonly Kind[]): Promise<WorkCounts> {
  const wants = new Set(kinds);
  const [payments, holds, orders, freezes] = await Promise.all([
    wants.has('deposits') || wants.has('withdrawals') ? src.payments(ex) : null,
    wants.has('risk_holds') ? src.heldRewards(ex) : null,
    wants.has('shop_orders') ? src.ordersToShip(ex) : null,
    wants.has('freezes') ? src.freezes(ex) : null,
  ]);
  return {
    deposits: wants.has('deposits') ? (payments?.deposits ?? 0) : null,
    withdrawals: wants.has('withdrawals') ? (payments?.withdrawals ?? 0) : null,
    risk_holds: holds,
    shop_orders: orders,
    freezes,
  };
}

/** What a role sees of the full counts. */
export function countsFor(all: WorkCounts, role: StaffRole): WorkCounts {
  const kinds = new Set(kindsFor(role));
  return {
    deposits: kinds.has('deposits') ? all.deposits : null,
    withdrawals: kinds.has('withdrawals') ? all.withdrawals : null,
    risk_holds: kinds.has('risk_holds') ? all.risk_holds : null,
    shop_orders: kinds.has('shop_orders') ? all.shop_orders : null,
    freezes: kinds.has('freezes') ? all.freezes : null,
  };
}
