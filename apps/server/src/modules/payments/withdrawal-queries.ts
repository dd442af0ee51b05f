import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { WithdrawalStatus } from './row-types.ts';

/** Σ of the member's pending, review and paid requests created since `dayStart`. */
export async function usedSince(ex: Executor, memberId: number, dayStart: Date): Promise<number> {
  const r = await ex
    .selectFrom('withdrawal')
    .select(sql<number>`COALESCE(sum(amount_satang), 0)::bigint`.as('used'))
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'review', 'paid'])
    .where('created_at', '>=', dayStart)
    .executeTakeFirstOrThrow();
  return r.used;
}

/** The member's own daily cap, when an operator set one. */
export function memberDailyCap(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdraw_limit')
    .select('daily_cap_satang')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export function openWithdrawalId(ex: Executor, memberId: number) {
  return ex
    .selectFrom('withdrawal')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'review'])
    .executeTakeFirst();
}

export function openWithdrawal(ex: Executor, memberId: number) {
  return ex
    .selectFrom('withdrawal')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'review'])
    .executeTakeFirst();
}

export function insertWithdrawal(
  ex: Executor,
  w: {
    memberId: number;
    amountSatang: number;
    status: WithdrawalStatus;
    reviewReason: string | null;
    bankCode: string;
    accountNo: string;
    accountName: string;
    now: Date;
    /** The finance operator who requested it for a self-excluded member; null for the member's own. */
    requestedBy: number | null;
  },
) {
  return ex
    .insertInto('withdrawal')
    .values({
      member_id: w.memberId,
      amount_satang: w.amountSatang,
      status: w.status,
      review_reason: w.reviewReason,
      bank_code: w.bankCode,
      account_no: w.accountNo,
      account_name: w.accountName,
      requested_by: w.requestedBy,
      created_at: w.now,
      updated_at: w.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function memberWithdrawals(ex: Executor, memberId: number, limit: number) {
  return ex
    .selectFrom('withdrawal')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One withdrawal; `forUpdate` locks it, so an operator's checks hold until the state moves. */
export function withdrawalById(ex: Executor, id: number, forUpdate = false) {
  const q = ex.selectFrom('withdrawal').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

/** `UPDATE … WHERE id = $1 AND status IN ($from) RETURNING *`; undefined when the state moved on. */
export function moveWithdrawal(
  ex: Executor,
  m: {
    id: number;
    from: readonly WithdrawalStatus[];
    to: WithdrawalStatus;
    set: { bank_ref?: string; reason?: string };
    staffId: number;
    now: Date;
  },
) {
  return ex
    .updateTable('withdrawal')
    .set({ status: m.to, ...m.set, decided_at: m.now, decided_by: m.staffId, updated_at: m.now })
    .where('id', '=', m.id)
    .where('status', 'in', m.from)
    .returningAll()
    .executeTakeFirst();
}
