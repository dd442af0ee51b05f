import * as api from '@chok/contract/api/admin';
import type { ModuleContext } from '../../platform/module.ts';
import { login, logout, type StaffDeps } from './staff.ts';

export function adminRoutes({ app, route }: ModuleContext, d: StaffDeps): void {
  route(app, api.staffLogin, async (r) => login(d, r.body.username, r.body.password, r.body.totp));
  route(app, api.staffLogout, async (r) => {
    await logout(d, r.staff);
    return null;
  });
}
