import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody, sendJson } from './http-kit.ts';

/**
 * A stand-in for the LINE Messaging API (docs/rules/connectors.md §5), written from LINE's documentation:
 * - `POST /v2/bot/message/push` `{ to, messages }` and `POST /v2/bot/message/multicast`
 *   `{ to: [1–500 user ids], messages }`, 1–5 messages each, `Authorization: Bearer {channel access token}`
 *   (401 otherwise); 200 `{ sentMessages }` / `{}`, 400 `{ message, details }` for a malformed request
 *   (https://developers.line.biz/en/reference/messaging-api/#send-push-message, #send-multicast-message).
 * - `X-Line-Retry-Key`: a UUID; a request repeating an accepted key is answered 409
 *   `{ message: 'The retry key is already accepted' }` with `x-line-accepted-request-id`, and delivers
 *   nothing (https://developers.line.biz/en/docs/messaging-api/retrying-api-request/).
 * - 429 `{ message: 'The API rate limit has been exceeded. Try again later.' }` above the rate limit (a
 *   test sets it low) or when a test asks for it; a 429 processes nothing
 *   (https://developers.line.biz/en/docs/messaging-api/handling-http-429-errors/).
 * - The webhook LINE sends: `{ destination, events }` signed in `x-line-signature` (base64 HMAC-SHA256 of
 *   the body, keyed by the channel secret), follow/unfollow events with `webhookEventId`,
 *   `deliveryContext.isRedelivery`, `timestamp`, `source: { type: 'user', userId }`
 *   (https://developers.line.biz/en/reference/messaging-api/#webhook-event-objects).
 */
export interface LineMessagingStandIn {
  name: string;
  /** LINE_MESSAGING_API_URL. */
  url: string;
  close(): Promise<void>;
  /** LINE_CHANNEL_ACCESS_TOKEN / LINE_CHANNEL_SECRET the stand-in accepts and signs with. */
  accessToken: string;
  channelSecret: string;
  /** Every message delivered, in order (one entry per recipient). */
  delivered(): { to: string; text: string; retryKey: string | null; via: 'push' | 'multicast' }[];
  /** Requests received (any answer). */
  requests(): { path: string; status: number; retryKey: string | null }[];
  /**
   * The next `n` requests are answered `status` (429, 500, …) without processing. With `afterAccepting`,
   * the request is processed (delivered) and then answered `status`: an answer lost on the way back.
   */
  failNext(n: number, status: number, opts?: { afterAccepting?: boolean }): void;
  /** At most `perSecond` requests a second, then 429 (default: no limit). */
  setRateLimit(perSecond: number | null): void;
  /** A follow or unfollow event as LINE sends it. */
  event(type: 'follow' | 'unfollow', userId: string, at?: Date): WebhookEvent;
  /** The webhook request LINE would send with `events`: its body and headers. `sign: false`: a wrong signature. */
  webhookRequest(
    events: WebhookEvent[],
    opts?: { sign?: boolean },
  ): { body: string; headers: Record<string, string> };
  /** Signs and posts `events` to `url` as LINE would; answers the HTTP status. `sign: false` sends a bad signature. */
  sendWebhook(url: string, events: WebhookEvent[], opts?: { sign?: boolean }): Promise<number>;
}

export interface WebhookEvent {
  type: 'follow' | 'unfollow';
  mode: 'active';
  timestamp: number;
  source: { type: 'user'; userId: string };
  webhookEventId: string;
  deliveryContext: { isRedelivery: boolean };
  replyToken?: string;
}

const USER_ID = /^U[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ULID_CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A webhook event id like LINE's (a ULID: 26 characters). */
function eventId(): string {
  const bytes = randomBytes(26);
  return Array.from(bytes, (b) => ULID_CHARS[b % 32]).join('');
}

export async function startLineMessagingStandIn(
  opts: { accessToken?: string; channelSecret?: string } = {},
): Promise<LineMessagingStandIn> {
  const accessToken = opts.accessToken ?? `standin-${randomBytes(24).toString('base64url')}`;
  const channelSecret = opts.channelSecret ?? randomBytes(16).toString('hex');
  const botUserId = `U${randomBytes(16).toString('hex')}`;
  const delivered: ReturnType<LineMessagingStandIn['delivered']> = [];
  const requests: ReturnType<LineMessagingStandIn['requests']> = [];
  const accepted = new Map<string, string>();
  const failures: { status: number; afterAccepting: boolean }[] = [];
  let rateLimit: number | null = null;
  let windowStart = 0;
  let windowCount = 0;

  function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    sendJson(res, status, body, { 'x-line-request-id': randomUUID(), ...headers });
  }

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const via =
      path === '/v2/bot/message/push' ? 'push' : path === '/v2/bot/message/multicast' ? 'multicast' : null;
    const retryKey = (req.headers['x-line-retry-key'] as string | undefined) ?? null;
    const reply = (status: number, body: unknown, headers?: Record<string, string>) => {
      requests.push({ path, status, retryKey });
      answer(res, status, body, headers);
    };
    if (req.method !== 'POST' || !via) return reply(404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return reply(401, {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount += 1;
    if (rateLimit !== null && windowCount > rateLimit)
      return reply(429, { message: 'The API rate limit has been exceeded. Try again later.' });
    const failure = failures.shift();
    if (failure && !failure.afterAccepting) return reply(failure.status, failureBody(failure.status));
    if (retryKey !== null && !UUID.test(retryKey))
      return reply(400, { message: "The value for the 'X-Line-Retry-Key' header is invalid" });
    if (retryKey !== null && accepted.has(retryKey))
      return reply(
        409,
        { message: 'The retry key is already accepted' },
        { 'x-line-accepted-request-id': accepted.get(retryKey) as string },
      );
    let body: { to?: unknown; messages?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return reply(400, {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'invalid json' }],
      });
    }
    const to = via === 'push' ? [body.to] : body.to;
    const texts = Array.isArray(body.messages)
      ? (body.messages as { type?: unknown; text?: unknown }[]).map((m) =>
          m?.type === 'text' && typeof m.text === 'string' && m.text.length >= 1 && m.text.length <= 5000
            ? m.text
            : null,
        )
      : [];
    if (
      !Array.isArray(to) ||
      to.length < 1 ||
      to.length > 500 ||
      !to.every((u) => typeof u === 'string' && USER_ID.test(u)) ||
      texts.length < 1 ||
      texts.length > 5 ||
      texts.includes(null)
    )
      return reply(400, {
        message: 'The request body has 1 error(s)',
        details: [{ message: 'invalid', property: 'to/messages' }],
      });
    const requestId = randomUUID();
    if (retryKey !== null) accepted.set(retryKey, requestId);
    for (const u of to as string[])
      for (const text of texts as string[]) delivered.push({ to: u, text, retryKey, via });
    if (failure) return reply(failure.status, failureBody(failure.status));
    reply(
      200,
      via === 'push'
        ? {
            sentMessages: (texts as string[]).map(() => ({
              id: String(Date.now()),
              quoteToken: randomUUID(),
            })),
          }
        : {},
    );
  }

  const server = await listen(async (req, res) => handle(req, await readBody(req), res));

  const webhookRequest: LineMessagingStandIn['webhookRequest'] = (events, o) => {
    const body = JSON.stringify({ destination: botUserId, events });
    const key = o?.sign === false ? randomBytes(16).toString('hex') : channelSecret;
    const signature = createHmac('sha256', key).update(body).digest('base64');
    return { body, headers: { 'content-type': 'application/json', 'x-line-signature': signature } };
  };
  return {
    name: 'LINE Messaging API (stand-in)',
    url: server.url,
    accessToken,
    channelSecret,
    delivered: () => [...delivered],
    requests: () => [...requests],
    failNext(n, status, o) {
      for (let i = 0; i < n; i++) failures.push({ status, afterAccepting: o?.afterAccepting ?? false });
    },
    setRateLimit(perSecond) {
      rateLimit = perSecond;
    },
    event: (type, userId, at) => ({
      type,
      mode: 'active',
      timestamp: (at ?? new Date()).getTime(),
      source: { type: 'user', userId },
      webhookEventId: eventId(),
      deliveryContext: { isRedelivery: false },
      ...(type === 'follow' ? { replyToken: randomBytes(16).toString('hex') } : {}),
    }),
    webhookRequest,
    async sendWebhook(url, events, o) {
      const { body, headers } = webhookRequest(events, o);
      const r = await fetch(url, { method: 'POST', headers, body });
      await r.body?.cancel();
      return r.status;
    },
    close: server.close,
  };
}

function failureBody(status: number) {
  return status === 429
    ? { message: 'The API rate limit has been exceeded. Try again later.' }
    : { message: 'An error occurred in the API server' };
}

/**
 * The demo start's LINE: with no channel access token set, the stand-in takes LINE's place and the
 * demo's credentials point at it (messages a demo member opted into are delivered to the stand-in).
 */
export const lineDemoStandIn = {
  wanted: (env: Record<string, string | undefined>) => !env.LINE_CHANNEL_ACCESS_TOKEN,
  async start(env: Record<string, string | undefined>): Promise<LineMessagingStandIn> {
    const s = await startLineMessagingStandIn();
    env.LINE_MESSAGING_API_URL = s.url;
    env.LINE_CHANNEL_ACCESS_TOKEN = s.accessToken;
    env.LINE_CHANNEL_SECRET = s.channelSecret;
    return s;
  },
};
