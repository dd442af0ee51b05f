// Generated from src/api/system.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/system.ts';
import type { Route } from '../endpoint.ts';

export const health: Route<typeof api.health> = { method: 'GET', path: '/api/health' };
export const metrics: Route<typeof api.metrics> = { method: 'GET', path: '/api/metrics' };
export const openApiDocument: Route<typeof api.openApiDocument> = {
  method: 'GET',
  path: '/api/docs/openapi.json',
};
export const ready: Route<typeof api.ready> = { method: 'GET', path: '/api/ready' };
export const stream: Route<typeof api.stream> = { method: 'GET', path: '/api/stream' };
