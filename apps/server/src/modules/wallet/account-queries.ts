import type { Executor } from '../../platform/db.ts';

export interface MemberWalletRow {
  account_id: number;
  wallet_type_id: number | null;
  wallet_name: string;
  balance: number | null;
}

/** One member wallet by wallet type, with its name. */
export function memberWallet(ex: Executor, memberId: number, walletTypeId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
    .select(['a.id as account_id', 'a.wallet_type_id', 't.name as wallet_name', 'a.balance'])
    .where('a.member_id', '=', memberId)
    .where('a.wallet_type_id', '=', walletTypeId)
    .executeTakeFirst();
}
