import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { senderDemo, startSenderStandIn } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * TrueMoney's side of the wallet webhook (docs/rules/payments.md §3.5), as the adapter in
 * apps/server/src/modules/payments/wallet-webhook.ts reads it: a POST of JSON `{"message": "<JWT>"}`,
 * the JWT signed HS256 with the wallet's webhook secret, its payload a P2P receipt (`event_type`,
 * `transaction_id`, `amount` in satang, `sender_mobile`, `message`, `received_time` in +07:00).
 */
export interface TrueMoneyP2P {
  transaction_id?: string;
  /** Satang. */
  amount: number;
  sender_mobile: string;
  message?: string;
  received_time?: Date;
  event_type?: string;
}

/** `2026-03-01T14:07:00+07:00`: the instant in Bangkok time with its offset. */
function bangkokIso(at: Date): string {
  return `${new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

/** The JWT TrueMoney would send for a receipt, signed with `secret`. */
export async function signTrueMoneyEvent(
  secret: string,
  e: TrueMoneyP2P,
  opts: { now?: Date; alg?: 'HS256' | 'HS512' } = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  return new SignJWT({
    event_type: e.event_type ?? 'P2P',
    transaction_id: e.transaction_id ?? randomUUID().replace(/-/g, '').slice(0, 20),
    amount: e.amount,
    sender_mobile: e.sender_mobile,
    message: e.message ?? '',
    received_time: bangkokIso(e.received_time ?? now),
  })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
}

/** Posts one signed receipt to Chok's webhook URL of the receiving wallet; answers the HTTP status and body. */
export async function sendTrueMoneyEvent(
  webhookUrl: string,
  secret: string,
  e: TrueMoneyP2P,
  opts: { now?: Date } = {},
): Promise<{ status: number; body: unknown }> {
  const message = await signTrueMoneyEvent(secret, e, opts);
  const res = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * A stand-in of TrueMoney's sending side for the demo: `POST /send {account_id, amount (satang),
 * sender_mobile}` signs a receipt and delivers it to `chokUrl`'s webhook, as a member's payment would.
 */
export function startTrueMoneyStandIn(chokUrl: string, secret: string): Promise<StandIn> {
  return startSenderStandIn<{ account_id: number; amount: number; sender_mobile: string }>(
    'TrueMoney wallet webhook (stand-in sender)',
    'account_id, amount (satang) and sender_mobile',
    { account_id: 'number', amount: 'number', sender_mobile: 'string' },
    (b) =>
      sendTrueMoneyEvent(`${chokUrl}/webhooks/truemoney/${b.account_id}`, secret, {
        amount: b.amount,
        sender_mobile: b.sender_mobile,
      }),
  );
}

/** Demo start: with no webhook secret set, one is made up and the stand-in sender started. */
export const trueMoneyDemo: DemoStandIn = senderDemo('TRUEMONEY_WEBHOOK_SECRET', startTrueMoneyStandIn);
