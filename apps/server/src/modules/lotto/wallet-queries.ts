import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The lottery's reads of the wallet's `ledger_account` (the wallet grants them, db/table-owners.ts).
 * A bill itself is one call of the database function `lotto_place_bill` (lotto/sql/lotto_place_bill.sql,
 * decision 0012), which moves money through the wallet's `wallet_move`; the refusal path embeds
 * `lottoWalletJson` as a subquery.
 */

export interface LottoWallet {
  id: number;
  wallet_type_id: number;
}

/**
 * A member's wallet, named by ledger account id or by wallet type id (a bill's `wallet_id` may be
 * either; an account id wins when both match).
 */
export function lottoWalletOf(
  ex: Executor,
  memberId: number,
  walletId: number,
): Promise<{ id: number; wallet_type_id: number | null } | undefined> {
  return ex
    .selectFrom('ledger_account')
    .select(['id', 'wallet_type_id'])
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('id', '=', walletId), eb('wallet_type_id', '=', walletId)]))
    .orderBy(sql`id = ${walletId}`, 'desc')
    .executeTakeFirst();
}

/** The same lookup as a scalar subquery answering `{ id, wallet_type_id }` as JSON, or NULL. */
export function lottoWalletJson(memberId: number, walletId: number) {
  return sql<LottoWallet | null>`(SELECT json_build_object('id', a.id, 'wallet_type_id', a.wallet_type_id) FROM ledger_account a
       WHERE a.member_id = ${memberId} AND (a.id = ${walletId} OR a.wallet_type_id = ${walletId})
       ORDER BY a.id = ${walletId} DESC LIMIT 1)`;
}

/**
 * The bill a member placed under an idempotency key, with the ledger account of the wallet that paid
 * it (a replay may name the wallet by either id).
 */
export function lottoBillByKey(ex: Executor, memberId: number, key: string) {
  return ex
    .selectFrom('lotto_bill as b')
    .innerJoin('ledger_account as a', (j) =>
      j.onRef('a.member_id', '=', 'b.member_id').onRef('a.wallet_type_id', '=', 'b.wallet_type_id'),
    )
    .select(['b.id', 'b.round_id', 'b.wallet_type_id', 'a.id as account_id'])
    .where('b.member_id', '=', memberId)
    .where('b.idempotency_key', '=', key)
    .executeTakeFirst();
}
