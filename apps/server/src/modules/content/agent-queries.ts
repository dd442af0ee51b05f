import type { Executor } from '../../platform/db.ts';

export function findAgent(ex: Executor, agentId: number) {
  return ex.selectFrom('agent').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
}

export function lockAgent(ex: Executor, agentId: number) {
  return ex.selectFrom('agent').selectAll().where('id', '=', agentId).forUpdate().executeTakeFirstOrThrow();
}

export function updateAgent(
  ex: Executor,
  agentId: number,
  set: { name: string; logo_url: string; line_admin_url: string; line_contact_url: string; updated_at: Date },
) {
  return ex.updateTable('agent').set(set).where('id', '=', agentId).returningAll().executeTakeFirstOrThrow();
}
