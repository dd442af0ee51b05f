import type { Executor } from '../../platform/db.ts';
import type { DepositStatus, LineStatus, WithdrawalStatus } from './row-types.ts';

export function depositsByStatus(
  ex: Executor,
  statuses: DepositStatus[],
  order: 'asc' | 'desc',
  limit: number,
) {
  return ex
    .selectFrom('deposit_request')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('id', order)
    .limit(limit)
    .execute();
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

export function withdrawalsByStatus(
  ex: Executor,
  statuses: WithdrawalStatus[],
  order: 'asc' | 'desc',
  limit: number,
) {
  return ex
    .selectFrom('withdrawal')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('id', order)
    .limit(limit)
    .execute();
}

/** One line by id, or the latest `limit` lines in one status. */
export function statementLineRows(ex: Executor, status: LineStatus, limit: number, onlyId?: number) {
  let q = ex.selectFrom('statement_line').selectAll();
  q =
    onlyId !== undefined
      ? q.where('id', '=', onlyId)
      : q.where('status', '=', status).orderBy('id', 'desc').limit(limit);
  return q.execute();
}
