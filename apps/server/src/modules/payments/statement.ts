import { PaymentChannel } from '@chok/contract/api/payments';
import { formatBaht, satang } from '@chok/engine/money';
import { bahtInWords } from '@chok/engine/payments/promotion';
import {
  candidatesFor,
  LATE_MATCH_MS,
  sameTransfer,
  TWIN_WINDOW_MS,
} from '@chok/engine/payments/statement-match';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { queueMoneyPush } from '../line/service.ts';
import type { PayoutAccount } from '../members/service.ts';
import { MAIN_WALLET } from '../wallet/service.ts';
import { sourceAccountCode } from './accounts.ts';
import { creditDeposit } from './confirm.ts';
import { receivingAccountExists } from './content-queries.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import { memberExists, payoutAccounts } from './members-queries.ts';
import type { AccountKind } from './row-types.ts';
import { loadSettings } from './settings.ts';
import {
  gatewayExists,
  insertStatementImport,
  insertStatementLine,
  lineCandidates,
  lockAccountLines,
  lockStatementLine,
  markLineAssigned,
  markLineIgnored,
  markLineMatched,
  markTwin,
  memberRequestForLine,
  type NewStatementLine,
  requestLineAssign,
  setImportCounts,
  twinCandidates,
} from './statement-queries.ts';
import { findTemplate, type ParsedLine, readStatement } from './templates.ts';

async function accountExists(tx: Tx, kind: AccountKind, id: number): Promise<boolean> {
  if (kind === 'gateway') {
    return gatewayExists(tx, id);
  }
  return receivingAccountExists(tx, kind, id);
}

/** Where a member pays a channel from: the registered TrueMoney wallet (else the phone), or bank account. */
function registeredAccount(channelId: number, a: PayoutAccount): string {
  return channelId === PaymentChannel.trueMoney ? (a.sub_bank_account ?? a.phone) : a.account_no;
}

/** Numbers lines without a reference that repeat the same facts in one file: 1, 2, … */
function withOccurrence(lines: ParsedLine[]) {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.bankRef !== null) return { ...l, occurrence: 1 };
    const k = `${l.postedAt.toISOString()}|${l.amountSatang}|${l.counterparty}`;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return { ...l, occurrence: n };
  });
}

/**
 * Matches one stored credit line (docs/rules/payments.md §3.2): exactly one candidate → that request is paid
 * with ledger key stmt:<line_id>; none or several → the unmatched queue. A candidate another path
 * paid while we looked still owns the line (matched, no second credit).
 */
async function matchLine(
  deps: PaymentsDeps,
  tx: Tx,
  line: {
    id: number;
    account_kind: AccountKind;
    account_id: number;
    posted_at: Date;
    amount_satang: number;
    counterparty: string;
  },
  lateMinutes: number,
): Promise<'matched' | 'unmatched'> {
  const rows = await lineCandidates(tx, line, new Date(line.posted_at.getTime() - lateMinutes * 60_000));
  // The account each candidate's member registered: the line's counterparty must be it.
  const accounts = await payoutAccounts(
    tx,
    rows.map((r) => r.member_id),
  );
  const candidates = candidatesFor(
    { postedAt: line.posted_at, amountSatang: satang(line.amount_satang), counterparty: line.counterparty },
    rows.map((r) => ({
      id: r.id,
      paySatang: satang(r.pay_amount_satang),
      createdAt: r.created_at,
      // The engine applies the document's 10 minutes; a changed setting widens the query above.
      expiresAt: new Date(r.expires_at.getTime() + lateMinutes * 60_000 - LATE_MATCH_MS),
      // Already-paid rows are kept as candidates here; creditDeposit below will not pay them again.
      status: r.status === 'paid' ? ('open' as const) : r.status,
      registered: registeredAccount(r.channel_id, accounts.get(r.member_id)!),
    })),
  );
  if (candidates.length !== 1) return 'unmatched';
  const requestId = candidates[0]!.id;
  await creditDeposit(deps, tx, {
    requestId,
    paidSatang: line.amount_satang,
    via: 'statement',
    ref: `line ${line.id}`,
    staffId: null,
    ledgerKey: `stmt:${line.id}`,
    from: ['open', 'expired', 'cancelled'],
  });
  await markLineMatched(tx, line.id, requestId);
  return 'matched';
}

export type LineOutcome = 'duplicate' | 'twin' | 'matched' | 'unmatched';

/**
 * Stores one credit line, whatever brought it (a statement file, the wallet's webhook, the relay), and
 * matches it (docs/rules/payments.md §3.2, §3.7). The caller holds `lockAccountLines` for the line's
 * account. A line already stored (same reference, or same facts) adds nothing; a line another source
 * already brought (same amount, times within TWIN_WINDOW_MS, agreeing counterparty) is stored as its
 * twin and pays nothing, so a transfer is credited once however many ways it is seen.
 */
export async function storeLine(
  deps: PaymentsDeps,
  tx: Tx,
  values: NewStatementLine,
  lateMinutes: number,
): Promise<{ outcome: LineOutcome; lineId: number | null }> {
  const inserted = await insertStatementLine(tx, values);
  if (!inserted) return { outcome: 'duplicate', lineId: null };
  const fingerprint = (l: {
    posted_at: Date;
    amount_satang: number;
    counterparty: string;
    bank_ref: string | null;
  }) => ({
    postedAt: l.posted_at,
    amountSatang: l.amount_satang,
    counterparty: l.counterparty,
    bankRef: l.bank_ref,
  });
  const twin = (await twinCandidates(tx, inserted, TWIN_WINDOW_MS)).find((c) =>
    sameTransfer(fingerprint(inserted), fingerprint(c)),
  );
  if (twin) {
    await markTwin(tx, inserted.id, twin.id, deps.clock.now());
    return { outcome: 'twin', lineId: inserted.id };
  }
  return { outcome: await matchLine(deps, tx, inserted, lateMinutes), lineId: inserted.id };
}

export interface StatementUpload {
  accountKind: AccountKind;
  accountId: number;
  template: string;
  fileName: string;
  content: string;
  staffId: number;
}

/** Imports a statement: each credit line stored once (re-importing adds nothing), then matched. */
export async function importStatement(deps: PaymentsDeps, u: StatementUpload) {
  const template = findTemplate(u.template, u.accountKind);
  const { lines, read } = readStatement(u.content, template);
  const numbered = withOccurrence(lines);
  return inTransaction(deps.db, async (tx) => {
    if (!(await accountExists(tx, u.accountKind, u.accountId))) throw new AppError('RECORD_NOT_FOUND');
    const settings = await loadSettings(tx);
    const imp = await insertStatementImport(tx, {
      accountKind: u.accountKind,
      accountId: u.accountId,
      template: template.code,
      fileName: u.fileName,
      staffId: u.staffId,
      linesRead: read,
      now: deps.clock.now(),
    });
    let fresh = 0;
    let matched = 0;
    let unmatched = 0;
    let twins = 0;
    await lockAccountLines(tx, u.accountKind, u.accountId);
    for (const l of numbered) {
      const values = {
        import_id: imp.id,
        source: 'import' as const,
        account_kind: u.accountKind,
        account_id: u.accountId,
        posted_at: l.postedAt,
        amount_satang: l.amountSatang,
        counterparty: l.counterparty,
        bank_ref: l.bankRef,
        occurrence_no: l.occurrence,
        description: l.description,
        status: 'unmatched' as const,
        created_at: deps.clock.now(),
      };
      const { outcome } = await storeLine(deps, tx, values, settings.late_match_minutes);
      if (outcome === 'duplicate') continue;
      if (outcome === 'twin') {
        // Already brought by the wallet's webhook or the relay: counted with the duplicates.
        twins += 1;
        continue;
      }
      fresh += 1;
      if (outcome === 'matched') matched += 1;
      else unmatched += 1;
    }
    const summary = {
      lines_read: read,
      lines_new: fresh,
      duplicates: numbered.length - fresh,
      matched,
      unmatched,
    };
    await setImportCounts(tx, imp.id, { lines_new: fresh, matched, unmatched });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: u.staffId,
      action: 'payments.statement_import',
      entity: 'statement_import',
      entityId: imp.id,
      after: {
        account_kind: u.accountKind,
        account_id: u.accountId,
        template: template.code,
        file: u.fileName,
        ...summary,
        seen_by_webhook_or_relay: twins,
      },
    });
    return { import_id: imp.id, ...summary };
  });
}

async function lockLine(tx: Tx, id: number) {
  const line = await lockStatementLine(tx, id);
  if (!line) throw new AppError('RECORD_NOT_FOUND');
  if (line.status !== 'unmatched') throw new AppError('STATEMENT_LINE_CLOSED');
  return line;
}

/**
 * An operator attaches an unmatched line to a member: their matching request if there is one,
 * otherwise a direct credit (key stmt:<line_id>). 20,000 baht or more needs a second operator.
 */
export async function assignLine(
  deps: PaymentsDeps,
  a: { lineId: number; memberId: number; note: string; staffId: number },
): Promise<'confirmed' | 'awaiting_second_approval'> {
  return inTransaction(deps.db, async (tx) => {
    const line = await lockLine(tx, a.lineId);
    if (!(await memberExists(tx, a.memberId))) throw new AppError('RECORD_NOT_FOUND');
    const settings = await loadSettings(tx);
    const before = {
      status: line.status,
      assign_member_id: line.assign_member_id,
      assign_requested_by: line.assign_requested_by,
    };
    if (line.amount_satang >= settings.second_approval_satang) {
      const first = line.assign_requested_by;
      if (first === null || line.assign_member_id !== a.memberId) {
        await requestLineAssign(tx, {
          lineId: line.id,
          memberId: a.memberId,
          staffId: a.staffId,
          note: a.note || line.note,
        });
        await appendAudit(tx, {
          actorType: 'staff',
          actorId: a.staffId,
          action: 'payments.line_assign_requested',
          entity: 'statement_line',
          entityId: line.id,
          before,
          after: { assign_member_id: a.memberId, assign_requested_by: a.staffId },
        });
        return 'awaiting_second_approval';
      }
      if (first === a.staffId) {
        throw new AppError('SECOND_APPROVER_REQUIRED', {
          amount: bahtInWords(settings.second_approval_satang),
        });
      }
    }
    const request = await memberRequestForLine(tx, a.memberId, line);
    let requestId: number | null = null;
    if (request) {
      const paid = await creditDeposit(deps, tx, {
        requestId: request.id,
        paidSatang: line.amount_satang,
        via: 'operator',
        ref: `line ${line.id}`,
        staffId: a.staffId,
        ledgerKey: `stmt:${line.id}`,
        from: ['open', 'expired', 'cancelled'],
      });
      // Paid by another path since we looked: the operator must look again, never credit twice.
      if (!paid) throw new AppError('DEPOSIT_STATE_CHANGED');
      requestId = request.id;
    }
    if (requestId === null) {
      await deps.ledger.transfer(tx, {
        from: { system: await sourceAccountCode(tx, line.account_kind, line.account_id) },
        to: { member: a.memberId, wallet: MAIN_WALLET },
        amount: satang(line.amount_satang),
        kind: 'deposit',
        reference: `STMT-${line.id}`,
        idempotencyKey: `stmt:${line.id}`,
      });
      await publishPayment(deps, tx, a.memberId, { kind: 'deposit', id: line.id, status: 'paid' });
      await queueMoneyPush(tx, {
        kind: 'deposit',
        memberId: a.memberId,
        amountSatang: line.amount_satang,
        ref: `STMT-${line.id}`,
        now: deps.clock.now(),
      });
    }
    const now = deps.clock.now();
    await markLineAssigned(tx, {
      lineId: line.id,
      requestId,
      memberId: a.memberId,
      note: a.note || line.note,
      staffId: a.staffId,
      now,
    });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: a.staffId,
      action: 'payments.line_assigned',
      entity: 'statement_line',
      entityId: line.id,
      before,
      after: {
        status: 'assigned',
        member_id: a.memberId,
        request_id: requestId,
        amount: formatBaht(line.amount_satang),
      },
    });
    return 'confirmed';
  });
}

export async function ignoreLine(deps: PaymentsDeps, a: { lineId: number; note: string; staffId: number }) {
  await inTransaction(deps.db, async (tx) => {
    const line = await lockLine(tx, a.lineId);
    await markLineIgnored(tx, { lineId: line.id, note: a.note, staffId: a.staffId, now: deps.clock.now() });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: a.staffId,
      action: 'payments.line_ignored',
      entity: 'statement_line',
      entityId: line.id,
      before: { status: line.status },
      after: { status: 'ignored', note: a.note },
    });
  });
}
