import * as api from '@chok/contract/api/admin';
import * as consoleApi from '@chok/contract/api/admin-console';
import * as staffApi from '@chok/contract/api/admin-staff';
import type { ModuleContext } from '../../platform/module.ts';
import * as accounts from './accounts.ts';
import { listAudit, verifyAudit } from './audit-log.ts';
import { login, logout, type StaffDeps } from './staff.ts';
import { staffRefs } from './staff-queries.ts';

export function adminRoutes({ app, route }: ModuleContext, d: StaffDeps): void {
  route(app, api.staffLogin, async (r) => login(d, r.body.username, r.body.password, r.body.totp));
  route(app, api.staffLogout, async (r) => {
    await logout(d, r.staff);
    return null;
  });

  // Staff accounts (owner) and the own password (every role).
  route(app, staffApi.staffList, async (r) => accounts.listAccounts(d, r.query));
  route(app, staffApi.staffCreate, async (r) => accounts.createAccount(d, r.staff, r.body));
  route(app, staffApi.staffSetRole, async (r) => accounts.setRole(d, r.staff, r.params.id, r.body.role));
  route(app, staffApi.staffSetActive, async (r) =>
    accounts.setActive(d, r.staff, r.params.id, r.body.active),
  );
  route(app, staffApi.staffResetTotp, async (r) => accounts.resetTotp(d, r.staff, r.params.id));
  route(app, staffApi.staffResetPassword, async (r) =>
    accounts.resetPassword(d, r.staff, r.params.id, r.body.password),
  );
  route(app, staffApi.staffChangeOwnPassword, async (r) => {
    await accounts.changeOwnPassword(d, r.staff, r.body.old_password, r.body.new_password);
    return null;
  });

  // The audit log (owner).
  route(app, staffApi.auditList, async (r) => listAudit(d.db, r.query));
  route(app, staffApi.auditVerify, async () => verifyAudit(d.db, d.clock));
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
