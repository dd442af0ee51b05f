import type { Executor } from '../../platform/db.ts';

/** The agent's active notifications, in the operator's order. */
export function notifications(ex: Executor, agentId: number) {
  return ex
    .selectFrom('notification')
    .select(['id', 'type', 'title', 'description', 'image'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function banners(ex: Executor, agentId: number) {
  return ex
    .selectFrom('banner')
    .select(['id', 'title', 'image', 'link'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function events(ex: Executor, agentId: number) {
  return ex
    .selectFrom('event')
    .select(['id', 'title', 'image', 'link'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
