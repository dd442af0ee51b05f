import * as api from '@chok/contract/api/admin';
import type { ModuleContext } from '../../platform/module.ts';
import { createStaffService, type StaffService } from './staff.ts';

/** Staff accounts: login with password + TOTP, sessions; registers the staff authenticator. */
export function adminModule(ctx: ModuleContext): StaffService {
  const { app, route, config: c } = ctx;
  const staff = createStaffService({
    db: ctx.db,
    clock: ctx.clock,
    session: { idleMinutes: c.STAFF_SESSION_IDLE_MINUTES, absoluteHours: c.STAFF_SESSION_ABSOLUTE_HOURS },
    login: { maxFailures: c.LOGIN_MAX_FAILURES, lockMinutes: c.LOGIN_LOCK_MINUTES },
  });
  ctx.authenticators.staff = staff.authenticate;
  route(app, api.staffLogin, async (r) => staff.login(r.body.username, r.body.password, r.body.totp));
  route(app, api.staffLogout, async (r) => {
    await staff.logout(r.staff);
    return null;
  });
  return staff;
}
