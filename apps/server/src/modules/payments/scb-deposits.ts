import { formatBaht } from '@chok/engine/money';
import { inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { creditDeposit } from './confirm.ts';
import { depositById, moveDepositToReview } from './deposit-queries.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import {
  bangkokDate,
  parseScbGatewayRef,
  SCB,
  type ScbGateway,
  type ScbTransaction,
  scbGatewayRef,
} from './scb.ts';
import {
  insertGatewayLine,
  insertScbGatewayRow,
  paidByScbTransaction,
  scbGatewayId,
  scbRequestForUpdate,
} from './scb-queries.ts';
import { loadSettings } from './settings.ts';

/**
 * SCB QR deposits (docs/rules/payments.md §3.4). SCB's confirmation is not signed, so nothing is believed
 * until SCB's own inquiry lists the transaction; the confirmation, the inquiry job, the minute sweep and
 * the member's status poll all end in `settleScbPayment`, which acts once per SCB transaction id.
 */
export type ScbOutcome = 'credited' | 'review' | 'duplicate';

/** The job that asks SCB about a request whose confirmation is late. */
export const SCB_INQUIRY_JOB = 'payments.scb-inquiry';
/** First inquiry after this long; then twice the wait each time, at most SCB_INQUIRY_MAX_MS. */
export const SCB_INQUIRY_FIRST_MS = 30_000;
export const SCB_INQUIRY_MAX_MS = 5 * 60_000;

const CREDITABLE = ['open', 'expired', 'cancelled'] as const;

async function scbGateway(deps: PaymentsDeps): Promise<ScbGateway> {
  const g = await deps.gateways.scb();
  if (!g) throw new AppError('SCB_NOT_CONFIGURED');
  return g;
}

/** Creates the SCB gateway's row once the connector is configured (it is offered from then on). */
export async function ensureScbGateway(deps: PaymentsDeps): Promise<void> {
  if (await deps.gateways.scb()) await insertScbGatewayRow(deps.db);
}

/**
 * One payment SCB confirmed, in one transaction: its transaction id is recorded first (a replay, or the
 * other path arriving second, does nothing). It pays its request when that request is still payable
 * (open, expired or cancelled, and not past expiry + the late-match window) and the amount is the pay
 * amount; another amount sends the request to review; anything else — an unknown reference, a lapsed
 * request, a second payment of a paid QR — goes to the unmatched-lines queue for an operator.
 */
export function settleScbPayment(deps: PaymentsDeps, t: ScbTransaction): Promise<ScbOutcome> {
  return inTransaction(deps.db, async (tx) => {
    if (!(await deps.connectors.firstDelivery(tx, SCB, t.transactionId))) return 'duplicate';
    const now = deps.clock.now();
    const r = await scbRequestForUpdate(tx, scbGatewayRef(t.ref1, t.ref2));
    const settings = await loadSettings(tx);
    const payableUntil = r ? r.expires_at.getTime() + settings.late_match_minutes * 60_000 : 0;
    const payable =
      r && (CREDITABLE as readonly string[]).includes(r.status) && now.getTime() <= payableUntil;
    if (r && payable && t.amountSatang === r.pay_amount_satang) {
      const paid = await creditDeposit(deps, tx, {
        requestId: r.id,
        paidSatang: t.amountSatang,
        via: 'gateway',
        ref: t.transactionId,
        staffId: null,
        ledgerKey: `gw:${SCB}:${t.transactionId}`,
        from: CREDITABLE,
      });
      if (paid) return 'credited';
    } else if (r && payable) {
      const moved = await moveDepositToReview(tx, {
        id: r.id,
        reviewSatang: t.amountSatang,
        reason: `ยอดที่ได้รับ ${formatBaht(t.amountSatang)} ไม่ตรงกับยอดที่ต้องชำระ`,
        now,
      });
      if (moved) {
        await publishPayment(deps, tx, r.member_id, { kind: 'deposit', id: r.id, status: 'review' });
        return 'review';
      }
    }
    await toUnmatchedQueue(tx, t, r ? r.status : null, now);
    return 'review';
  });
}

async function toUnmatchedQueue(tx: Tx, t: ScbTransaction, status: string | null, now: Date) {
  const gw = await scbGatewayId(tx);
  if (!gw) throw new AppError('SCB_NOT_CONFIGURED');
  const why =
    status === null
      ? 'ไม่พบรายการฝากของเลขอ้างอิงนี้'
      : status === 'paid'
        ? 'รายการฝากนี้ได้รับเงินไปแล้ว (ชำระซ้ำ)'
        : 'รายการฝากนี้หมดเวลาหรือปิดไปแล้ว';
  await insertGatewayLine(tx, {
    gatewayId: gw.id,
    postedAt: t.paidAt,
    amountSatang: t.amountSatang,
    transactionId: t.transactionId,
    description: `QR ไทยพาณิชย์ อ้างอิง ${t.ref1} ${t.ref2}`.trim(),
    note: why,
    now,
  });
}

/**
 * SCB's payment confirmation (POST /api/payment/scb/confirm). The body is only a hint: SCB's inquiry
 * for the same references on the payment's date must list the same transaction id, and the amount
 * credited is the inquiry's. A confirmation SCB does not list is refused and changes nothing.
 */
export async function receiveScbConfirmation(
  deps: PaymentsDeps,
  body: {
    transactionId: string;
    transactionDateandTime?: string | undefined;
    billPaymentRef1: string;
    billPaymentRef2?: string | undefined;
  },
) {
  const scb = await scbGateway(deps);
  const refs = { ref1: body.billPaymentRef1, ref2: body.billPaymentRef2 ?? '' };
  const done = { resCode: '00', resDesc: 'success', transactionId: body.transactionId };
  // SCB repeats a confirmation whose answer it did not get: one that already paid its request is
  // answered at once, without asking SCB again (nothing is changed either way).
  if (await paidByScbTransaction(deps.db, scbGatewayRef(refs.ref1, refs.ref2), body.transactionId))
    return done;
  const now = deps.clock.now();
  const stated = /^\d{4}-\d{2}-\d{2}/.exec(body.transactionDateandTime ?? '')?.[0];
  // The stated date first; today's (Bangkok) too, so a wrong date in a real confirmation is not lost.
  const dates = stated ? [stated, bangkokDate(now)] : [bangkokDate(now)];
  const listed = await scb.transactions(refs, dates);
  const t = listed.find((x) => x.transactionId === body.transactionId);
  if (!t) throw new AppError('SCB_CALLBACK_UNCONFIRMED');
  await settleScbPayment(deps, t);
  return done;
}

/**
 * Asks SCB about one request and settles every payment it lists (the job, the sweep and the member's
 * poll). The dates asked are those from the request's creation to the end of its late-match window.
 * Returns false when SCB could not be asked (the caller tries again later).
 */
export async function inquireScbRequest(deps: PaymentsDeps, requestId: number): Promise<boolean> {
  const row = await depositById(deps.db, requestId);
  const refs = row?.gateway_ref ? parseScbGatewayRef(row.gateway_ref) : null;
  if (!row || !refs) return true;
  const s = await loadSettings(deps.db);
  const until = new Date(row.expires_at.getTime() + s.late_match_minutes * 60_000);
  try {
    const scb = await scbGateway(deps);
    const paid = await scb.transactions(refs, [bangkokDate(row.created_at), bangkokDate(until)]);
    for (const t of paid) await settleScbPayment(deps, t);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * The inquiry job of one SCB request: asks SCB, and while the request is unpaid and its payment may
 * still arrive, runs again after twice the last wait (30 s, 60 s, … at most 5 min). Returns when it
 * will run next, or null when it stops. The minute sweep asks about the same requests, so a lost job
 * delays a credit, never loses it.
 */
export async function scbInquiryJob(
  deps: PaymentsDeps,
  data: { requestId: number; attempt: number },
): Promise<Date | null> {
  await inquireScbRequest(deps, data.requestId);
  const row = await depositById(deps.db, data.requestId);
  if (!row || !(CREDITABLE as readonly string[]).includes(row.status)) return null;
  const s = await loadSettings(deps.db);
  const now = deps.clock.now();
  const until = row.expires_at.getTime() + s.late_match_minutes * 60_000;
  const wait = Math.min(SCB_INQUIRY_FIRST_MS * 2 ** (data.attempt + 1), SCB_INQUIRY_MAX_MS);
  if (now.getTime() >= until) return null;
  const at = new Date(Math.min(now.getTime() + wait, until));
  await deps.jobs.send(
    SCB_INQUIRY_JOB,
    { requestId: data.requestId, attempt: data.attempt + 1 },
    { at, singletonKey: `scb:${data.requestId}:${data.attempt + 1}` },
  );
  return at;
}

/** Schedules the first inquiry of a new SCB request. */
export async function scheduleScbInquiry(deps: PaymentsDeps, requestId: number): Promise<void> {
  const at = new Date(deps.clock.now().getTime() + SCB_INQUIRY_FIRST_MS);
  await deps.jobs.send(
    SCB_INQUIRY_JOB,
    { requestId, attempt: 0 },
    { at, singletonKey: `scb:${requestId}:0` },
  );
}
