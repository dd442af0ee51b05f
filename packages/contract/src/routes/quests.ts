// Generated from src/api/quests.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/quests.ts';
import type { Route } from '../endpoint.ts';

export const adminCreateQuest: Route<typeof api.adminCreateQuest> = {
  method: 'POST',
  path: '/api/admin/quests',
};
export const adminQuests: Route<typeof api.adminQuests> = { method: 'GET', path: '/api/admin/quests' };
export const adminUpdateQuest: Route<typeof api.adminUpdateQuest> = {
  method: 'PUT',
  path: '/api/admin/quests/:id',
};
export const eventQuest: Route<typeof api.eventQuest> = { method: 'POST', path: '/api/event/quest' };
export const questList: Route<typeof api.questList> = { method: 'GET', path: '/api/quest/list' };
export const questRedeem: Route<typeof api.questRedeem> = { method: 'POST', path: '/api/quest/redeem' };
