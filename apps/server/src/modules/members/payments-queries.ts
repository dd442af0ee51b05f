import { sql } from 'kysely';
import type { Executor, Tx } from '../../platform/db.ts';

/** What payments reads of the member row, with the caller's executor (inside its transaction). */

/**
 * Locks the member's row until the caller commits: one member's money decisions (deposit requests,
 * withdrawals, promotions) run one at a time.
 */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
}

/** Members as an operator's queue shows them, by id (unknown ids are absent). */
export async function memberRefs(
  ex: Executor,
  ids: readonly number[],
): Promise<Map<number, { id: number; phone: string; account_name: string }>> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length
    ? await ex
        .selectFrom('member')
        .select(['id', 'phone', 'account_name'])
        .where('id', 'in', wanted)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export interface PayoutAccount {
  bank_code: string;
  account_no: string;
  account_name: string;
  /** The registered TrueMoney wallet number, if any. */
  sub_bank_account: string | null;
  phone: string;
}

/** The accounts a member registered (withdrawals go to the bank account); throws when there is no such member. */
export async function payoutAccount(ex: Executor, memberId: number): Promise<PayoutAccount> {
  return ex
    .selectFrom('member')
    .select(['bank_code', 'account_no', 'account_name', 'sub_bank_account', 'phone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** The registered accounts of several members, by id (a statement line's candidates). */
export async function payoutAccounts(
  ex: Executor,
  ids: readonly number[],
): Promise<Map<number, PayoutAccount>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .selectFrom('member')
    .select(['id', 'bank_code', 'account_no', 'account_name', 'sub_bank_account', 'phone'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map(({ id, ...account }) => [id, account]));
}

/** Whether another member registered under the same account name (spaces and case aside). */
export async function sharesAccountName(ex: Executor, memberId: number): Promise<boolean> {
  const r = await sql<{ shared: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM member o JOIN member m ON m.id = ${memberId}
      WHERE o.id <> m.id AND lower(regexp_replace(o.account_name, '\\s+', ' ', 'g')) = lower(regexp_replace(m.account_name, '\\s+', ' ', 'g'))
    ) AS shared`.execute(ex);
  return r.rows[0]?.shared ?? false;
}
