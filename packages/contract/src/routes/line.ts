// Generated from src/api/line.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/line.ts';
import type { Route } from '../endpoint.ts';

export const lineAnnounce: Route<typeof api.lineAnnounce> = {
  method: 'POST',
  path: '/api/admin/line/announcements',
};
export const lineConfig: Route<typeof api.lineConfig> = { method: 'GET', path: '/api/line/config' };
export const lineLink: Route<typeof api.lineLink> = { method: 'POST', path: '/api/line/link' };
export const lineNotify: Route<typeof api.lineNotify> = { method: 'GET', path: '/api/line/notify' };
export const lineSaveNotify: Route<typeof api.lineSaveNotify> = { method: 'PUT', path: '/api/line/notify' };
export const lineUnlink: Route<typeof api.lineUnlink> = { method: 'POST', path: '/api/line/unlink' };
export const lineWebhook: Route<typeof api.lineWebhook> = { method: 'POST', path: '/api/line/webhook' };
