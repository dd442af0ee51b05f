import type { adminDeposit, adminWithdrawal, statementLine } from '@chok/contract/api/payments';
import { formatBaht } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { staffRefs } from '../admin/service.ts';
import { memberRefs } from '../members/service.ts';
import { creditDeposit } from './confirm.ts';
import { expireDeposits } from './deposits.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import type { DepositRow, DepositStatus, LineStatus, WithdrawalRow, WithdrawalStatus } from './row-types.ts';
import { loadSettings, sandboxOn } from './settings.ts';
import { assignLine, ignoreLine } from './statement.ts';
import { depositView, withdrawalView } from './views.ts';
import { approveWithdrawal, rejectWithdrawal, releaseReview } from './withdrawals.ts';

/** Who confirmed, approved or decided: a staff reference by id (null stays null; unknown reads `?`). */
async function staffNames(ex: Executor, ids: (number | null)[]) {
  const refs = await staffRefs(
    ex,
    ids.filter((i): i is number => i !== null),
  );
  return (id: number | null) => (id === null ? null : (refs.get(id) ?? { id, username: '?' }));
}

async function adminDeposits(
  deps: PaymentsDeps,
  rows: DepositRow[],
): Promise<z.input<typeof adminDeposit>[]> {
  const s = await loadSettings(deps.db);
  const now = deps.clock.now();
  const staff = await staffNames(
    deps.db,
    rows.flatMap((r) => [r.confirmed_by, r.first_approval_by]),
  );
  const members = await memberRefs(
    deps.db,
    rows.map((r) => r.member_id),
  );
  return Promise.all(
    rows.map(async (r) => ({
      ...(await depositView(deps.db, r, now, { sandboxEnabled: sandboxOn(deps, s), withImage: false })),
      member: members.get(r.member_id)!,
      confirmed_via: r.confirmed_via,
      confirm_ref: r.confirm_ref,
      confirmed_by: staff(r.confirmed_by),
      first_approval_by: staff(r.first_approval_by),
      review_amount: r.review_satang === null ? null : formatBaht(r.review_satang),
    })),
  );
}

/** The deposit queue: open and review requests (or one status), oldest first. */
export async function depositQueue(deps: PaymentsDeps, status: DepositStatus | undefined, limit: number) {
  await expireDeposits(deps, deps.clock.now());
  const rows = await deps.db
    .selectFrom('deposit_request')
    .selectAll()
    .where('status', 'in', status ? [status] : ['open', 'review'])
    .orderBy('id', status && status !== 'open' && status !== 'review' ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  return adminDeposits(deps, rows);
}

async function oneDeposit(deps: PaymentsDeps, id: number) {
  const row = await deps.db
    .selectFrom('deposit_request')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return (await adminDeposits(deps, [row]))[0]!;
}

/**
 * An operator confirms a deposit with the bank reference (docs/rules/payments.md §3.1). Amounts of 20,000 baht
 * or more (setting) take two different operators: the first records an approval, the second credits.
 */
export async function confirmDepositByOperator(
  deps: PaymentsDeps,
  id: number,
  staffId: number,
  bankRef: string,
) {
  const outcome = await inTransaction(deps.db, async (tx) => {
    const r = await tx
      .selectFrom('deposit_request')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!r) throw new AppError('RECORD_NOT_FOUND');
    if (r.status === 'paid') return 'already_confirmed' as const;
    if (r.status === 'rejected') throw new AppError('DEPOSIT_STATE_CHANGED');
    const s = await loadSettings(tx);
    const amountSatang =
      r.status === 'review' ? (r.review_satang ?? r.pay_amount_satang) : r.pay_amount_satang;
    const before = { status: r.status, first_approval_by: r.first_approval_by };
    if (amountSatang >= s.second_approval_satang) {
      if (r.first_approval_by === null) {
        const now = deps.clock.now();
        await tx
          .updateTable('deposit_request')
          .set({
            first_approval_by: staffId,
            first_approval_ref: bankRef,
            first_approval_at: now,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: staffId,
          action: 'payments.deposit_first_approval',
          entity: 'deposit_request',
          entityId: id,
          before,
          after: { first_approval_by: staffId, bank_ref: bankRef, amount: formatBaht(amountSatang) },
        });
        return 'awaiting_second_approval' as const;
      }
      if (r.first_approval_by === staffId) {
        throw new AppError('SECOND_APPROVER_REQUIRED', { amount: bahtInWords(s.second_approval_satang) });
      }
    }
    const paid = await creditDeposit(deps, tx, {
      requestId: id,
      paidSatang: amountSatang,
      via: 'operator',
      ref: bankRef,
      staffId,
      ledgerKey: `op:${id}`,
      from: ['open', 'expired', 'cancelled', 'review'],
    });
    if (!paid) return 'already_confirmed' as const;
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'payments.deposit_confirmed',
      entity: 'deposit_request',
      entityId: id,
      before,
      after: { status: 'paid', bank_ref: bankRef, amount: formatBaht(amountSatang) },
    });
    return 'confirmed' as const;
  });
  return { outcome, deposit: await oneDeposit(deps, id) };
}

/** A deposit under review (the gateway paid another amount) is rejected with a reason. */
export async function rejectDeposit(deps: PaymentsDeps, id: number, staffId: number, reason: string) {
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const r = await tx
      .updateTable('deposit_request')
      .set({ status: 'rejected', reason, reserved: false, confirmed_by: staffId, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .returningAll()
      .executeTakeFirst();
    if (!r) throw new AppError('DEPOSIT_STATE_CHANGED');
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'payments.deposit_rejected',
      entity: 'deposit_request',
      entityId: id,
      before: { status: 'review' },
      after: { status: 'rejected', reason },
    });
    await publishPayment(deps, tx, r.member_id, { kind: 'deposit', id, status: 'rejected' });
  });
  return oneDeposit(deps, id);
}

export async function adminWithdrawals(
  deps: PaymentsDeps,
  rows: WithdrawalRow[],
): Promise<z.input<typeof adminWithdrawal>[]> {
  const staff = await staffNames(
    deps.db,
    rows.map((r) => r.decided_by),
  );
  const members = await memberRefs(
    deps.db,
    rows.map((r) => r.member_id),
  );
  return rows.map((w) => ({
    ...withdrawalView(w),
    member: members.get(w.member_id)!,
    review_reason: w.review_reason,
    decided_by: staff(w.decided_by),
  }));
}

export async function withdrawalQueue(
  deps: PaymentsDeps,
  status: WithdrawalStatus | undefined,
  limit: number,
) {
  const open = !status || status === 'pending' || status === 'review';
  const rows = await deps.db
    .selectFrom('withdrawal')
    .selectAll()
    .where('status', 'in', status ? [status] : ['pending', 'review'])
    .orderBy('id', open ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  return adminWithdrawals(deps, rows);
}

export async function statementLines(
  deps: PaymentsDeps,
  status: LineStatus,
  limit: number,
  onlyId?: number,
): Promise<z.input<typeof statementLine>[]> {
  let q = deps.db.selectFrom('statement_line').selectAll();
  q =
    onlyId !== undefined
      ? q.where('id', '=', onlyId)
      : q.where('status', '=', status).orderBy('id', 'desc').limit(limit);
  const rows = await q.execute();
  const staff = await staffNames(
    deps.db,
    rows.map((r) => r.assign_requested_by),
  );
  return rows.map((l) => ({
    id: l.id,
    account_kind: l.account_kind,
    account_id: l.account_id,
    posted_at: l.posted_at.toISOString(),
    amount: formatBaht(l.amount_satang),
    counterparty: l.counterparty,
    bank_ref: l.bank_ref,
    description: l.description,
    status: l.status,
    request_id: l.request_id,
    assign_member_id: l.assign_member_id,
    assign_requested_by: staff(l.assign_requested_by),
    note: l.note,
  }));
}

/** An operator attaches an unmatched line to a member: the outcome and the line as it is now. */
export async function assignStatementLine(
  deps: PaymentsDeps,
  a: { lineId: number; memberId: number; note: string; staffId: number },
) {
  const outcome = await assignLine(deps, a);
  return { outcome, line: (await statementLines(deps, 'unmatched', 1, a.lineId))[0]! };
}

/** An operator sets an unmatched line aside: the line as it is now. */
export async function ignoreStatementLine(
  deps: PaymentsDeps,
  a: { lineId: number; note: string; staffId: number },
) {
  await ignoreLine(deps, a);
  return (await statementLines(deps, 'ignored', 1, a.lineId))[0]!;
}

export type WithdrawalDecision =
  | { action: 'approve'; bankRef: string }
  | { action: 'reject'; reason: string }
  | { action: 'release_review'; note: string };

/** An operator decides a queued withdrawal (paid, rejected, or out of review): the row as it is now. */
export async function decideWithdrawal(
  deps: PaymentsDeps,
  id: number,
  staffId: number,
  d: WithdrawalDecision,
) {
  const w =
    d.action === 'approve'
      ? await approveWithdrawal(deps, id, staffId, d.bankRef)
      : d.action === 'reject'
        ? await rejectWithdrawal(deps, id, staffId, d.reason)
        : await releaseReview(deps, id, staffId, d.note);
  return (await adminWithdrawals(deps, [w]))[0]!;
}
