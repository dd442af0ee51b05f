import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';
import type { DepositStatus, LineStatus, WithdrawalStatus } from './row-types.ts';

/** One page of deposit requests in `statuses` (of one member, if given), and how many there are. */
export async function depositsPage(
  ex: Executor,
  f: { statuses: DepositStatus[]; memberId?: number; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  let q = ex.selectFrom('deposit_request').where('status', 'in', f.statuses);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  return pageOf(q, (q) => q.selectAll().orderBy('id', f.order), f);
}

export function lockDeposit(ex: Executor, id: number) {
  return ex.selectFrom('deposit_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function recordFirstApproval(
  ex: Executor,
  a: { id: number; staffId: number; bankRef: string; now: Date },
): Promise<void> {
  await ex
    .updateTable('deposit_request')
    .set({
      first_approval_by: a.staffId,
      first_approval_ref: a.bankRef,
      first_approval_at: a.now,
      updated_at: a.now,
    })
    .where('id', '=', a.id)
    .execute();
}

/** Rejects a request under review; undefined when it is no longer under review. */
export function rejectReviewedDeposit(
  ex: Executor,
  r: { id: number; staffId: number; reason: string; now: Date },
) {
  return ex
    .updateTable('deposit_request')
    .set({
      status: 'rejected',
      reason: r.reason,
      reserved: false,
      confirmed_by: r.staffId,
      updated_at: r.now,
    })
    .where('id', '=', r.id)
    .where('status', '=', 'review')
    .returningAll()
    .executeTakeFirst();
}

/** One page of withdrawals in `statuses` (of one member, if given), and how many there are. */
export async function withdrawalsPage(
  ex: Executor,
  f: {
    statuses: WithdrawalStatus[];
    memberId?: number;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  let q = ex.selectFrom('withdrawal').where('status', 'in', f.statuses);
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  return pageOf(q, (q) => q.selectAll().orderBy('id', f.order), f);
}

/** One line by id. */
export function statementLineRow(ex: Executor, id: number) {
  return ex.selectFrom('statement_line').selectAll().where('id', '=', id).execute();
}

/** One page of lines in one status, newest first, and how many there are. */
export async function statementLinesPage(ex: Executor, status: LineStatus, limit: number, offset: number) {
  const q = ex.selectFrom('statement_line').where('status', '=', status);
  return pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), { limit, offset });
}
