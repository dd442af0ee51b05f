import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { noticeStamp } from '../modules/payments/bank-texts.ts';
import { relaySignature } from '../modules/payments/relay.ts';
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

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The demo's phone: `POST /send {account_id, amount ("500.37"), from ("X678912X")}` relays a KBANK-style
 * notification of that transfer to Chok, signed.
 */
export async function startRelayStandIn(chokUrl: string, secret: string): Promise<StandIn> {
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/send') return reply(404, { error: 'not found' });
    const b = await readJson(req);
    if (typeof b.account_id !== 'number' || typeof b.amount !== 'string' || typeof b.from !== 'string') {
      return reply(400, { error: 'account_id, amount ("500.37") and from are required' });
    }
    try {
      const text = kbankText({ at: new Date(), amount: b.amount, fromMask: b.from });
      reply(200, await sendRelay(chokUrl, secret, { account_id: b.account_id, text }));
    } catch {
      reply(502, { error: 'Chok did not answer' });
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    name: 'bank-notification relay (stand-in phone)',
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Demo start: with no relay secret set, one is made up and the stand-in phone started. */
export const relayDemo: DemoStandIn = {
  wanted: (env) => !env.RELAY_HMAC_SECRET,
  async start(env) {
    const secret = randomBytes(24).toString('hex');
    env.RELAY_HMAC_SECRET = secret;
    return startRelayStandIn(`http://127.0.0.1:${env.PORT ?? '3000'}`, secret);
  },
};
