import type { ModuleContext } from '../../platform/module.ts';
import { adminRoutes } from './routes.ts';
import { authenticate, type StaffDeps } from './staff.ts';

/** Staff accounts: login with password + TOTP, sessions; registers the staff authenticator. */
export function adminModule(ctx: ModuleContext): void {
  const c = ctx.config;
  const d: StaffDeps = {
    db: ctx.db,
    clock: ctx.clock,
    events: ctx.events,
    session: { idleMinutes: c.STAFF_SESSION_IDLE_MINUTES, absoluteHours: c.STAFF_SESSION_ABSOLUTE_HOURS },
    login: { maxFailures: c.LOGIN_MAX_FAILURES, lockMinutes: c.LOGIN_LOCK_MINUTES },
  };
  ctx.authenticators.staff = (token) => authenticate(d, token);
  adminRoutes(ctx, d);
}
