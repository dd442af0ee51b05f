import type { Executor } from '../../platform/db.ts';

/** The code of a payment gateway row (the receiving account of a gateway request). */
export function gatewayCode(ex: Executor, gatewayId: number) {
  return ex
    .selectFrom('payment_gateway')
    .select('code')
    .where('id', '=', gatewayId)
    .executeTakeFirstOrThrow();
}

export function gatewayWebhookSecret(ex: Executor, code: string) {
  return ex
    .selectFrom('payment_gateway')
    .select('webhook_secret')
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The sandbox gateway's row; nothing when it exists. */
export async function insertSandboxGatewayRow(ex: Executor, webhookSecret: Buffer): Promise<void> {
  await ex
    .insertInto('payment_gateway')
    .values({ code: 'sandbox', name: 'Sandbox Pay (ทดสอบ)', webhook_secret: webhookSecret })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function insertSandboxPayment(
  ex: Executor,
  p: {
    gatewayRef: string;
    reference: string;
    amountSatang: number;
    qrPayload: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await ex
    .insertInto('sandbox_gateway_payment')
    .values({
      gateway_ref: p.gatewayRef,
      reference: p.reference,
      amount_satang: p.amountSatang,
      qr_payload: p.qrPayload,
      expires_at: p.expiresAt,
      created_at: p.now,
    })
    .execute();
}

export function sandboxPaymentState(ex: Executor, gatewayRef: string) {
  return ex
    .selectFrom('sandbox_gateway_payment')
    .select(['status', 'paid_satang'])
    .where('gateway_ref', '=', gatewayRef)
    .executeTakeFirst();
}

export function sandboxPayment(ex: Executor, gatewayRef: string) {
  return ex
    .selectFrom('sandbox_gateway_payment')
    .selectAll()
    .where('gateway_ref', '=', gatewayRef)
    .executeTakeFirst();
}

/** Marks a pending sandbox payment paid; a paid one is left as it is. */
export async function markSandboxPaid(ex: Executor, gatewayRef: string, paidSatang: number): Promise<void> {
  await ex
    .updateTable('sandbox_gateway_payment')
    .set({ status: 'paid', paid_satang: paidSatang })
    .where('gateway_ref', '=', gatewayRef)
    .where('status', '=', 'pending')
    .execute();
}

export function sandboxPaidSatang(ex: Executor, gatewayRef: string) {
  return ex
    .selectFrom('sandbox_gateway_payment')
    .select(['paid_satang'])
    .where('gateway_ref', '=', gatewayRef)
    .executeTakeFirstOrThrow();
}
