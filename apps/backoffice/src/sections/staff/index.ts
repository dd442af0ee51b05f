import { ALL_ROLES, type Section } from '../types';

/**
 * Staff and audit (docs/decisions/0060-console-staff-audit-games.md): accounts and roles, the own
 * password, the audit log, the ledger check.
 */
export const staffSection: Section = {
  id: 'staff',
  label: 'พนักงานและการตรวจสอบ',
  pages: [
    { path: 'staff/users', label: 'พนักงานและสิทธิ์', roles: ['owner'], load: () => import('./StaffUsersPage') },
    { path: 'staff/audit', label: 'บันทึกการใช้งาน', roles: ['owner'], load: () => import('./AuditPage') },
    {
      path: 'staff/reconciliation',
      label: 'กระทบยอดบัญชี',
      roles: ['owner', 'finance'],
      load: () => import('./ReconciliationPage'),
    },
    { path: 'staff/password', label: 'เปลี่ยนรหัสผ่าน', roles: ALL_ROLES, load: () => import('./PasswordPage') },
  ],
};
