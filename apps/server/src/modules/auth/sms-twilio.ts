import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Connectors } from '../connectors/service.ts';
import { e164, postSmsForm, refused, type SendOutcome, type SmsProvider } from './sms-providers.ts';

/**
 * Twilio Programmable Messaging (docs/rules/connectors.md §5), written from Twilio's documentation:
 * - the Message resource (https://www.twilio.com/docs/messaging/api/message-resource): `POST
 *   {TWILIO_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic authentication with the
 *   Account SID and Auth Token, form fields `To` (E.164), `From` or `MessagingServiceSid`, `Body`,
 *   `StatusCallback`; a success answers 201 with the Message (`sid`, `status`), a refusal an HTTP error
 *   status with `{ code, message, more_info, status }` (https://www.twilio.com/docs/api/errors);
 * - status callbacks (https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks):
 *   a form POST with `MessageSid`, `MessageStatus` (`sent`, `delivered`, `undelivered`, `failed`, …) and
 *   `ErrorCode`, signed in `X-Twilio-Signature` (https://www.twilio.com/docs/usage/webhooks/webhooks-security):
 *   base64 of HMAC-SHA1, keyed with the Auth Token, of the full callback URL followed by every POST
 *   parameter's name and value, sorted by name.
 * Twilio's Messages API takes no idempotency key: a try whose answer was lost may be sent twice.
 */
export function twilio(d: {
  connectors: Connectors;
  baseUrl: string;
  /** SMS_TIMEOUT_MS unless given (tests). */
  timeoutMs?: number;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  statusCallbackUrl: string | undefined;
}): SmsProvider {
  const credentials = async () => {
    const [sid, token] = await Promise.all([
      d.connectors.secret('twilio', 'account_sid'),
      d.connectors.secret('twilio', 'auth_token'),
    ]);
    return sid && token && (d.from || d.messagingServiceSid) ? { sid, token } : null;
  };
  return {
    code: 'twilio',
    label: 'ส่ง SMS ผ่าน Twilio',
    secrets: ['account_sid', 'auth_token'],
    configured: async () => (await credentials()) !== null,
    async send(phone, body, requestId): Promise<SendOutcome> {
      const c = await credentials();
      const form = new URLSearchParams({ To: e164(phone), Body: body });
      if (d.messagingServiceSid) form.set('MessagingServiceSid', d.messagingServiceSid);
      else if (d.from) form.set('From', d.from);
      if (d.statusCallbackUrl) form.set('StatusCallback', d.statusCallbackUrl);
      const call = c && {
        user: c.sid,
        password: c.token,
        url: `${d.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(c.sid)}/Messages.json`,
        form,
        timeoutMs: d.timeoutMs,
      };
      const res = await postSmsForm(d.connectors, 'twilio', requestId, call, 'credentials or sender not set');
      if ('outcome' in res) return res.outcome;
      const { answer } = res;
      if (!res.ok) {
        const code = answer?.code;
        const message = typeof answer?.message === 'string' ? answer.message : '';
        return refused(
          res.status,
          `Twilio HTTP ${res.status}${code !== undefined ? ` code ${String(code)}` : ''}${message ? `: ${message}` : ''}`,
        );
      }
      const sid = answer?.sid;
      return { ok: true, messageId: typeof sid === 'string' && sid !== '' ? sid : null };
    },
  };
}

/** Twilio's request signature: base64 HMAC-SHA1 of the URL and the sorted parameters' names and values. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function twilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const want = Buffer.from(twilioSignature(authToken, url, params));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
