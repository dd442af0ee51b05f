import type { Executor } from '../../platform/db.ts';

/**
 * Caller: the operator console's member page (modules/members, docs/architecture.md "Tables have one
 * owner"): the member's wallets with their names, and their reconciliation freezes still open.
 */

export function walletsWithNames(ex: Executor, memberId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as w', 'w.id', 'a.wallet_type_id')
    .select(['a.wallet_type_id', 'w.name', 'a.balance'])
    .where('a.member_id', '=', memberId)
    .orderBy('a.wallet_type_id')
    .execute();
}

export function openFreezesOf(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdrawal_freeze')
    .select(['id', 'reason', 'created_at'])
    .where('member_id', '=', memberId)
    .where('cleared_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}
