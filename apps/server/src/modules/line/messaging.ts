import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConnectorCallError, type Connectors } from '../connectors/service.ts';

/**
 * The adapter to the LINE Messaging API (docs/rules/connectors.md §5), plain HTTP, written from LINE's
 * documentation:
 * - Send push message, `POST {base}/v2/bot/message/push` with `{ to, messages }`, and send multicast
 *   message, `POST {base}/v2/bot/message/multicast` with `{ to: [up to 500 user ids], messages }`;
 *   `Authorization: Bearer {channel access token}`
 *   (https://developers.line.biz/en/reference/messaging-api/#send-push-message,
 *   https://developers.line.biz/en/reference/messaging-api/#send-multicast-message).
 * - `X-Line-Retry-Key`: a UUID chosen by the sender; the first accepted request is executed, a repeat
 *   of it is answered 409 and sends nothing (https://developers.line.biz/en/docs/messaging-api/retrying-api-request/).
 * - 429 Too Many Requests: a rate limit or the month's message quota; the request was not processed and
 *   may be retried later (https://developers.line.biz/en/docs/messaging-api/handling-http-429-errors/).
 * - Webhook signature: `x-line-signature` is the base64 HMAC-SHA256 of the raw request body keyed by the
 *   channel secret (https://developers.line.biz/en/docs/messaging-api/verify-webhook-signature/).
 */
export const CONNECTOR = 'line';
export const MULTICAST_MAX = 500;
/** LINE's user id: "U" and 32 hexadecimal digits. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

export type SendOutcome =
  /** Accepted now (2xx), or accepted before under the same retry key (409). */
  | { kind: 'sent'; status: number }
  /** Worth trying again later, with the same retry key: 429, 5xx, 401/403 (a token being fixed), no answer. */
  | { kind: 'retry'; status: number | null }
  /** LINE refused the request itself (400 and other 4xx): sending it again would be refused again. */
  | { kind: 'refused'; status: number };

export interface LineMessaging {
  /** The channel access token is set (environment or console). */
  configured(): Promise<boolean>;
  send(s: { to: string[]; text: string; retryKey: string; timeoutMs?: number }): Promise<SendOutcome>;
}

export function lineMessaging(d: { connectors: Connectors; baseUrl: string }): LineMessaging {
  const base = d.baseUrl.replace(/\/+$/, '');
  return {
    configured: async () => (await d.connectors.secret(CONNECTOR, 'channel_access_token')) !== null,
    async send({ to, text, retryKey, timeoutMs }) {
      const token = await d.connectors.secret(CONNECTOR, 'channel_access_token');
      if (token === null) return { kind: 'retry', status: null };
      const multicast = to.length > 1;
      let res: Response;
      try {
        res = await d.connectors.fetch(
          CONNECTOR,
          multicast ? 'multicast' : 'push',
          `${base}/v2/bot/message/${multicast ? 'multicast' : 'push'}`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'x-line-retry-key': retryKey,
            },
            body: JSON.stringify({ to: multicast ? to : to[0], messages: [{ type: 'text', text }] }),
            requestId: retryKey,
            timeoutMs: timeoutMs ?? 10_000,
          },
        );
      } catch (err) {
        if (err instanceof ConnectorCallError) return { kind: 'retry', status: null };
        throw err;
      }
      await res.body?.cancel();
      if (res.ok || res.status === 409) return { kind: 'sent', status: res.status };
      if (res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 403)
        return { kind: 'retry', status: res.status };
      return { kind: 'refused', status: res.status };
    },
  };
}

/** The webhook's `x-line-signature` checked against the raw body, in constant time. */
export function signatureValid(raw: Buffer, signature: string | undefined, channelSecret: string): boolean {
  if (!signature) return false;
  const want = createHmac('sha256', channelSecret).update(raw).digest();
  let got: Buffer;
  try {
    got = Buffer.from(signature, 'base64');
  } catch {
    return false;
  }
  return got.length === want.length && timingSafeEqual(got, want);
}
