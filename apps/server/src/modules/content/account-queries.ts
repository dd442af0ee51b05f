import type { Executor } from '../../platform/db.ts';

/** The operator's accounts that receive deposits: bank accounts and TrueMoney Wallets. */
export type ReceivingKind = 'bank' | 'truemoney';

export interface BankAccountRow {
  id: number;
  bank_code: string;
  account_no: string;
  account_name: string;
}

export interface TrueMoneyAccountRow {
  id: number;
  phone: string;
  account_name: string;
}

/** The agent's active receiving accounts of a kind, in the operator's order. */
export function receivingAccounts(ex: Executor, agentId: number, kind: 'bank'): Promise<BankAccountRow[]>;
export function receivingAccounts(
  ex: Executor,
  agentId: number,
  kind: 'truemoney',
): Promise<TrueMoneyAccountRow[]>;
export function receivingAccounts(
  ex: Executor,
  agentId: number,
  kind: ReceivingKind,
): Promise<BankAccountRow[] | TrueMoneyAccountRow[]> {
  if (kind === 'bank')
    return ex
      .selectFrom('agent_bank_account')
      .select(['id', 'bank_code', 'account_no', 'account_name'])
      .where('agent_id', '=', agentId)
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  return ex
    .selectFrom('agent_true_money_account')
    .select(['id', 'phone', 'account_name'])
    .where('agent_id', '=', agentId)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One receiving account by id, active or not (a deposit request keeps the account it was given). */
export function receivingAccount(ex: Executor, kind: 'bank', id: number): Promise<BankAccountRow>;
export function receivingAccount(ex: Executor, kind: 'truemoney', id: number): Promise<TrueMoneyAccountRow>;
export function receivingAccount(
  ex: Executor,
  kind: ReceivingKind,
  id: number,
): Promise<BankAccountRow | TrueMoneyAccountRow> {
  if (kind === 'bank')
    return ex
      .selectFrom('agent_bank_account')
      .select(['id', 'bank_code', 'account_no', 'account_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  return ex
    .selectFrom('agent_true_money_account')
    .select(['id', 'phone', 'account_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
