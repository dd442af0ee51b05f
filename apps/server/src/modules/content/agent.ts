import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './agent-queries.ts';
import type { ContentDeps } from './deps.ts';

/** A request may name the agent; any code but this deployment's answers AGENT_NOT_FOUND. */
export function checkAgentCode(d: ContentDeps, code: string | undefined): void {
  if (code !== undefined && code !== '' && code !== d.agentCode) throw new AppError('AGENT_NOT_FOUND');
}

/** The agent's name, logo and contact links (also the member site's start-up payload). */
export async function agentConfig(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  const a = await q.findAgent(d.db, d.agentId);
  return {
    agent_id: a.id,
    agent_code: a.code,
    name: a.name,
    info: {
      agent_logo: a.logo_url,
      line_admin_url: a.line_admin_url,
      line_contact_url: a.line_contact_url,
    },
    server_time: d.clock.now().toISOString(),
  };
}

/** The agent's editable settings as the console's form shows them (`GET /api/admin/agent/config`). */
export async function adminAgentConfig(d: ContentDeps) {
  const a = await q.findAgent(d.db, d.agentId);
  return {
    agent_code: a.code,
    name: a.name,
    agent_logo: a.logo_url,
    line_admin_url: a.line_admin_url,
    line_contact_url: a.line_contact_url,
    updated_at: a.updated_at.toISOString(),
  };
}

export function validateAgent(d: ContentDeps, code: string) {
  checkAgentCode(d, code);
  return { valid: true as const, agent_id: d.agentId, agent_code: d.agentCode };
}

/** An operator edits the agent's name, logo and links (audited); what is not given stays. */
export function updateAgentConfig(
  d: ContentDeps,
  input: {
    name?: string | undefined;
    agent_logo?: string | undefined;
    line_admin_url?: string | undefined;
    line_contact_url?: string | undefined;
  },
  staffId: number,
) {
  return inTransaction(d.db, async (tx) => {
    const before = await q.lockAgent(tx, d.agentId);
    const after = await q.updateAgent(tx, d.agentId, {
      name: input.name ?? before.name,
      logo_url: input.agent_logo ?? before.logo_url,
      line_admin_url: input.line_admin_url ?? before.line_admin_url,
      line_contact_url: input.line_contact_url ?? before.line_contact_url,
      updated_at: d.clock.now(),
    });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'agent.update',
      entity: 'agent',
      entityId: d.agentId,
      before,
      after,
    });
    return {
      name: after.name,
      agent_logo: after.logo_url,
      line_admin_url: after.line_admin_url,
      line_contact_url: after.line_contact_url,
    };
  });
}
