import type { Executor } from '../../platform/db.ts';

/**
 * What payments reads of content's tables, with the caller's executor so it runs inside payments'
 * transaction (docs/architecture.md, "Tables have one owner").
 */

/** Whether the receiving account exists, active or not (a statement file is imported for it). */
export async function receivingAccountExists(
  ex: Executor,
  kind: 'bank' | 'truemoney',
  id: number,
): Promise<boolean> {
  const row = await (kind === 'bank'
    ? ex.selectFrom('agent_bank_account').select('id').where('id', '=', id).executeTakeFirst()
    : ex.selectFrom('agent_true_money_account').select('id').where('id', '=', id).executeTakeFirst());
  return row !== undefined;
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
