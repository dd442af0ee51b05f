import type { AuditAction } from '@chok/contract/audit-actions';
import { bangkokDayStart } from '@chok/engine/bangkok-calendar';
import { bahtToSatang, formatBaht, satang } from '@chok/engine/money';
import { sameAccountName } from '@chok/engine/payments/account-name';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { appendAudit } from '../../platform/audit.ts';
import { type Executor, inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { queueMoneyPush } from '../line/service.ts';
import { lockMember, lockNameCheck, markNameVerified, payoutAccount } from '../members/service.ts';
import { riskReason } from '../rewards/service.ts';
import { MAIN_WALLET, memberBalance, outstandingDebt, withdrawalFreeze } from '../wallet/service.ts';
import { memberAccount } from './accounts.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import { settlePromotion } from './promotions.ts';
import type { WithdrawalRow, WithdrawalStatus } from './row-types.ts';
import { loadSettings } from './settings.ts';
import { withdrawalView } from './views.ts';
import {
  insertWithdrawal,
  memberDailyCap,
  memberWithdrawals,
  moveWithdrawal,
  openWithdrawal,
  openWithdrawalId,
  usedSince,
  withdrawalById,
} from './withdrawal-queries.ts';

/** Σ of today's (Asia/Bangkok) pending, review and paid requests. */
async function usedToday(ex: Executor, memberId: number, now: Date): Promise<number> {
  return usedSince(ex, memberId, bangkokDayStart(now));
}

async function dailyCap(ex: Executor, memberId: number, fallback: number): Promise<number> {
  const o = await memberDailyCap(ex, memberId);
  return o?.daily_cap_satang ?? fallback;
}

/**
 * A risk-flagged member (docs/rules/engagement.md §0 G5: a device, a registration address or a
 * bank-account name shared with another member) — the same flag that holds their rewards.
 */
async function riskFlag(ex: Executor, memberId: number): Promise<string | null> {
  return riskReason(ex, memberId);
}

/**
 * The only three blocks (docs/rules/payments.md §5 rule 5), each with its own code and a Thai message
 * that says until when: a reconciliation freeze (until an operator clears it), an unpaid correction
 * debt (until the next credits repay it), the active promotion's unmet turnover. Open lottery bills
 * and game rounds do not block: their stakes have already left the wallet.
 */
async function blocks(deps: PaymentsDeps, tx: Tx, memberId: number, now: Date): Promise<void> {
  if (await withdrawalFreeze(tx, memberId)) throw new AppError('WITHDRAW_FROZEN');
  const owed = await outstandingDebt(tx, memberId);
  if (owed > 0) throw new AppError('LOTTO_MEMBER_DEBT', { amount: bahtInWords(owed) });
  const promo = await settlePromotion(tx, deps.ledger, memberId, now);
  // Only while the promotion runs: past its end it stays open just until a round staked from its
  // wallet has its result (settlePromotion), and that round no more blocks a withdrawal than any other.
  if (promo && promo.turnover < promo.required && now.getTime() < promo.endsAt.getTime()) {
    throw new AppError('TURNOVER_INCOMPLETE', {
      done: bahtInWords(promo.turnover),
      required: bahtInWords(promo.required),
    });
  }
}

/**
 * A withdrawal request (docs/rules/payments.md §5): whole baht from main to the registered account, minimum,
 * daily cap, one open request, and the three blocks; the amount is held in the same transaction, so
 * concurrent requests can never hold more than the balance.
 *
 * `byStaff`: a finance operator requests it for a self-excluded member, who cannot log in
 * (docs/rules/protection.md §4.2); every rule above still applies, the request is audited in the same
 * transaction, and it waits in the queue for its own approval like any other — by another operator
 * (the row keeps who requested it).
 */
export async function requestWithdrawal(
  deps: PaymentsDeps,
  r: {
    memberId: number;
    amountBaht: number;
    idempotencyKey: string | null;
    byStaff?: { staffId: number; reason: string };
  },
) {
  const now = deps.clock.now();
  const run = async (tx: Tx) => {
    if (r.byStaff && !(await deps.protection.selfExcluded(tx, r.memberId, now))) {
      throw new AppError('WITHDRAW_MEMBER_NOT_EXCLUDED');
    }
    const m = await payoutAccount(tx, r.memberId);
    const s = await loadSettings(tx);
    const amountSatang = bahtToSatang(r.amountBaht);
    if (amountSatang < s.withdraw_min_satang) {
      const min = bahtInWords(s.withdraw_min_satang);
      throw new AppError('WITHDRAW_BELOW_MIN', { min }, { amount: `ถอนขั้นต่ำ ${min} บาท` });
    }
    const open = await openWithdrawalId(tx, r.memberId);
    if (open) throw new AppError('WITHDRAW_PENDING');
    await blocks(deps, tx, r.memberId, now);
    const cap = await dailyCap(tx, r.memberId, s.withdraw_daily_cap_satang);
    const leftSatang = Math.max(0, cap - (await usedToday(tx, r.memberId, now)));
    if (amountSatang > leftSatang) {
      throw new AppError('WITHDRAW_DAILY_CAP', { left: bahtInWords(leftSatang) });
    }

    const flagged = amountSatang >= s.withdraw_review_satang ? 'ยอดถอนสูง' : await riskFlag(tx, r.memberId);
    const w = await insertWithdrawal(tx, {
      memberId: r.memberId,
      amountSatang,
      status: flagged ? 'review' : 'pending',
      reviewReason: flagged,
      bankCode: m.bank_code,
      accountNo: m.account_no,
      accountName: m.account_name,
      now,
      requestedBy: r.byStaff?.staffId ?? null,
    });
    await deps.ledger.hold(tx, {
      memberId: r.memberId,
      amount: amountSatang,
      idempotencyKey: `wd:${w.id}:hold`,
      reference: `WD-${w.id}`,
    });
    if (r.byStaff) {
      await appendAudit(tx, {
        actorType: 'staff',
        actorId: r.byStaff.staffId,
        action: 'withdrawal.request_for_excluded',
        entity: 'withdrawal',
        entityId: w.id,
        before: null,
        after: { member_id: r.memberId, amount_satang: amountSatang, reason: r.byStaff.reason },
      });
    }
    await publishPayment(deps, tx, r.memberId, { kind: 'withdrawal', id: w.id, status: w.status });
    return withdrawalView(w);
  };
  return inTransaction(deps.db, async (tx) => {
    // G1: one member's withdrawal decisions run one at a time. Taken before the idempotency row,
    // whose foreign key would otherwise share-lock the member row first and deadlock two requests.
    if (!(await lockMember(tx, r.memberId))) throw new AppError('MEMBER_NOT_FOUND');
    return r.idempotencyKey
      ? idempotent(
          tx,
          { memberId: r.memberId, scope: 'withdraw', key: r.idempotencyKey, request: { a: r.amountBaht } },
          () => run(tx),
        )
      : run(tx);
  }).catch((err) => {
    if (isUniqueViolation(err, 'withdrawal_one_open')) throw new AppError('WITHDRAW_PENDING');
    throw err;
  });
}

export async function withdrawalList(deps: PaymentsDeps, memberId: number, limit: number) {
  const rows = await memberWithdrawals(deps.db, memberId, limit);
  return rows.map(withdrawalView);
}

/** What the withdraw page shows: balance, limits, the registered account, and any block. */
export async function withdrawalInfo(deps: PaymentsDeps, memberId: number) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const s = await loadSettings(tx);
    const promo = await settlePromotion(tx, deps.ledger, memberId, now);
    const mainBalance = await memberBalance(tx, memberId, MAIN_WALLET);
    const cap = await dailyCap(tx, memberId, s.withdraw_daily_cap_satang);
    const left = Math.max(0, cap - (await usedToday(tx, memberId, now)));
    const open = await openWithdrawal(tx, memberId);
    let blocked: string | null = null;
    try {
      await blocks(deps, tx, memberId, now);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      blocked = err.message;
    }
    return {
      main_balance: formatBaht(mainBalance),
      min: formatBaht(s.withdraw_min_satang),
      daily_cap: formatBaht(cap),
      daily_left: formatBaht(left),
      account: await memberAccount(tx, memberId),
      open_request: open ? withdrawalView(open) : null,
      turnover: promo
        ? {
            title: promo.title,
            turnover: formatBaht(promo.turnover),
            required_turnover: formatBaht(promo.required),
            complete: promo.turnover >= promo.required,
          }
        : null,
      blocked_reason: blocked,
    };
  });
}

/**
 * One operator transition: `UPDATE … WHERE id = $1 AND status IN ($expected) RETURNING *`; the
 * ledger transfer (key wd:<id>:<status>) is written only when a row comes back, so a double click
 * can never pay or refund twice.
 */
async function transition(
  deps: PaymentsDeps,
  a: {
    id: number;
    staffId: number;
    from: readonly WithdrawalStatus[];
    to: WithdrawalStatus;
    set: { bank_ref?: string; reason?: string };
    action: AuditAction;
    note?: string;
    /** Runs before the state moves; what it returns is added to the audit record. */
    check?: (tx: Tx, w: WithdrawalRow, now: Date) => Promise<Record<string, string>>;
    money?: (tx: Tx, w: WithdrawalRow) => Promise<unknown>;
  },
): Promise<WithdrawalRow> {
  return inTransaction(deps.db, async (tx) => {
    // Locked: another operator's move of the same request waits, so the checks below (who may pay,
    // the account name) are made on the state this move starts from.
    const before = await withdrawalById(tx, a.id, true);
    if (!before) throw new AppError('RECORD_NOT_FOUND');
    const now = deps.clock.now();
    const checked = a.check && a.from.includes(before.status) ? await a.check(tx, before, now) : {};
    const w = await moveWithdrawal(tx, {
      id: a.id,
      from: a.from,
      to: a.to,
      set: a.set,
      staffId: a.staffId,
      now,
    });
    if (!w) throw new AppError('WITHDRAWAL_STATE_CHANGED');
    await a.money?.(tx, w);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: a.staffId,
      action: a.action,
      entity: 'withdrawal',
      entityId: w.id,
      before: { status: before.status },
      after: { status: w.status, ...a.set, ...checked, ...(a.note ? { note: a.note } : {}) },
    });
    await publishPayment(deps, tx, w.member_id, { kind: 'withdrawal', id: w.id, status: w.status });
    return w;
  });
}

/**
 * docs/rules/payments.md §4: before a member's first payout (and the first after an operator changed
 * their bank data) the operator types the name the bank shows for the receiving account; it must be the
 * registered name (titles, spacing and case aside), or nothing is paid. A match is recorded on the member.
 */
async function checkAccountName(
  tx: Tx,
  memberId: number,
  staffId: number,
  shownByBank: string | undefined,
  now: Date,
): Promise<{ name_checked: string } | Record<string, never>> {
  const m = await lockNameCheck(tx, memberId);
  if (!m || m.name_verified_at !== null) return {};
  if (!shownByBank) throw new AppError('WITHDRAW_NAME_CHECK_REQUIRED');
  if (!sameAccountName(m.account_name, shownByBank)) {
    throw new AppError('WITHDRAW_NAME_MISMATCH', { shown: shownByBank, registered: m.account_name });
  }
  await markNameVerified(tx, memberId, staffId, now);
  return { name_checked: shownByBank };
}

/**
 * Pays a pending withdrawal. One that went to review (large or flagged, docs/rules/payments.md §5
 * rule 7) was moved to pending by a supervisor, whose id the row keeps: that supervisor cannot also
 * pay it — two operators for every reviewed payout. Nor can the operator who requested it for a
 * self-excluded member: a payout staff started is paid by someone else.
 */
export function approveWithdrawal(
  deps: PaymentsDeps,
  id: number,
  staffId: number,
  bankRef: string,
  bankAccountName?: string,
) {
  return transition(deps, {
    id,
    staffId,
    from: ['pending'],
    to: 'paid',
    set: { bank_ref: bankRef },
    action: 'payments.withdrawal_paid',
    check: async (tx, w, now) => {
      if (w.requested_by === staffId) throw new AppError('WITHDRAW_REQUESTER_CANNOT_PAY');
      if (w.decided_by === staffId) {
        const s = await loadSettings(tx);
        throw new AppError('WITHDRAW_SECOND_OPERATOR', { review: bahtInWords(s.withdraw_review_satang) });
      }
      return checkAccountName(tx, w.member_id, staffId, bankAccountName, now);
    },
    money: async (tx, w) => {
      await deps.ledger.payOutHold(tx, {
        amount: satang(w.amount_satang),
        idempotencyKey: `wd:${w.id}:paid`,
        reference: `WD-${w.id}`,
      });
      // The member's LINE message, if opted into (docs/rules/connectors.md §5), in this transaction.
      await queueMoneyPush(tx, {
        kind: 'withdrawal',
        memberId: w.member_id,
        amountSatang: w.amount_satang,
        ref: `WD-${w.id}`,
        now: deps.clock.now(),
      });
    },
  });
}

export function rejectWithdrawal(deps: PaymentsDeps, id: number, staffId: number, reason: string) {
  return transition(deps, {
    id,
    staffId,
    from: ['pending', 'review'],
    to: 'rejected',
    set: { reason },
    action: 'payments.withdrawal_rejected',
    money: (tx, w) =>
      deps.ledger.release(tx, {
        memberId: w.member_id,
        amount: satang(w.amount_satang),
        idempotencyKey: `wd:${w.id}:rejected`,
        reference: `WD-${w.id}`,
      }),
  });
}

export function releaseReview(deps: PaymentsDeps, id: number, staffId: number, note: string) {
  return transition(deps, {
    id,
    staffId,
    from: ['review'],
    to: 'pending',
    set: {},
    note,
    action: 'payments.withdrawal_review_released',
  });
}
