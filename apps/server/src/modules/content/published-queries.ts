import type { Executor } from '../../platform/db.ts';

/**
 * The agent's switched-on notifications by priority (higher first), then the operator's order, with
 * their windows: the caller keeps those whose window holds now (published.ts).
 */
export function notifications(ex: Executor, agentId: number) {
  return ex
    .selectFrom('notification')
    .select(['id', 'type', 'title', 'description', 'image', 'priority', 'start_at', 'end_at'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('priority', 'desc')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function banners(ex: Executor, agentId: number) {
  return ex
    .selectFrom('banner')
    .select(['id', 'title', 'image', 'link', 'sort_order', 'start_at', 'end_at'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function events(ex: Executor, agentId: number) {
  return ex
    .selectFrom('event')
    .select(['id', 'title', 'image', 'link', 'poll_id', 'start_at', 'end_at'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
