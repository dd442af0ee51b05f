import { findBank } from '@chok/contract/banks';
import { receivingAccounts } from './account-queries.ts';
import { checkAgentCode } from './agent.ts';
import type { ContentDeps } from './deps.ts';
import * as q from './published-queries.ts';

// What members read: the agent's active accounts and texts, in the operator's order.

export async function bankAccounts(d: ContentDeps) {
  const rows = await receivingAccounts(d.db, d.agentId, 'bank');
  return rows.map((r) => {
    const bank = findBank(r.bank_code);
    return { ...r, bank_short: bank?.short ?? r.bank_code, bank_name: bank?.name ?? r.bank_code };
  });
}

export function trueMoneyAccounts(d: ContentDeps) {
  return receivingAccounts(d.db, d.agentId, 'truemoney');
}

export async function notifications(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  return q.notifications(d.db, d.agentId);
}

export async function banners(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  return q.banners(d.db, d.agentId);
}

export async function events(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  return q.events(d.db, d.agentId);
}
