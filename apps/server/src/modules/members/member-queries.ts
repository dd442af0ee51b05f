import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export function findMember(ex: Executor, memberId: number) {
  return ex.selectFrom('member').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
}

export async function memberIdByPhone(ex: Executor, phone: string): Promise<number | undefined> {
  const row = await ex.selectFrom('member').select('id').where('phone', '=', phone).executeTakeFirst();
  return row?.id;
}

export async function memberIdByBankAccount(
  ex: Executor,
  bankCode: string,
  accountNo: string,
): Promise<number | undefined> {
  const row = await ex
    .selectFrom('member')
    .select('id')
    .where('bank_code', '=', bankCode)
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  return row?.id;
}

/** The member whose sub account (TrueMoney number) this is, other than `exceptId`. */
export async function subAccountHolder(
  ex: Executor,
  number: string,
  exceptId: number | null = null,
): Promise<number | undefined> {
  let q = ex.selectFrom('member').select('id').where('sub_bank_account', '=', number);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export async function setSubBankAccount(ex: Executor, memberId: number, number: string, now: Date) {
  await ex
    .updateTable('member')
    .set({ sub_bank_account: number, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** Locks the member's row until the caller commits; false when there is no such member. */
export async function lockMember(ex: Executor, memberId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('member')
    .select('id')
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export interface MemberRef {
  id: number;
  phone: string;
  /** The name on the member's bank account: the member's name. */
  account_name: string;
}

/** Phone and name of each member found, by id (for lists: operators read members by phone). */
export async function memberRefs(ex: Executor, ids: readonly number[]): Promise<Map<number, MemberRef>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .selectFrom('member')
    .select(['id', 'phone', 'account_name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Where a member's money is paid: the registered bank account, and the TrueMoney number. */
export interface PayoutAccount {
  id: number;
  phone: string;
  bank_code: string;
  account_no: string;
  account_name: string;
  /** The member's TrueMoney Wallet number, if any. */
  sub_bank_account: string | null;
}

/** The member's payout account; throws when there is no such member (callers hold a member id). */
export function payoutAccount(ex: Executor, memberId: number): Promise<PayoutAccount> {
  return ex
    .selectFrom('member')
    .select(['id', 'phone', 'bank_code', 'account_no', 'account_name', 'sub_bank_account'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * Whether another member registered under the same bank account name (ignoring case and repeated
 * spaces): a risk sign for payouts (docs/rules/engagement.md G5).
 */
export async function accountNameShared(ex: Executor, memberId: number): Promise<boolean> {
  const r = await sql<{ shared: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM member o JOIN member m ON m.id = ${memberId}
      WHERE o.id <> m.id AND lower(regexp_replace(o.account_name, '\\s+', ' ', 'g')) = lower(regexp_replace(m.account_name, '\\s+', ' ', 'g'))
    ) AS shared`.execute(ex);
  return r.rows[0]?.shared ?? false;
}

/**
 * docs/rules/payments.md §4, for the first payout: the registered account name and whether an
 * operator has checked it against the bank's, the member row locked for the payout's transaction.
 */
export async function lockNameCheck(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member')
    .select(['account_name', 'name_verified_at'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markNameVerified(
  ex: Executor,
  memberId: number,
  staffId: number,
  now: Date,
): Promise<void> {
  await ex
    .updateTable('member')
    .set({ name_verified_at: now, name_verified_by: staffId })
    .where('id', '=', memberId)
    .execute();
}
