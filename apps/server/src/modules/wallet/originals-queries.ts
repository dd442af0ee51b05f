import type { Executor } from '../../platform/db.ts';

/** What the in-house games (modules/originals) read of the wallet's tables. */

/** A member wallet's balance and its type's name (the game page's header); throws when it is missing. */
export async function memberWalletWithName(
  ex: Executor,
  memberId: number,
  walletTypeId: number,
): Promise<{ balance: number; name: string }> {
  const w = await ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
    .select(['a.balance', 't.name'])
    .where('a.member_id', '=', memberId)
    .where('a.wallet_type_id', '=', walletTypeId)
    .executeTakeFirstOrThrow();
  return { balance: w.balance ?? 0, name: w.name };
}
