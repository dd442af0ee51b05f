import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { AccountKind } from './row-types.ts';

export async function gatewayExists(ex: Executor, id: number): Promise<boolean> {
  const g = await ex.selectFrom('payment_gateway').select('id').where('id', '=', id).executeTakeFirst();
  return g !== undefined;
}

/**
 * Requests a credit line may pay: same account and pay amount, created by the line's time, expiring no
 * earlier than `expiresFrom`, and open/expired/cancelled or paid by another path with no line yet.
 */
export function lineCandidates(
  ex: Executor,
  line: { account_kind: AccountKind; account_id: number; amount_satang: number; posted_at: Date },
  expiresFrom: Date,
) {
  return ex
    .selectFrom('deposit_request as d')
    .select([
      'd.id',
      'd.member_id',
      'd.pay_amount_satang',
      'd.created_at',
      'd.expires_at',
      'd.status',
      'd.channel_id',
    ])
    .where('d.account_kind', '=', line.account_kind)
    .where('d.account_id', '=', line.account_id)
    .where('d.pay_amount_satang', '=', line.amount_satang)
    .where((eb) =>
      eb.or([
        eb('d.status', 'in', ['open', 'expired', 'cancelled']),
        // Paid by an operator or the gateway before its statement line arrived: the line reconciles
        // it (and must never sit in the unmatched queue, where it could be credited a second time).
        eb.and([
          eb('d.status', '=', 'paid'),
          eb('d.confirmed_via', '<>', 'statement'),
          eb.not(
            eb.exists(
              eb.selectFrom('statement_line as l').select('l.id').whereRef('l.request_id', '=', 'd.id'),
            ),
          ),
        ]),
      ]),
    )
    .where('d.created_at', '<=', line.posted_at)
    .where('d.expires_at', '>=', expiresFrom)
    .execute();
}

export async function markLineMatched(ex: Executor, lineId: number, requestId: number): Promise<void> {
  await ex
    .updateTable('statement_line')
    .set({ status: 'matched', request_id: requestId })
    .where('id', '=', lineId)
    .execute();
}

export function insertStatementImport(
  ex: Executor,
  i: {
    accountKind: AccountKind;
    accountId: number;
    template: string;
    fileName: string;
    staffId: number;
    linesRead: number;
    now: Date;
  },
) {
  return ex
    .insertInto('statement_import')
    .values({
      account_kind: i.accountKind,
      account_id: i.accountId,
      template: i.template,
      file_name: i.fileName,
      imported_by: i.staffId,
      lines_read: i.linesRead,
      created_at: i.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface NewStatementLine {
  /** Null for a line that came from the wallet's webhook or the relay. */
  import_id: number | null;
  source: 'import' | 'wallet_webhook' | 'relay';
  account_kind: AccountKind;
  account_id: number;
  posted_at: Date;
  amount_satang: number;
  counterparty: string;
  bank_ref: string | null;
  occurrence_no: number;
  description: string;
  status: 'unmatched';
  created_at: Date;
}

/**
 * Stores a credit line once: a line with a bank reference is a duplicate by (account, reference), one
 * without by its facts and occurrence number. Undefined for a duplicate.
 */
export function insertStatementLine(ex: Executor, values: NewStatementLine) {
  const q = ex.insertInto('statement_line').values(values);
  return (
    values.bank_ref !== null
      ? q.onConflict((oc) =>
          oc
            .columns(['account_kind', 'account_id', 'bank_ref'])
            .where('bank_ref', 'is not', null)
            .doNothing(),
        )
      : q.onConflict((oc) =>
          oc
            .columns([
              'account_kind',
              'account_id',
              'posted_at',
              'amount_satang',
              'counterparty',
              'occurrence_no',
            ])
            .where('bank_ref', 'is', null)
            .doNothing(),
        )
  )
    .returning([
      'id',
      'account_kind',
      'account_id',
      'posted_at',
      'amount_satang',
      'counterparty',
      'bank_ref',
      'source',
    ])
    .executeTakeFirst();
}

/**
 * Serialises the lines of one receiving account until the transaction ends: the import, the webhook and
 * the relay each store and compare a line under it, so two sightings of one transfer arriving together
 * cannot both miss each other (docs/rules/payments.md §3.7).
 */
export async function lockAccountLines(ex: Executor, kind: AccountKind, accountId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`statement_line:${kind}:${accountId}`}))`.execute(ex);
}

/**
 * Lines of other sources on the same account and amount around `postedAt` that no twin has claimed yet,
 * nearest in time first.
 */
export function twinCandidates(
  ex: Executor,
  line: {
    id: number;
    account_kind: AccountKind;
    account_id: number;
    amount_satang: number;
    posted_at: Date;
    source: string;
  },
  windowMs: number,
) {
  return ex
    .selectFrom('statement_line')
    .select(['id', 'posted_at', 'amount_satang', 'counterparty', 'bank_ref', 'source'])
    .where('account_kind', '=', line.account_kind)
    .where('account_id', '=', line.account_id)
    .where('amount_satang', '=', line.amount_satang)
    .where('posted_at', '>=', new Date(line.posted_at.getTime() - windowMs))
    .where('posted_at', '<=', new Date(line.posted_at.getTime() + windowMs))
    .where('twin_seen_at', 'is', null)
    .where('status', '<>', 'twin')
    .where('source', '<>', line.source as 'import')
    .where('id', '<>', line.id)
    .orderBy(sql`abs(extract(epoch from posted_at - ${line.posted_at}::timestamptz))`)
    .orderBy('id')
    .execute();
}

/** The later sighting becomes a twin of the earlier line, which records that it was seen twice. */
export async function markTwin(ex: Executor, lineId: number, twinOf: number, now: Date): Promise<void> {
  await ex
    .updateTable('statement_line')
    .set({ status: 'twin', twin_of: twinOf })
    .where('id', '=', lineId)
    .execute();
  await ex.updateTable('statement_line').set({ twin_seen_at: now }).where('id', '=', twinOf).execute();
}

export async function setImportCounts(
  ex: Executor,
  importId: number,
  c: { lines_new: number; matched: number; unmatched: number },
): Promise<void> {
  await ex.updateTable('statement_import').set(c).where('id', '=', importId).execute();
}

export function lockStatementLine(ex: Executor, id: number) {
  return ex.selectFrom('statement_line').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function requestLineAssign(
  ex: Executor,
  p: { lineId: number; memberId: number; staffId: number; note: string | null },
): Promise<void> {
  await ex
    .updateTable('statement_line')
    .set({ assign_member_id: p.memberId, assign_requested_by: p.staffId, note: p.note })
    .where('id', '=', p.lineId)
    .execute();
}

/** The member's latest unpaid request on the line's account for exactly the line's amount. */
export function memberRequestForLine(
  ex: Executor,
  memberId: number,
  line: { account_kind: AccountKind; account_id: number; amount_satang: number },
) {
  return ex
    .selectFrom('deposit_request')
    .select('id')
    .where('member_id', '=', memberId)
    .where('account_kind', '=', line.account_kind)
    .where('account_id', '=', line.account_id)
    .where('pay_amount_satang', '=', line.amount_satang)
    .where('status', 'in', ['open', 'expired', 'cancelled'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function markLineAssigned(
  ex: Executor,
  p: {
    lineId: number;
    requestId: number | null;
    memberId: number;
    note: string | null;
    staffId: number;
    now: Date;
  },
): Promise<void> {
  await ex
    .updateTable('statement_line')
    .set({
      status: 'assigned',
      request_id: p.requestId,
      assign_member_id: p.memberId,
      note: p.note,
      resolved_by: p.staffId,
      resolved_at: p.now,
    })
    .where('id', '=', p.lineId)
    .execute();
}

/** Statement lines an operator credited to the member with no request behind them, since `from`. */
export async function assignedWithoutRequestSince(
  ex: Executor,
  memberId: number,
  from: Date,
): Promise<{ amount_satang: number; resolved_at: Date }[]> {
  const rows = await ex
    .selectFrom('statement_line')
    .select(['amount_satang', 'resolved_at'])
    .where('assign_member_id', '=', memberId)
    .where('status', '=', 'assigned')
    .where('request_id', 'is', null)
    .where('resolved_at', '>=', from)
    .execute();
  return rows.map((r) => ({ amount_satang: r.amount_satang, resolved_at: r.resolved_at! }));
}

export async function markLineIgnored(
  ex: Executor,
  p: { lineId: number; note: string; staffId: number; now: Date },
): Promise<void> {
  await ex
    .updateTable('statement_line')
    .set({ status: 'ignored', note: p.note, resolved_by: p.staffId, resolved_at: p.now })
    .where('id', '=', p.lineId)
    .execute();
}
