import type { adminDeposit, adminWithdrawal, statementLine } from '@chok/contract/api/payments';
import { formatBaht } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { staffRefs } from '../admin/service.ts';
import { memberRefs, nameCheckPending } from '../members/service.ts';
import {
  depositsByStatus,
  lockDeposit,
  recordFirstApproval,
  rejectReviewedDeposit,
  statementLineRows,
  withdrawalsByStatus,
} from './admin-queries.ts';
import { creditDeposit } from './confirm.ts';
import { depositByIdOrThrow } from './deposit-queries.ts';
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
  const rows = await depositsByStatus(
    deps.db,
    status ? [status] : ['open', 'review'],
    status && status !== 'open' && status !== 'review' ? 'desc' : 'asc',
    limit,
  );
  return adminDeposits(deps, rows);
}

async function oneDeposit(deps: PaymentsDeps, id: number) {
  const row = await depositByIdOrThrow(deps.db, id);
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
    const r = await lockDeposit(tx, id);
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
        await recordFirstApproval(tx, { id, staffId, bankRef, now });
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
    const r = await rejectReviewedDeposit(tx, { id, staffId, reason, now });
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
  const unchecked = await nameCheckPending(
    deps.db,
    rows.map((r) => r.member_id),
  );
  return rows.map((w) => ({
    ...withdrawalView(w),
    member: { ...members.get(w.member_id)!, name_check_required: unchecked.has(w.member_id) },
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
  const rows = await withdrawalsByStatus(
    deps.db,
    status ? [status] : ['pending', 'review'],
    open ? 'asc' : 'desc',
    limit,
  );
  return adminWithdrawals(deps, rows);
}

export async function statementLines(
  deps: PaymentsDeps,
  status: LineStatus,
  limit: number,
  onlyId?: number,
): Promise<z.input<typeof statementLine>[]> {
  const rows = await statementLineRows(deps.db, status, limit, onlyId);
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
  | { action: 'approve'; bankRef: string; bankAccountName?: string | undefined }
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
      ? await approveWithdrawal(deps, id, staffId, d.bankRef, d.bankAccountName)
      : d.action === 'reject'
        ? await rejectWithdrawal(deps, id, staffId, d.reason)
        : await releaseReview(deps, id, staffId, d.note);
  return (await adminWithdrawals(deps, [w]))[0]!;
}
