// Generated from src/api/admin-staff.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-staff.ts';
import type { Route } from '../endpoint.ts';

export const auditList: Route<typeof api.auditList> = { method: 'GET', path: '/api/admin/audit' };
export const auditVerify: Route<typeof api.auditVerify> = { method: 'POST', path: '/api/admin/audit/verify' };
export const staffChangeOwnPassword: Route<typeof api.staffChangeOwnPassword> = {
  method: 'POST',
  path: '/api/admin/me/password',
};
export const staffCreate: Route<typeof api.staffCreate> = { method: 'POST', path: '/api/admin/staff' };
export const staffList: Route<typeof api.staffList> = { method: 'GET', path: '/api/admin/staff' };
export const staffResetPassword: Route<typeof api.staffResetPassword> = {
  method: 'POST',
  path: '/api/admin/staff/:id/password',
};
export const staffResetTotp: Route<typeof api.staffResetTotp> = {
  method: 'POST',
  path: '/api/admin/staff/:id/totp',
};
export const staffSetActive: Route<typeof api.staffSetActive> = {
  method: 'POST',
  path: '/api/admin/staff/:id/active',
};
export const staffSetRole: Route<typeof api.staffSetRole> = {
  method: 'PUT',
  path: '/api/admin/staff/:id/role',
};
