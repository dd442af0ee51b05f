import * as api from '@chok/contract/api/admin-reports';
import type { ModuleContext } from '../../platform/module.ts';
import { dashboard } from './dashboard.ts';

/**
 * The operator console's reports (its dashboard): read-only figures from the ledger and the other
 * modules' tables through their services. The module owns no table.
 */
export function reportsModule(ctx: ModuleContext): void {
  const d = { db: ctx.db, clock: ctx.clock };
  ctx.route(ctx.app, api.dashboard, async (r) => dashboard(d, r.query));
}
