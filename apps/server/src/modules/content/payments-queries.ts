import type { Executor, Tx } from '../../platform/db.ts';

/**
 * Caller: payments (docs/architecture.md, "Tables have one owner"). Its statements that name
 * content's tables — the agent's receiving accounts and its promotions — each with the caller's
 * executor, so they run inside payments' transaction; the joins with payments' own tables
 * (promptpay_account, promotion_rule, member_promotion) stay one statement, as they were.
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

/** The active PromptPay IDs on the agent's active bank accounts, in the operator's order. */
export function promptPayAccounts(ex: Executor, agentId: number) {
  return ex
    .selectFrom('promptpay_account as p')
    .innerJoin('agent_bank_account as b', 'b.id', 'p.bank_account_id')
    .select(['p.id', 'p.proxy_type', 'p.proxy_id', 'p.account_name', 'p.bank_account_id'])
    .where('b.agent_id', '=', agentId)
    .where('p.is_active', '=', true)
    .where('b.is_active', '=', true)
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

/** The agent's active promotions that have deposit rules, in the operator's order, with their rules. */
export function depositRules(ex: Executor, agentId: number) {
  return ex
    .selectFrom('promotion_rule as r')
    .innerJoin('promotion as p', 'p.id', 'r.promotion_id')
    .select([
      'r.promotion_id',
      'p.title',
      'p.description',
      'p.image',
      'r.kind',
      'r.value',
      'r.cap_satang',
      'r.min_deposit_satang',
      'r.turnover_multiplier',
      'r.eligibility',
      'r.max_withdraw_satang',
      'r.expiry_days',
    ])
    .where('p.agent_id', '=', agentId)
    .where('p.is_active', '=', true)
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

/** One promotion's deposit rule with the promotion's title and whether it is still active. */
export function depositRule(ex: Executor, promotionId: number) {
  return ex
    .selectFrom('promotion_rule as r')
    .innerJoin('promotion as p', 'p.id', 'r.promotion_id')
    .select([
      'r.promotion_id',
      'p.title',
      'p.is_active',
      'r.kind',
      'r.value',
      'r.cap_satang',
      'r.min_deposit_satang',
      'r.turnover_multiplier',
      'r.eligibility',
      'r.max_withdraw_satang',
      'r.expiry_days',
    ])
    .where('r.promotion_id', '=', promotionId)
    .executeTakeFirst();
}

/** The member's active promotion with its title, locked until the caller commits. */
export function lockActiveMemberPromotion(tx: Tx, memberId: number) {
  return tx
    .selectFrom('member_promotion as mp')
    .innerJoin('promotion as pr', 'pr.id', 'mp.promotion_id')
    .select([
      'mp.id',
      'pr.title',
      'mp.deposit_satang',
      'mp.required_turnover_satang',
      'mp.max_withdraw_satang',
      'mp.taken_at',
      'mp.ends_at',
    ])
    .where('mp.member_id', '=', memberId)
    .where('mp.status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** A promotion's id and title (a deposit request shows the promotion it chose). */
export function promotionRef(ex: Executor, id: number) {
  return ex.selectFrom('promotion').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** Every promotion's id and title in the operator's order (the payments seed attaches demo rules). */
export function promotionRefs(ex: Executor) {
  return ex.selectFrom('promotion').select(['id', 'title']).orderBy('sort_order').execute();
}
