import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatBaht, parseBaht, type Satang } from '@chok/engine/money';
import { promptPayPayload } from '@chok/engine/payments/promptpay';
import type { Db, Executor } from '../../platform/db.ts';
import {
  gatewayWebhookSecret,
  insertSandboxGatewayRow,
  insertSandboxPayment,
  markSandboxPaid,
  sandboxPaidSatang,
  sandboxPayment,
  sandboxPaymentState,
} from './gateway-queries.ts';
import type { PaymentGateway } from './gateway-types.ts';
import type { ScbGateway } from './scb.ts';

export type { PaymentGateway } from './gateway-types.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** The PromptPay ID the sandbox's QR codes name: a test number no real account uses. */
export const SANDBOX_PROMPTPAY_PHONE = '0999999999';

export function signSandbox(secret: Buffer, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

interface SandboxWebhook {
  event_id: string;
  gateway_ref: string;
  status: 'paid' | 'failed';
  amount: string;
}

/**
 * The built-in sandbox gateway: it keeps its own books (sandbox_gateway_payment) the way a real
 * gateway would on its side, issues valid PromptPay payloads for a test ID, and signs its webhooks
 * with HMAC-SHA256 over the raw body.
 */
export function sandboxGateway(
  db: Db,
  secret: Buffer,
  now: () => Date,
): PaymentGateway & {
  /** Marks a payment paid on the gateway's side; returns the webhook body it would send, signed. */
  pay(gatewayRef: string, amountSatang?: Satang): Promise<{ body: string; signature: string } | null>;
} {
  return {
    code: 'sandbox',
    async createQr(r) {
      const gatewayRef = `sbx_${randomBytes(12).toString('hex')}`;
      const qrPayload = promptPayPayload({ type: 'phone', phone: SANDBOX_PROMPTPAY_PHONE }, r.amountSatang);
      await insertSandboxPayment(db, {
        gatewayRef,
        reference: r.reference,
        amountSatang: r.amountSatang,
        qrPayload,
        expiresAt: r.expiresAt,
        now: now(),
      });
      return { gatewayRef, qrPayload };
    },
    async inquiry(gatewayRef) {
      const p = await sandboxPaymentState(db, gatewayRef);
      if (!p) return { status: 'failed' };
      if (p.status === 'paid') return { status: 'paid', paidSatang: (p.paid_satang ?? 0) as Satang };
      return { status: p.status };
    },
    parseWebhook(raw, headers) {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = Buffer.from(signSandbox(secret, raw), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      let body: SandboxWebhook;
      try {
        body = JSON.parse(raw.toString('utf8')) as SandboxWebhook;
        const paidSatang = parseBaht(body.amount);
        if (typeof body.event_id !== 'string' || typeof body.gateway_ref !== 'string') return null;
        if (body.status !== 'paid' && body.status !== 'failed') return null;
        return { eventId: body.event_id, gatewayRef: body.gateway_ref, status: body.status, paidSatang };
      } catch {
        return null;
      }
    },
    async pay(gatewayRef, amountSatang) {
      const p = await sandboxPayment(db, gatewayRef);
      if (!p) return null;
      const paid = amountSatang ?? (p.amount_satang as Satang);
      // A payment is paid once on the gateway's side; repeats re-send the same event, as gateways retry.
      await markSandboxPaid(db, gatewayRef, paid);
      const settled = await sandboxPaidSatang(db, gatewayRef);
      const webhook: SandboxWebhook = {
        event_id: `evt_${gatewayRef}_paid`,
        gateway_ref: gatewayRef,
        status: 'paid',
        amount: formatBaht(settled.paid_satang ?? paid),
      };
      const body = JSON.stringify(webhook);
      return { body, signature: signSandbox(secret, body) };
    },
  };
}

/**
 * The gateways this process knows, by code, built from their database rows on first use. The
 * sandbox exists only where the environment allows it (`sandboxAllowed`: PAYMENT_SANDBOX, or
 * SEED_DEMO when unset); elsewhere its webhook, inquiry and pay route are unknown.
 */
export function gatewayRegistry(
  db: Db,
  now: () => Date,
  opts: { sandboxAllowed: boolean; scb?: ScbGateway },
) {
  let sandbox: ReturnType<typeof sandboxGateway> | null = null;
  async function getSandbox() {
    if (!opts.sandboxAllowed) return null;
    if (sandbox) return sandbox;
    const row = await gatewayWebhookSecret(db, 'sandbox');
    if (!row) return null;
    sandbox = sandboxGateway(db, row.webhook_secret, now);
    return sandbox;
  }
  /** SCB's adapter while its credentials are set (docs/rules/payments.md §3.4): off until configured. */
  async function getScb() {
    if (!opts.scb) return null;
    return (await opts.scb.configured()) ? opts.scb : null;
  }
  return {
    sandboxAllowed: opts.sandboxAllowed,
    sandbox: getSandbox,
    scb: getScb,
    async get(code: string): Promise<PaymentGateway | null> {
      if (code === 'sandbox') return getSandbox();
      if (code === 'scb') return getScb();
      return null;
    },
  };
}

/** The sandbox gateway's row (its webhook secret random per installation); idempotent. */
export async function ensureSandboxGateway(ex: Executor): Promise<void> {
  await insertSandboxGatewayRow(ex, randomBytes(32));
}

export type GatewayRegistry = ReturnType<typeof gatewayRegistry>;
