import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

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

export async function memberExists(ex: Executor, memberId: number): Promise<boolean> {
  const row = await ex.selectFrom('member').select('id').where('id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the member may play and be paid: status `active` (false when there is no such member). */
export async function memberActive(ex: Executor, memberId: number): Promise<boolean> {
  const row = await ex.selectFrom('member').select('status').where('id', '=', memberId).executeTakeFirst();
  return row?.status === 'active';
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
