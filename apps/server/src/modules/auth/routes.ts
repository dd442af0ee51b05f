import * as admin from '@chok/contract/api/admin';
import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../platform/module.ts';
import type { AuthService } from './service.ts';
import { smsOutbox } from './sms.ts';

export function authRoutes({ app, route, db }: ModuleContext, auth: AuthService): void {
  const client = (ctx: { ip: string; userAgent: string | null }) => ({
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });

  route(app, api.requestOtp, async (ctx) => auth.requestOtp(ctx.body.phone, ctx.body.purpose));
  route(app, api.register, async (ctx) => auth.register(ctx.body, client(ctx)));
  route(app, api.login, async (ctx) => auth.login(ctx.body.phone, ctx.body.password, client(ctx)));
  route(app, api.logout, async (ctx) => {
    await auth.logout(ctx.member);
    return null;
  });
  route(app, api.changePassword, async (ctx) => {
    await auth.changePassword(ctx.member, ctx.body.old_password, ctx.body.new_password);
    return null;
  });
  route(app, api.resetPassword, async (ctx) => auth.requestOtp(ctx.body.phone, 'reset_password'));
  route(app, api.resetPasswordV2, async (ctx) => {
    await auth.completeReset(ctx.body.phone, ctx.body.otp, ctx.body.password);
    return null;
  });
  // Operator: the built-in SMS sender's outbox (support reads codes a member did not receive).
  route(app, admin.smsOutbox, async (ctx) => smsOutbox(db, ctx.query));
}
