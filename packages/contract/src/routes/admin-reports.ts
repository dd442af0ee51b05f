// Generated from src/api/admin-reports.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-reports.ts';
import type { Route } from '../endpoint.ts';

export const dashboard: Route<typeof api.dashboard> = { method: 'GET', path: '/api/admin/reports/dashboard' };
