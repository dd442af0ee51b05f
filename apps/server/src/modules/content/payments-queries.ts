import type { Executor } from '../../platform/db.ts';

/**
 * What payments reads of content's tables, with the caller's executor so it runs inside payments'
 * transaction (docs/architecture.md, "Tables have one owner").
 */

/** An operator's bank account that members pay into. */
export interface AgentBankAccount {
  id: number;
  bank_code: string;
  account_no: string;
  account_name: string;
}
/** An operator's TrueMoney wallet that members pay into. */
export interface AgentTrueMoneyAccount {
  id: number;
  phone: string;
  account_name: string;
}
export type AgentReceivingAccount<K extends 'bank' | 'truemoney'> = K extends 'bank'
  ? AgentBankAccount
  : AgentTrueMoneyAccount;

/**
 * The agent's receiving accounts of one kind: the active ones of `agentId` in the operator's order,
 * or the accounts `ids` whatever their state (those of existing requests and statement lines).
 */
export async function agentReceivingAccounts<K extends 'bank' | 'truemoney'>(
  ex: Executor,
  kind: K,
  f: { agentId: number } | { ids: readonly number[] },
): Promise<AgentReceivingAccount<K>[]> {
  if ('ids' in f && f.ids.length === 0) return [];
  if (kind === 'bank') {
    let q = ex.selectFrom('agent_bank_account').select(['id', 'bank_code', 'account_no', 'account_name']);
    q =
      'ids' in f
        ? q.where('id', 'in', [...f.ids])
        : q
            .where('agent_id', '=', f.agentId)
            .where('is_active', '=', true)
            .orderBy('sort_order')
            .orderBy('id');
    return (await q.execute()) as AgentReceivingAccount<K>[];
  }
  let q = ex.selectFrom('agent_true_money_account').select(['id', 'phone', 'account_name']);
  q =
    'ids' in f
      ? q.where('id', 'in', [...f.ids])
      : q.where('agent_id', '=', f.agentId).where('is_active', '=', true).orderBy('sort_order').orderBy('id');
  return (await q.execute()) as AgentReceivingAccount<K>[];
}

/** A promotion as payments shows and applies it (its rules are payments' promotion_rule). */
export interface AgentPromotion {
  id: number;
  title: string;
  description: string;
  image: string | null;
  is_active: boolean;
}

/** The agent's active promotions in the operator's order, or the promotions `ids` whatever their state. */
export async function agentPromotions(
  ex: Executor,
  f: { agentId: number } | { ids: readonly number[] },
): Promise<AgentPromotion[]> {
  if ('ids' in f && f.ids.length === 0) return [];
  const q = ex.selectFrom('promotion').select(['id', 'title', 'description', 'image', 'is_active']);
  return 'ids' in f
    ? q.where('id', 'in', [...f.ids]).execute()
    : q
        .where('agent_id', '=', f.agentId)
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
}
