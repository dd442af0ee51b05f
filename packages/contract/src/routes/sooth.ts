// Generated from src/api/sooth.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/sooth.ts';
import type { Route } from '../endpoint.ts';

export const soothBaccarat: Route<typeof api.soothBaccarat> = { method: 'POST', path: '/api/sooth/baccarat' };
export const soothDetail: Route<typeof api.soothDetail> = { method: 'POST', path: '/api/sooth/detail' };
