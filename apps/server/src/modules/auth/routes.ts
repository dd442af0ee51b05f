import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../app.ts';

export function authRoutes({ app, route, services }: ModuleContext): void {
  const { auth } = services;
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
}
