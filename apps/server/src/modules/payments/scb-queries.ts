import type { Executor } from '../../platform/db.ts';

/** The request an SCB gateway_ref names, locked: its state decides what a confirmed payment does. */
export function scbRequestForUpdate(ex: Executor, gatewayRef: string) {
  return ex
    .selectFrom('deposit_request')
    .select(['id', 'member_id', 'status', 'pay_amount_satang', 'expires_at', 'account_id'])
    .where('gateway_ref', '=', gatewayRef)
    .forUpdate()
    .executeTakeFirst();
}

/** The SCB gateway's row id, if the installation has one. */
export function scbGatewayId(ex: Executor) {
  return ex.selectFrom('payment_gateway').select('id').where('code', '=', 'scb').executeTakeFirst();
}

/** The SCB gateway's row; nothing when it exists. SCB signs nothing, so its secret column stays empty. */
export async function insertScbGatewayRow(ex: Executor): Promise<void> {
  await ex
    .insertInto('payment_gateway')
    .values({ code: 'scb', name: 'QR พร้อมเพย์ ธนาคารไทยพาณิชย์', webhook_secret: Buffer.alloc(0) })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** An SCB payment that paid no request, into the operator's unmatched-lines queue (once per transaction). */
export function insertGatewayLine(
  ex: Executor,
  l: {
    gatewayId: number;
    postedAt: Date;
    amountSatang: number;
    transactionId: string;
    description: string;
    note: string;
    now: Date;
  },
) {
  return ex
    .insertInto('statement_line')
    .values({
      import_id: null,
      source: 'gateway',
      account_kind: 'gateway',
      account_id: l.gatewayId,
      posted_at: l.postedAt,
      amount_satang: l.amountSatang,
      bank_ref: l.transactionId,
      description: l.description,
      note: l.note,
      status: 'unmatched',
      created_at: l.now,
    })
    .onConflict((oc) =>
      oc.columns(['account_kind', 'account_id', 'bank_ref']).where('bank_ref', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
}

/** Open, expired or cancelled SCB requests whose payment may still arrive, oldest first. */
export function scbRequestsToInquire(ex: Executor, gatewayId: number, expiresFrom: Date) {
  return ex
    .selectFrom('deposit_request')
    .select(['id'])
    .where('account_kind', '=', 'gateway')
    .where('account_id', '=', gatewayId)
    .where('status', 'in', ['open', 'expired', 'cancelled'])
    .where('gateway_ref', 'is not', null)
    .where('expires_at', '>=', expiresFrom)
    .orderBy('id')
    .limit(200)
    .execute();
}

/** Whether this SCB transaction already paid the request it names (a repeated confirmation). */
export async function paidByScbTransaction(ex: Executor, gatewayRef: string, transactionId: string) {
  const r = await ex
    .selectFrom('deposit_request')
    .select('id')
    .where('gateway_ref', '=', gatewayRef)
    .where('status', '=', 'paid')
    .where('confirmed_via', '=', 'gateway')
    .where('confirm_ref', '=', transactionId)
    .executeTakeFirst();
  return r !== undefined;
}
