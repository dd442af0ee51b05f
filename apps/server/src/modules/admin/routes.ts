import * as api from '@chok/contract/api/admin';
import * as consoleApi from '@chok/contract/api/admin-console';
import type { ModuleContext } from '../../platform/module.ts';
import { login, logout, type StaffDeps } from './staff.ts';
import { staffRefs } from './staff-queries.ts';

export function adminRoutes({ app, route }: ModuleContext, d: StaffDeps): void {
  route(app, api.staffLogin, async (r) => login(d, r.body.username, r.body.password, r.body.totp));
  route(app, api.staffLogout, async (r) => {
    await logout(d, r.staff);
    return null;
  });
  route(app, consoleApi.staffMe, async (r) => {
    const ref = (await staffRefs(d.db, [r.staff.staffId])).get(r.staff.staffId);
    return {
      id: r.staff.staffId,
      username: ref?.username ?? '',
      role: r.staff.role,
      idle_minutes: d.session.idleMinutes,
    };
  });
}
