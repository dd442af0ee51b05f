import { randomBytes } from 'node:crypto';
import { noticeStamp } from '../modules/payments/bank-texts.ts';
import { relaySignature } from '../modules/payments/relay.ts';
import { senderDemo, startSenderStandIn } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * The operator's phone, as a forwarding app would act (docs/rules/payments.md §3.6): POSTs
 * `{account_id, text}` to /webhooks/relay with X-Relay-Timestamp, X-Relay-Nonce and X-Relay-Signature
 * (hex HMAC-SHA256 of `<timestamp>.<nonce>.<body>`).
 */
export async function sendRelay(
  baseUrl: string,
  secret: string,
  body: { account_id: number; text: string },
  opts: { now?: Date; nonce?: string; signWith?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor((opts.now ?? new Date()).getTime() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const res = await fetch(`${baseUrl}/webhooks/relay`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-relay-timestamp': timestamp,
      'x-relay-nonce': nonce,
      'x-relay-signature': relaySignature(opts.signWith ?? secret, timestamp, nonce, raw),
    },
    body: raw,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A KBANK "money in" SMS as the example reader expects it (apps/server/src/modules/payments/bank-texts.ts). */
export function kbankText(a: { at: Date; amount: string; fromMask: string; toMask?: string }): string {
  const { date, time } = noticeStamp(a.at);
  return `${date} ${time} บช${a.toMask ?? 'X123456X'} รับโอนจาก${a.fromMask} ${a.amount}บ คงเหลือ 9,999.00บ`;
}

/**
 * The demo's phone: `POST /send {account_id, amount ("500.37"), from ("X678912X")}` relays a KBANK-style
 * notification of that transfer to Chok, signed.
 */
export function startRelayStandIn(chokUrl: string, secret: string): Promise<StandIn> {
  return startSenderStandIn<{ account_id: number; amount: string; from: string }>(
    'bank-notification relay (stand-in phone)',
    'account_id, amount ("500.37") and from',
    { account_id: 'number', amount: 'string', from: 'string' },
    (b) =>
      sendRelay(chokUrl, secret, {
        account_id: b.account_id,
        text: kbankText({ at: new Date(), amount: b.amount, fromMask: b.from }),
      }),
  );
}

/** Demo start: with no relay secret set, one is made up and the stand-in phone started. */
export const relayDemo: DemoStandIn = senderDemo('RELAY_HMAC_SECRET', startRelayStandIn);
