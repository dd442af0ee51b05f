import type { adminDeposit, adminWithdrawal, statementLine } from '@chok/contract/api/payments';
import { formatBaht } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { staffRefs } from '../admin/service.ts';
import { memberIdByPhone, memberRefs } from '../members/service.ts';
import {
  depositsPage,
  lockDeposit,
  recordFirstApproval,
  rejectReviewedDeposit,
  statementLineRow,
  statementLinesPage,
  withdrawalsPage,
} from './admin-queries.ts';
import { creditDeposit } from './confirm.ts';
import { depositByIdOrThrow } from './deposit-queries.ts';
import { expireDeposits } from './deposits.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import { nameCheckPending } from './members-queries.ts';
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

/** What the operator's queues are filtered and paged by (apps/backoffice DataTable). */
export interface QueueFilter<S> {
  status?: S | undefined;
  phone?: string | undefined;
  page: number;
  page_size: number;
}

/** The member a phone filter names: undefined without one, null when nobody has that phone. */
async function memberOfPhone(deps: PaymentsDeps, phone: string | undefined) {
  if (phone === undefined) return undefined;
  return (await memberIdByPhone(deps.db, phone)) ?? null;
}

const emptyPage = (f: { page: number; page_size: number }) => ({
  items: [],
  total: 0,
  page: f.page,
  page_size: f.page_size,
});

/**
 * The deposit queue: open and review requests oldest first (or one status; a closed one newest
 * first), paged, of one member when the phone is given.
 */
export async function depositQueue(deps: PaymentsDeps, f: QueueFilter<DepositStatus>) {
  await expireDeposits(deps, deps.clock.now());
  const memberId = await memberOfPhone(deps, f.phone);
  if (memberId === null) return emptyPage(f);
  const { rows: items, total } = await depositsPage(deps.db, {
    statuses: f.status ? [f.status] : ['open', 'review'],
    ...(memberId === undefined ? {} : { memberId }),
    order: f.status && f.status !== 'open' && f.status !== 'review' ? 'desc' : 'asc',
    limit: f.page_size,
    offset: (f.page - 1) * f.page_size,
  });
  return { items: await adminDeposits(deps, items), total, page: f.page, page_size: f.page_size };
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

/**
 * The withdrawal queue: pending and review oldest first (or one status; a closed one newest first),
 * paged, of one member when the phone is given.
 */
export async function withdrawalQueue(deps: PaymentsDeps, f: QueueFilter<WithdrawalStatus>) {
  const memberId = await memberOfPhone(deps, f.phone);
  if (memberId === null) return emptyPage(f);
  const open = !f.status || f.status === 'pending' || f.status === 'review';
  const { rows: items, total } = await withdrawalsPage(deps.db, {
    statuses: f.status ? [f.status] : ['pending', 'review'],
    ...(memberId === undefined ? {} : { memberId }),
    order: open ? 'asc' : 'desc',
    limit: f.page_size,
    offset: (f.page - 1) * f.page_size,
  });
  return { items: await adminWithdrawals(deps, items), total, page: f.page, page_size: f.page_size };
}

/** Imported lines in one status, newest first, paged. */
export async function statementLinesQueue(
  deps: PaymentsDeps,
  f: { status: LineStatus; page: number; page_size: number },
) {
  const { rows: items, total } = await statementLinesPage(
    deps.db,
    f.status,
    f.page_size,
    (f.page - 1) * f.page_size,
  );
  return { items: await statementLineViews(deps, items), total, page: f.page, page_size: f.page_size };
}

async function statementLineViews(
  deps: PaymentsDeps,
  rows: Awaited<ReturnType<typeof statementLineRow>>,
): Promise<z.input<typeof statementLine>[]> {
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
    source: l.source,
    twin_of: l.twin_of,
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
  return { outcome, line: (await statementLineViews(deps, await statementLineRow(deps.db, a.lineId)))[0]! };
}

/** An operator sets an unmatched line aside: the line as it is now. */
export async function ignoreStatementLine(
  deps: PaymentsDeps,
  a: { lineId: number; note: string; staffId: number },
) {
  await ignoreLine(deps, a);
  return (await statementLineViews(deps, await statementLineRow(deps.db, a.lineId)))[0]!;
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
