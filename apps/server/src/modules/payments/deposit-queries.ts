import { type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { DB as Database } from '../../db/database.generated.ts';
import { earliestOf } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';
import type { ReceivingTarget } from './accounts.ts';
import { assignedWithoutRequestSince } from './statement-queries.ts';

export type NewDepositRequest = Insertable<Database['deposit_request']>;

/** Open requests past their expiry (one member's, or all) become expired; returns them. */
export function expireOpenDeposits(ex: Executor, now: Date, memberId?: number) {
  let q = ex
    .updateTable('deposit_request')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'open')
    .where('expires_at', '<=', now);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  return q.returning(['id', 'member_id']).execute();
}

/** Releases every reservation whose request expired at or before `expiredBy`. */
export async function releaseLapsedReservations(ex: Executor, expiredBy: Date): Promise<void> {
  await ex
    .updateTable('deposit_request')
    .set({ reserved: false })
    .where('reserved', '=', true)
    .where('expires_at', '<=', expiredBy)
    .execute();
}

/** Reserved requests for a pay amount just above `amountSatang` (less than a baht more) on one receiving account. */
const reservedJustAbove =
  (target: ReceivingTarget, amountSatang: number) => (eb: ExpressionBuilder<Database, 'deposit_request'>) =>
    eb.and([
      eb('account_kind', '=', target.accountKind),
      eb('account_id', '=', target.accountId),
      eb('reserved', '=', true),
      eb('pay_amount_satang', '>', amountSatang),
      eb('pay_amount_satang', '<', amountSatang + 100),
    ]);

/** Releases the lapsed reservations of pay amounts just above `amountSatang` on one receiving account. */
export async function releaseLapsedPayAmounts(
  ex: Executor,
  target: ReceivingTarget,
  amountSatang: number,
  reservedAfter: Date,
): Promise<void> {
  await ex
    .updateTable('deposit_request')
    .set({ reserved: false })
    .where(reservedJustAbove(target, amountSatang))
    .where('expires_at', '<=', reservedAfter)
    .execute();
}

/** The pay amounts just above `amountSatang` still reserved on one receiving account. */
export function reservedPayAmounts(ex: Executor, target: ReceivingTarget, amountSatang: number) {
  return ex
    .selectFrom('deposit_request')
    .select('pay_amount_satang')
    .where(reservedJustAbove(target, amountSatang))
    .execute();
}

export function depositById(ex: Executor, id: number) {
  return ex.selectFrom('deposit_request').selectAll().where('id', '=', id).executeTakeFirst();
}

export function depositByIdOrThrow(ex: Executor, id: number) {
  return ex.selectFrom('deposit_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The member's open request (a member has one at most). */
const openDeposit = (ex: Executor, memberId: number) =>
  ex.selectFrom('deposit_request').where('member_id', '=', memberId).where('status', '=', 'open');

export function openDepositOf(ex: Executor, memberId: number) {
  return openDeposit(ex, memberId).selectAll().executeTakeFirst();
}

export function openDepositIdOf(ex: Executor, memberId: number) {
  return openDeposit(ex, memberId).select('id').executeTakeFirst();
}

export function subChannelEnabled(ex: Executor, channelId: number, subChannelId: number) {
  return ex
    .selectFrom('payment_sub_channel')
    .select('enabled')
    .where('channel_id', '=', channelId)
    .where('id', '=', subChannelId)
    .executeTakeFirst();
}

export async function savePayAmountPoint(ex: Executor): Promise<void> {
  await sql`SAVEPOINT pay_amount`.execute(ex);
}

export async function releasePayAmountPoint(ex: Executor): Promise<void> {
  await sql`RELEASE SAVEPOINT pay_amount`.execute(ex);
}

export async function rollbackToPayAmountPoint(ex: Executor): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT pay_amount`.execute(ex);
}

export function insertDepositRequest(ex: Executor, values: NewDepositRequest) {
  return ex.insertInto('deposit_request').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Stores the gateway's QR on a request that has none yet; undefined when another call stored one first. */
export function setGatewayQr(ex: Executor, id: number, gatewayRef: string, qrPayload: string) {
  return ex
    .updateTable('deposit_request')
    .set({ gateway_ref: gatewayRef, qr_payload: qrPayload })
    .where('id', '=', id)
    .where('gateway_ref', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Closes a still-open request and releases its amount. */
export async function rejectOpenDeposit(ex: Executor, id: number, reason: string): Promise<void> {
  await ex
    .updateTable('deposit_request')
    .set({ status: 'rejected', reason, reserved: false })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** One of the member's requests, or (no id given) the latest. */
export function memberDeposit(ex: Executor, memberId: number, requestId?: number) {
  let q = ex.selectFrom('deposit_request').selectAll().where('member_id', '=', memberId);
  q = requestId === undefined ? q.orderBy('id', 'desc').limit(1) : q.where('id', '=', requestId);
  return q.executeTakeFirst();
}

export function memberDeposits(ex: Executor, memberId: number, limit: number) {
  return ex
    .selectFrom('deposit_request')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function cancelOpenDeposit(ex: Executor, memberId: number, requestId: number, now: Date) {
  return ex
    .updateTable('deposit_request')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', requestId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export function memberDepositId(ex: Executor, memberId: number, requestId: number) {
  return ex
    .selectFrom('deposit_request')
    .select('id')
    .where('id', '=', requestId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export function stampInquiry(ex: Executor, requestId: number, now: Date) {
  return ex
    .updateTable('deposit_request')
    .set({ last_inquiry_at: now })
    .where('id', '=', requestId)
    .returningAll()
    .executeTakeFirst();
}

/** Open or expired gateway requests created by `createdBy` whose expiry is not before `expiresFrom`. */
export function gatewayRequestsToInquire(ex: Executor, createdBy: Date, expiresFrom: Date) {
  return ex
    .selectFrom('deposit_request')
    .select('id')
    .where('status', 'in', ['open', 'expired'])
    .where('gateway_ref', 'is not', null)
    .where('created_at', '<=', createdBy)
    .where('expires_at', '>=', expiresFrom)
    .orderBy('id')
    .limit(200)
    .execute();
}

export function depositByGatewayRef(ex: Executor, gatewayRef: string) {
  return ex
    .selectFrom('deposit_request')
    .select(['id', 'pay_amount_satang', 'member_id'])
    .where('gateway_ref', '=', gatewayRef)
    .executeTakeFirst();
}

/** Moves an open, expired or cancelled request to review; undefined when it was in another state. */
export function moveDepositToReview(
  ex: Executor,
  p: { id: number; reviewSatang: number; reason: string; now: Date },
) {
  return ex
    .updateTable('deposit_request')
    .set({
      status: 'review',
      review_satang: p.reviewSatang,
      reason: p.reason,
      reserved: false,
      updated_at: p.now,
    })
    .where('id', '=', p.id)
    .where('status', 'in', ['open', 'expired', 'cancelled'])
    .returning('id')
    .executeTakeFirst();
}

/** Records a webhook event; undefined when (gateway, event_id) was already recorded. */
export function insertGatewayEvent(
  ex: Executor,
  e: {
    gateway: string;
    eventId: string;
    gatewayRef: string;
    status: string;
    paidSatang: number;
    receivedAt: Date;
  },
) {
  return ex
    .insertInto('gateway_event')
    .values({
      gateway: e.gateway,
      event_id: e.eventId,
      gateway_ref: e.gatewayRef,
      status: e.status,
      paid_satang: e.paidSatang,
      received_at: e.receivedAt,
    })
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
}

/**
 * What counts against a member's deposit limits from each instant of `since` (docs/rules/protection.md
 * §2.2): deposits paid since then (the amount that arrived) and requests still open or in review made
 * since then (the amount asked for).
 */
export async function depositsCountedSince(
  ex: Executor,
  memberId: number,
  since: readonly Date[],
): Promise<number[]> {
  const earliest = earliestOf(since);
  if (earliest === null) return [];
  // Money that arrived without a request and that an operator credited from the statement counts as
  // paid at the time it was credited (docs/rules/protection.md §2.2).
  const assigned = await assignedWithoutRequestSince(ex, memberId, earliest);
  const rows = await ex
    .selectFrom('deposit_request')
    .select(['status', 'amount_satang', 'paid_satang', 'paid_at', 'created_at'])
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'paid'), eb('paid_at', '>=', earliest)]),
        eb.and([eb('status', 'in', ['open', 'review']), eb('created_at', '>=', earliest)]),
      ]),
    )
    .execute();
  return since.map(
    (from) =>
      rows.reduce((sum, r) => {
        if (r.status === 'paid') return r.paid_at! >= from ? sum + (r.paid_satang ?? r.amount_satang) : sum;
        return r.created_at >= from ? sum + r.amount_satang : sum;
      }, 0) + assigned.reduce((sum, l) => (l.resolved_at >= from ? sum + l.amount_satang : sum), 0),
  );
}
