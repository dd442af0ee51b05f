import type { Executor } from '../../platform/db.ts';

/** What payments reads of the lottery's tables. */

/** Whether the member has a bill from this wallet still waiting for its result (a stake in play). */
export async function hasPendingBill(ex: Executor, memberId: number, walletTypeId: number): Promise<boolean> {
  const bill = await ex
    .selectFrom('lotto_bill')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', walletTypeId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return bill !== undefined;
}
