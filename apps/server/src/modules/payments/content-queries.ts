import type { Executor, Tx } from '../../platform/db.ts';

/**
 * Payments' reads of content's tables — the agent's receiving accounts and its promotions (content
 * grants them, db/table-owners.ts) — each with the caller's executor, so they run inside payments'
 * transaction; the joins with payments' own tables (promptpay_account, promotion_rule,
 * member_promotion) stay one statement. Writing a promotion is content's capability.
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

/** A deposit rule's terms (promotion_rule as r). */
const ruleColumns = [
  'r.kind',
  'r.value',
  'r.cap_satang',
  'r.min_deposit_satang',
  'r.turnover_multiplier',
  'r.eligibility',
  'r.max_withdraw_satang',
  'r.expiry_days',
] as const;

/** A promotion's text (promotion as p). */
const promotionTextColumns = ['p.id', 'p.title', 'p.description', 'p.image', 'p.terms'] as const;

/** A member's promotion with its terms and title (member_promotion as mp, promotion as pr). */
const memberPromotionColumns = [
  'mp.id',
  'mp.promotion_id',
  'pr.title',
  'mp.deposit_satang',
  'mp.bonus_satang',
  'mp.required_turnover_satang',
  'mp.max_withdraw_satang',
] as const;

/** The agent's active promotions that have deposit rules, in the operator's order, with their rules. */
export function depositRules(ex: Executor, agentId: number) {
  return ex
    .selectFrom('promotion_rule as r')
    .innerJoin('promotion as p', 'p.id', 'r.promotion_id')
    .select(['r.promotion_id', 'p.title', 'p.description', 'p.image', ...ruleColumns])
    .where('p.agent_id', '=', agentId)
    .where('p.is_active', '=', true)
    .where('r.replaced_by', 'is', null)
    .where('r.ended_at', 'is', null)
    .orderBy('p.sort_order')
    .orderBy('p.id')
    .execute();
}

/** One promotion's deposit rule with the promotion's title and whether it is still active (or replaced). */
export function depositRule(ex: Executor, promotionId: number) {
  return ex
    .selectFrom('promotion_rule as r')
    .innerJoin('promotion as p', 'p.id', 'r.promotion_id')
    .select(['r.promotion_id', 'p.title', 'p.is_active', 'r.replaced_by', ...ruleColumns])
    .where('r.promotion_id', '=', promotionId)
    .executeTakeFirst();
}

/** The member's active promotion with its title, locked until the caller commits. */
export function lockActiveMemberPromotion(tx: Tx, memberId: number) {
  return tx
    .selectFrom('member_promotion as mp')
    .innerJoin('promotion as pr', 'pr.id', 'mp.promotion_id')
    .select([...memberPromotionColumns, 'mp.taken_at', 'mp.ends_at'])
    .where('mp.member_id', '=', memberId)
    .where('mp.status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** A promotion's id and title (a deposit request shows the promotion it chose). */
export function promotionRef(ex: Executor, id: number) {
  return ex.selectFrom('promotion').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

/** The agent's active promotions in the operator's order, each with its deposit rule when it has one. */
export function offeredPromotions(ex: Executor, agentId: number) {
  return (
    ex
      .selectFrom('promotion as p')
      .leftJoin('promotion_rule as r', 'r.promotion_id', 'p.id')
      .select([...promotionTextColumns, 'r.promotion_id as rule_id', ...ruleColumns])
      .where('p.agent_id', '=', agentId)
      .where('p.is_active', '=', true)
      // A version replaced or ended stays off even if its text is switched on again.
      .where((eb) =>
        eb.or([
          eb('r.promotion_id', 'is', null),
          eb.and([eb('r.replaced_by', 'is', null), eb('r.ended_at', 'is', null)]),
        ]),
      )
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .execute()
  );
}

/** Every promotion of the agent with its rule, version chain and how many members took and run it. */
export function adminPromotionRows(ex: Executor, agentId: number, id?: number) {
  let q = ex
    .selectFrom('promotion as p')
    .leftJoin('promotion_rule as r', 'r.promotion_id', 'p.id')
    .select((eb) => [
      ...promotionTextColumns,
      'p.sort_order',
      'p.is_active',
      'r.promotion_id as rule_id',
      ...ruleColumns,
      'r.version',
      'r.replaces_id',
      'r.replaced_by',
      'r.ended_at',
      eb
        .selectFrom('member_promotion as mp')
        .select((m) => m.fn.countAll<string>().as('n'))
        .whereRef('mp.promotion_id', '=', 'p.id')
        .as('taken'),
      eb
        .selectFrom('member_promotion as mp')
        .select((m) => m.fn.countAll<string>().as('n'))
        .whereRef('mp.promotion_id', '=', 'p.id')
        .where('mp.status', '=', 'active')
        .as('running'),
    ])
    .where('p.agent_id', '=', agentId);
  if (id !== undefined) q = q.where('p.id', '=', id);
  return q.orderBy('p.sort_order').orderBy('p.id').execute();
}

/** A promotion of the agent's with its rule, both locked until the caller commits. */
export function lockPromotionWithRule(tx: Tx, agentId: number, id: number) {
  return tx
    .selectFrom('promotion as p')
    .innerJoin('promotion_rule as r', 'r.promotion_id', 'p.id')
    .select([
      ...promotionTextColumns,
      'p.sort_order',
      'p.is_active',
      ...ruleColumns,
      'r.version',
      'r.replaced_by',
      'r.ended_at',
    ])
    .where('p.agent_id', '=', agentId)
    .where('p.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The member's promotions, newest first, with their titles. */
export function memberPromotionHistory(ex: Executor, memberId: number, limit: number) {
  return ex
    .selectFrom('member_promotion as mp')
    .innerJoin('promotion as pr', 'pr.id', 'mp.promotion_id')
    .select([
      ...memberPromotionColumns,
      'mp.status',
      'mp.taken_at',
      'mp.ends_at',
      'mp.closed_at',
      'mp.released_satang',
      'mp.forfeited_satang',
    ])
    .where('mp.member_id', '=', memberId)
    .orderBy('mp.id', 'desc')
    .limit(limit)
    .execute();
}
