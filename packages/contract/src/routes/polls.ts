// Generated from src/api/polls.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/polls.ts';
import type { Route } from '../endpoint.ts';

export const adminClosePoll: Route<typeof api.adminClosePoll> = {
  method: 'POST',
  path: '/api/admin/polls/:id/close',
};
export const adminCreatePoll: Route<typeof api.adminCreatePoll> = {
  method: 'POST',
  path: '/api/admin/polls',
};
export const adminOpenPoll: Route<typeof api.adminOpenPoll> = {
  method: 'POST',
  path: '/api/admin/polls/:id/open',
};
export const adminPolls: Route<typeof api.adminPolls> = { method: 'GET', path: '/api/admin/polls' };
export const adminSetPollResult: Route<typeof api.adminSetPollResult> = {
  method: 'POST',
  path: '/api/admin/polls/:id/result',
};
export const pollConfig: Route<typeof api.pollConfig> = { method: 'GET', path: '/api/poll/config' };
export const pollQuotaCheck: Route<typeof api.pollQuotaCheck> = {
  method: 'GET',
  path: '/api/poll/quota/check',
};
export const pollQuotaGet: Route<typeof api.pollQuotaGet> = { method: 'GET', path: '/api/poll/quota/get' };
export const pollStats: Route<typeof api.pollStats> = { method: 'GET', path: '/api/poll/stats' };
export const pollSubmit: Route<typeof api.pollSubmit> = { method: 'POST', path: '/api/poll/submit' };
export const pollWinners: Route<typeof api.pollWinners> = { method: 'GET', path: '/api/poll/winners' };
