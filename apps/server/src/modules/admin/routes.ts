import * as api from '@chok/contract/api/admin';
import type { ModuleContext } from '../../app.ts';

export function adminRoutes({ app, route, db, ledger, services }: ModuleContext): void {
  const { staff } = services;
  route(app, api.staffLogin, async (ctx) => staff.login(ctx.body.username, ctx.body.password, ctx.body.totp));
  route(app, api.staffLogout, async (ctx) => {
    await staff.logout(ctx.staff);
    return null;
  });
  route(app, api.smsOutbox, async (ctx) => {
    let q = db
      .selectFrom('sms_outbox')
      .select(['id', 'phone', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(ctx.query.limit);
    if (ctx.query.phone) q = q.where('phone', '=', ctx.query.phone);
    const rows = await q.execute();
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  });
  route(app, api.reconciliation, async () => ledger.reconcile(db));
}
