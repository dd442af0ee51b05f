import { randomInt } from 'node:crypto';
import { PaymentChannel, PaymentSubChannel } from '@chok/contract/api/payments';
import { bahtToSatang, formatBaht, satang } from '@chok/engine/money';
import { pickFraction } from '@chok/engine/payments/deposit-amount';
import { bahtInWords } from '@chok/engine/payments/promotion';
import { promptPayPayload } from '@chok/engine/payments/promptpay';
import { inTransaction, isUniqueViolation, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { lockMember } from '../members/service.ts';
import { type ReceivingTarget, receivingTargets, roundRobin } from './accounts.ts';
import { paymentChannel } from './channel-queries.ts';
import { creditDeposit } from './confirm.ts';
import { depositRules } from './content-queries.ts';
import {
  cancelOpenDeposit,
  depositByGatewayRef,
  depositById,
  depositByIdOrThrow,
  expireOpenDeposits,
  gatewayRequestsToInquire,
  insertDepositRequest,
  insertGatewayEvent,
  memberDeposit,
  memberDepositId,
  memberDeposits,
  moveDepositToReview,
  type NewDepositRequest,
  openDepositIdOf,
  openDepositOf,
  rejectOpenDeposit,
  releaseLapsedPayAmounts,
  releaseLapsedReservations,
  releasePayAmountPoint,
  reservedPayAmounts,
  rollbackToPayAmountPoint,
  savePayAmountPoint,
  setGatewayQr,
  stampInquiry,
  subChannelEnabled,
} from './deposit-queries.ts';
import { type PaymentsDeps, publishPayment } from './deps.ts';
import { gatewayCode } from './gateway-queries.ts';
import { ineligibility } from './promotions.ts';
import type { DepositRow } from './row-types.ts';
import { SCB } from './scb.ts';
import { ensureScbGateway, inquireScbRequest, scheduleScbInquiry } from './scb-deposits.ts';
import { loadSettings, sandboxOn } from './settings.ts';
import { depositView } from './views.ts';

const PAY_AMOUNT_INDEX = 'deposit_request_unique_pay_amount';
const ONE_OPEN_INDEX = 'deposit_request_one_open';

export interface NewDeposit {
  memberId: number;
  channelId: number;
  subChannelId: number;
  amountBaht: number;
  promotionId: number | null;
  idempotencyKey: string | null;
}

/**
 * Open requests past their expiry become expired (one member's, or all); with no member given, the
 * reservations that ended late_match_minutes after expiry are released too (the minute sweep).
 */
export async function expireDeposits(deps: PaymentsDeps, now: Date, memberId?: number): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const expired = await expireOpenDeposits(tx, now, memberId);
    for (const r of expired) {
      await publishPayment(deps, tx, r.member_id, { kind: 'deposit', id: r.id, status: 'expired' });
    }
    if (memberId === undefined) {
      const s = await loadSettings(tx);
      await releaseLapsedReservations(tx, new Date(now.getTime() - s.late_match_minutes * 60_000));
    }
    return expired.length;
  });
}

async function reservePayAmount(
  tx: Tx,
  target: ReceivingTarget,
  amountSatang: number,
  reservedAfter: Date,
): Promise<number | null> {
  // Reservations of this amount on this account that have run out are released first, so a missed
  // sweep never makes an amount look busy.
  await releaseLapsedPayAmounts(tx, target, amountSatang, reservedAfter);
  const taken = await reservedPayAmounts(tx, target, amountSatang);
  return pickFraction(
    taken.map((t) => t.pay_amount_satang),
    satang(amountSatang),
    (n) => randomInt(n),
  );
}

/**
 * Creates a deposit request (docs/rules/payments.md §1): one open request per member, a receiving account by
 * round robin, a pay amount no other reserved request on that account holds (the partial unique
 * index decides races; a loser draws again), and a PromptPay or gateway QR.
 */
export async function createDeposit(deps: PaymentsDeps, d: NewDeposit) {
  const now = deps.clock.now();
  await expireDeposits(deps, now, d.memberId);
  const request = { c: d.channelId, s: d.subChannelId, a: d.amountBaht, p: d.promotionId };
  // SCB is offered only while configured; its credentials are read here, before the transaction.
  const scbReady = (await deps.gateways.scb()) !== null;
  if (scbReady && d.subChannelId === PaymentSubChannel.gateway) await ensureScbGateway(deps);
  const run = (tx: Tx) => insertDeposit(deps, tx, d, now, scbReady);
  const id = await inTransaction(deps.db, async (tx) => {
    // One member's requests are decided one at a time. The lock comes before the idempotency row,
    // whose foreign key would otherwise share-lock the member first and deadlock two requests.
    await lockMember(tx, d.memberId);
    return d.idempotencyKey
      ? idempotent(tx, { memberId: d.memberId, scope: 'deposit', key: d.idempotencyKey, request }, () =>
          run(tx),
        )
      : run(tx);
  }).catch(async (err) => {
    const pending = err instanceof AppError && err.code === 'DEPOSIT_PENDING';
    if (pending || isUniqueViolation(err, ONE_OPEN_INDEX)) throw await pendingError(deps, d.memberId);
    throw err;
  });
  let fresh = await depositByIdOrThrow(deps.db, id);
  if (fresh.account_kind === 'gateway' && fresh.gateway_ref === null && fresh.status === 'open') {
    fresh = await attachGatewayQr(deps, fresh);
  }
  const s = await loadSettings(deps.db);
  return depositView(deps.db, fresh, now, { sandboxEnabled: sandboxOn(deps, s) });
}

async function pendingError(deps: PaymentsDeps, memberId: number): Promise<AppError> {
  const open = await openDepositOf(deps.db, memberId);
  const s = await loadSettings(deps.db);
  const data = open
    ? await depositView(deps.db, open, deps.clock.now(), { sandboxEnabled: sandboxOn(deps, s) })
    : null;
  return new AppError('DEPOSIT_PENDING', {}, undefined, data);
}

async function insertDeposit(
  deps: PaymentsDeps,
  tx: Tx,
  d: NewDeposit,
  now: Date,
  scbReady: boolean,
): Promise<number> {
  // Player protection first: no request during a time-out or self-exclusion, none past a deposit
  // limit, counting the open request too; under the member's lock taken above, so two requests never
  // both fit, and the one refused hears which limit and when it resets (docs/rules/protection.md §2.2).
  const amountSatang = bahtToSatang(d.amountBaht);
  await deps.protection.guardDeposit(tx, d.memberId, amountSatang, now);
  const open = await openDepositIdOf(tx, d.memberId);
  // The open request is added to the refusal after the transaction (never a second connection inside it).
  if (open) throw new AppError('DEPOSIT_PENDING');

  const settings = await loadSettings(tx);
  const channel = await paymentChannel(tx, d.channelId);
  if (!channel?.enabled) throw new AppError('PAYMENT_CHANNEL_DISABLED');
  const subChannelId = d.channelId === PaymentChannel.promptPay ? d.subChannelId : PaymentSubChannel.only;
  const sub = await subChannelEnabled(tx, d.channelId, subChannelId);
  if (!sub?.enabled) throw new AppError('PAYMENT_CHANNEL_DISABLED');
  if (amountSatang < channel.min_satang || amountSatang > channel.max_satang) {
    throw new AppError(
      'DEPOSIT_AMOUNT_RANGE',
      { min: bahtInWords(channel.min_satang), max: bahtInWords(channel.max_satang) },
      {
        amount: `ยอดฝากต้องอยู่ระหว่าง ${bahtInWords(channel.min_satang)}–${bahtInWords(channel.max_satang)} บาท`,
      },
    );
  }
  if (d.promotionId !== null) {
    // Checked now so the member hears why at once, and again when the deposit is confirmed
    // (docs/rules/engagement.md §1.2).
    const rules = await depositRules(tx, deps.agentId);
    const rule = rules.find((r) => r.promotion_id === d.promotionId);
    if (!rule) throw new AppError('PROMOTION_NOT_AVAILABLE');
    if (amountSatang < rule.min_deposit_satang) {
      const min = bahtInWords(rule.min_deposit_satang);
      throw new AppError('PROMOTION_MIN_DEPOSIT', { min }, { amount: `โปรโมชั่นนี้ต้องฝากขั้นต่ำ ${min} บาท` });
    }
    const why = await ineligibility(tx, d.memberId, rule, now);
    if (why) throw new AppError('PROMOTION_NOT_ELIGIBLE', { reason: why });
  }

  const targets = await receivingTargets(tx, deps.agentId, d.channelId, subChannelId, {
    sandbox: sandboxOn(deps, settings),
    scb: scbReady,
  });
  const ordered = await roundRobin(tx, targets);
  const expiresAt = new Date(now.getTime() + settings.deposit_expiry_minutes * 60_000);
  const reservedAfter = new Date(now.getTime() - settings.late_match_minutes * 60_000);
  for (const target of ordered) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const pay = await reservePayAmount(tx, target, amountSatang, reservedAfter);
      if (pay === null) break;
      const id = await tryInsert(tx, {
        member_id: d.memberId,
        channel_id: d.channelId,
        sub_channel_id: subChannelId,
        amount_satang: amountSatang,
        pay_amount_satang: pay,
        account_kind: target.accountKind,
        account_id: target.accountId,
        promptpay_account_id: target.promptpayAccountId,
        qr_payload: target.promptpay ? promptPayPayload(target.promptpay, satang(pay)) : null,
        promotion_id: d.promotionId,
        created_at: now,
        expires_at: expiresAt,
        updated_at: now,
      });
      if (id === null) continue; // another request took this pay amount a moment ago: draw again
      await publishPayment(deps, tx, d.memberId, { kind: 'deposit', id, status: 'open' });
      return id;
    }
  }
  throw new AppError('DEPOSIT_AMOUNT_BUSY', {}, { amount: 'ยอดนี้มีผู้ทำรายการมาก กรุณาเปลี่ยนยอด' });
}

async function tryInsert(tx: Tx, values: NewDepositRequest): Promise<number | null> {
  // A savepoint keeps the transaction usable when the unique pay-amount index refuses the row.
  await savePayAmountPoint(tx);
  try {
    const row = await insertDepositRequest(tx, values);
    await releasePayAmountPoint(tx);
    return row.id;
  } catch (err) {
    await rollbackToPayAmountPoint(tx);
    if (isUniqueViolation(err, PAY_AMOUNT_INDEX)) return null;
    throw err;
  }
}

/**
 * Asks the gateway for its QR after the request committed: a call to another system never runs inside
 * a database transaction (it would hold a connection and row locks for as long as the gateway takes).
 * If the gateway fails, the request is closed and its amount released.
 */
async function attachGatewayQr(deps: PaymentsDeps, r: DepositRow): Promise<DepositRow> {
  const g = await gatewayCode(deps.db, r.account_id);
  const gateway = await deps.gateways.get(g.code);
  try {
    if (!gateway) throw new AppError('GATEWAY_NOT_FOUND');
    const { gatewayRef, qrPayload } = await gateway.createQr({
      reference: String(r.id),
      amountSatang: satang(r.pay_amount_satang),
      expiresAt: r.expires_at,
    });
    const row = await setGatewayQr(deps.db, r.id, gatewayRef, qrPayload);
    // SCB's confirmation may never come: a job asks SCB with backoff until the request lapses (§3.4).
    if (row && g.code === SCB) await scheduleScbInquiry(deps, r.id);
    return row ?? (await depositByIdOrThrow(deps.db, r.id));
  } catch (err) {
    await rejectOpenDeposit(deps.db, r.id, 'ช่องทางชำระเงินขัดข้อง กรุณาเลือกช่องทางอื่น');
    throw err;
  }
}

async function viewOf(deps: PaymentsDeps, row: DepositRow | undefined, withImage = true) {
  if (!row) return null;
  const s = await loadSettings(deps.db);
  return depositView(deps.db, row, deps.clock.now(), { sandboxEnabled: sandboxOn(deps, s), withImage });
}

/** The member's open request, to show again after a reload. */
export async function openDeposit(deps: PaymentsDeps, memberId: number) {
  await expireDeposits(deps, deps.clock.now(), memberId);
  const row = await openDepositOf(deps.db, memberId);
  return viewOf(deps, row);
}

/** A request's state (default: the latest); a gateway request is asked about at most every 15 s. */
export async function depositStatus(deps: PaymentsDeps, memberId: number, requestId?: number) {
  const now = deps.clock.now();
  await expireDeposits(deps, now, memberId);
  let row = await memberDeposit(deps.db, memberId, requestId);
  if (!row) {
    if (requestId !== undefined) throw new AppError('RECORD_NOT_FOUND');
    return null;
  }
  if (row.gateway_ref !== null && (row.status === 'open' || row.status === 'expired')) {
    const s = await loadSettings(deps.db);
    const due =
      row.last_inquiry_at === null ||
      now.getTime() - row.last_inquiry_at.getTime() >= s.inquiry_min_interval_seconds * 1000;
    if (due) row = (await inquireGateway(deps, row.id)) ?? row;
  }
  // Polled every 5 s: the QR image was in the answer that created the request (and in qrcode_info).
  return viewOf(deps, row, false);
}

export async function depositHistory(deps: PaymentsDeps, memberId: number, limit: number) {
  const rows = await memberDeposits(deps.db, memberId, limit);
  const s = await loadSettings(deps.db);
  const now = deps.clock.now();
  return Promise.all(
    rows.map((r) => depositView(deps.db, r, now, { sandboxEnabled: sandboxOn(deps, s), withImage: false })),
  );
}

/** Cancels the open request; its pay amount stays reserved, so a late payment still matches it. */
export async function cancelDeposit(deps: PaymentsDeps, memberId: number, requestId: number) {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const r = await cancelOpenDeposit(tx, memberId, requestId, now);
    if (!r) {
      const exists = await memberDepositId(tx, memberId, requestId);
      throw new AppError(exists ? 'DEPOSIT_NOT_OPEN' : 'RECORD_NOT_FOUND');
    }
    await publishPayment(deps, tx, memberId, { kind: 'deposit', id: r.id, status: 'cancelled' });
    return r;
  });
  return (await viewOf(deps, row))!;
}

/** Asks the request's gateway about it; a paid answer confirms it through the gateway path. */
export async function inquireGateway(deps: PaymentsDeps, requestId: number): Promise<DepositRow | undefined> {
  const now = deps.clock.now();
  const row = await stampInquiry(deps.db, requestId, now);
  if (!row?.gateway_ref) return row;
  const code = (await gatewayCode(deps.db, row.account_id)).code;
  if (code === SCB) {
    // SCB's inquiry settles each payment it lists by its transaction id (docs/rules/payments.md §3.4).
    await inquireScbRequest(deps, requestId);
    return depositById(deps.db, requestId);
  }
  const gateway = await deps.gateways.get(code);
  if (!gateway) return row;
  const answer = await gateway.inquiry(row.gateway_ref);
  if (answer.status !== 'paid' || answer.paidSatang === undefined) return row;
  await gatewayPaid(deps, code, row.gateway_ref, answer.paidSatang);
  return depositById(deps.db, requestId);
}

/** Sweep: open gateway requests older than the inquiry delay are asked about (every minute). */
export async function inquireOpenGatewayRequests(deps: PaymentsDeps, now: Date): Promise<number> {
  const s = await loadSettings(deps.db);
  const rows = await gatewayRequestsToInquire(
    deps.db,
    new Date(now.getTime() - s.gateway_inquiry_after_seconds * 1000),
    new Date(now.getTime() - s.late_match_minutes * 60_000),
  );
  for (const r of rows) await inquireGateway(deps, r.id);
  return rows.length;
}

/**
 * The gateway says a request was paid. The same amount → paid (ledger key gw:<code>:<ref>, shared by
 * webhook and inquiry); another amount → review for an operator.
 */
export function gatewayPaid(deps: PaymentsDeps, code: string, gatewayRef: string, paidSatang: number) {
  return inTransaction(deps.db, (tx) => gatewayPaidIn(deps, tx, code, gatewayRef, paidSatang));
}

async function gatewayPaidIn(
  deps: PaymentsDeps,
  tx: Tx,
  code: string,
  gatewayRef: string,
  paidSatang: number,
) {
  const now = deps.clock.now();
  {
    const r = await depositByGatewayRef(tx, gatewayRef);
    if (!r) return;
    if (paidSatang === r.pay_amount_satang) {
      await creditDeposit(deps, tx, {
        requestId: r.id,
        paidSatang,
        via: 'gateway',
        ref: gatewayRef,
        staffId: null,
        ledgerKey: `gw:${code}:${gatewayRef}`,
        from: ['open', 'expired', 'cancelled'],
      });
      return;
    }
    const moved = await moveDepositToReview(tx, {
      id: r.id,
      reviewSatang: paidSatang,
      reason: `ยอดที่ได้รับ ${formatBaht(paidSatang)} ไม่ตรงกับยอดที่ต้องชำระ`,
      now,
    });
    if (moved) await publishPayment(deps, tx, r.member_id, { kind: 'deposit', id: r.id, status: 'review' });
  }
}

/** A gateway's webhook: signature on the raw bytes, dedupe on (gateway, event_id), then the state. */
export async function receiveWebhook(
  deps: PaymentsDeps,
  code: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ duplicate: boolean }> {
  const gateway = await deps.gateways.get(code);
  if (!gateway) throw new AppError('GATEWAY_NOT_FOUND');
  const event = gateway.parseWebhook(raw, headers);
  if (!event) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  return inTransaction(deps.db, async (tx) => {
    const fresh = await insertGatewayEvent(tx, {
      gateway: code,
      eventId: event.eventId,
      gatewayRef: event.gatewayRef,
      status: event.status,
      paidSatang: event.paidSatang,
      receivedAt: deps.clock.now(),
    });
    // The event and its effect commit together, so a failed delivery is processed again on retry.
    if (!fresh) return { duplicate: true };
    if (event.status === 'paid') await gatewayPaidIn(deps, tx, code, event.gatewayRef, event.paidSatang);
    return { duplicate: false };
  });
}
