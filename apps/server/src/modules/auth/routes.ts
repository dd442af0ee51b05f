import * as admin from '@chok/contract/api/admin';
import * as adminMembers from '@chok/contract/api/admin-members';
import * as api from '@chok/contract/api/auth';
import type { ModuleContext } from '../../platform/module.ts';
import type { AuthDeps } from './deps.ts';
import { login, logout } from './login.ts';
import { lockMemberLogin, sendResetOtp, smsMessages, unlockMemberLogin } from './member-admin.ts';
import { changePassword, completeReset } from './password-change.ts';
import { register, requestOtp } from './registration.ts';
import { smsOutbox } from './sms.ts';

/**
 * The browser's device id (a random id the member site keeps in local storage and sends as
 * `X-Device-Id`), kept for the risk rule of docs/rules/engagement.md §0 G5; anything else is ignored.
 */
function deviceIdOf(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}

export async function authRoutes(
  { app, route }: ModuleContext,
  d: AuthDeps,
  twilioStatus: (
    params: Record<string, string>,
    signature: string | undefined,
  ) => Promise<{ duplicate: boolean }>,
): Promise<void> {
  const client = (ctx: {
    ip: string;
    userAgent: string | null;
    req: { headers: Record<string, unknown> };
  }) => ({
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    deviceId: deviceIdOf(ctx.req.headers['x-device-id']),
  });

  route(app, api.requestOtp, async (ctx) => requestOtp(d, ctx.body.phone, ctx.body.purpose, ctx.ip));
  route(app, api.register, async (ctx) => register(d, ctx.body, client(ctx)));
  route(app, api.login, async (ctx) => login(d, ctx.body.phone, ctx.body.password, client(ctx)));
  route(app, api.logout, async (ctx) => {
    await logout(d, ctx.member);
    return null;
  });
  route(app, api.changePassword, async (ctx) => {
    await changePassword(d, ctx.member, ctx.body.old_password, ctx.body.new_password);
    return null;
  });
  route(app, api.resetPassword, async (ctx) => requestOtp(d, ctx.body.phone, 'reset_password', ctx.ip));
  route(app, api.resetPasswordV2, async (ctx) => {
    await completeReset(d, ctx.body.phone, ctx.body.otp, ctx.body.password);
    return null;
  });
  // Operator: the built-in SMS sender's outbox (support reads codes a member did not receive).
  route(app, admin.smsOutbox, async (ctx) => smsOutbox(d.db, ctx.query, d.showSmsSecrets));
  route(app, adminMembers.smsMessages, async (ctx) => smsMessages(d.db, ctx.query, d.showSmsSecrets));
  // Operator: a member's login and password reset (the console's member page).
  route(app, adminMembers.lockMemberLogin, async (ctx) =>
    lockMemberLogin(d, ctx.staff.staffId, ctx.params.id, ctx.body.reason),
  );
  route(app, adminMembers.unlockMemberLogin, async (ctx) =>
    unlockMemberLogin(d, ctx.staff.staffId, ctx.params.id, ctx.body.reason),
  );
  route(app, adminMembers.sendMemberResetOtp, async (ctx) =>
    sendResetOtp(d, ctx.staff.staffId, ctx.params.id, ctx.body.reason),
  );

  // Twilio's delivery reports (a form POST signed with X-Twilio-Signature, docs/rules/connectors.md §5).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    route(scope, api.twilioSmsStatus, async (ctx) => {
      const header = ctx.req.headers['x-twilio-signature'];
      const params = Object.fromEntries(
        Object.entries(ctx.body).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const r = await twilioStatus(params, typeof header === 'string' ? header : undefined);
      return { received: true as const, duplicate: r.duplicate };
    });
  });
}
