import * as api from '@chok/contract/api/admin-console';
import type { ModuleContext } from '../../platform/module.ts';
import { memberRoutes } from './routes.ts';
import { registerStaffStream } from './stream.ts';
import { countWork, kindsFor, type WorkSources } from './work.ts';

/**
 * The operator console's own server side (apps/backoffice): the waiting work in its header, read
 * (GET /api/admin/work/counts) and pushed (GET /api/admin/stream), and the member pages of its
 * Members section. It owns no table: the counts come from the owners' services, the member pages read
 * what the owners grant it (db/table-owners.ts) and write through the owners' services, and changes
 * are published by the database (console/sql/console_work_changed.sql). It stands on the top floor: nothing imports it.
 */
export function consoleModule(ctx: ModuleContext, deps: { sources: WorkSources }) {
  const { app, route, db } = ctx;
  route(app, api.adminWorkCounts, async (r) => countWork(db, deps.sources, kindsFor(r.staff.role)));
  memberRoutes(ctx);
  const stream = registerStaffStream(app, {
    db,
    events: ctx.events,
    authenticators: ctx.authenticators,
    sources: deps.sources,
    maxAgeMs: ctx.config.STAFF_SESSION_IDLE_MINUTES * 60_000,
    log: (msg, err) => app.log.error({ err }, msg),
  });
  app.addHook('onClose', async () => stream.stop());
}
