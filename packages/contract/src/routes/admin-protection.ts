// Generated from src/api/admin-protection.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-protection.ts';
import type { Route } from '../endpoint.ts';

export const adminProtectionMember: Route<typeof api.adminProtectionMember> = {
  method: 'GET',
  path: '/api/admin/protection/members/:id',
};
export const adminProtectionMembers: Route<typeof api.adminProtectionMembers> = {
  method: 'GET',
  path: '/api/admin/protection/members',
};
