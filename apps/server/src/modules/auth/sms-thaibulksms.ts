import type { Connectors } from '../connectors/service.ts';
import { postSmsForm, refused, type SendOutcome, type SmsProvider } from './sms-providers.ts';

/**
 * ThaiBulkSMS, SMS API v2 (docs/rules/connectors.md §5), written from ThaiBulkSMS's developer
 * documentation (https://developer.thaibulksms.com, "SMS API v2": POST /sms) and its official client
 * (github.com/thaibulksms/tbs, src/client.ts):
 * - `POST {THAIBULKSMS_URL}/sms`, HTTP Basic authentication with the API key and API secret
 *   (THAIBULKSMS_API_KEY, THAIBULKSMS_API_SECRET, or entered in the console), form fields `msisdn`,
 *   `message` and `sender` (the sender name registered with ThaiBulkSMS; SMS_SENDER);
 * - a success answers `phone_number_list` (`number`, `message_id`, `used_credit`) and
 *   `bad_phone_number_list` (`number`, `message`: a number it refused), with `remaining_credit`;
 * - a refusal answers an HTTP error status with `{ error: { code, name, description } }`.
 * ThaiBulkSMS takes no idempotency key: a try whose answer was lost may be sent twice.
 */
export function thaiBulkSms(d: {
  connectors: Connectors;
  baseUrl: string;
  /** SMS_TIMEOUT_MS unless given (tests). */
  timeoutMs?: number;
  sender: string | undefined;
}): SmsProvider {
  const credentials = async () => {
    const [key, secret] = await Promise.all([
      d.connectors.secret('thaibulksms', 'api_key'),
      d.connectors.secret('thaibulksms', 'api_secret'),
    ]);
    return key && secret ? { key, secret } : null;
  };
  return {
    code: 'thaibulksms',
    label: 'ส่ง SMS ผ่าน ThaiBulkSMS',
    secrets: ['api_key', 'api_secret'],
    configured: async () => (await credentials()) !== null,
    async send(phone, body, requestId): Promise<SendOutcome> {
      const c = await credentials();
      const form = new URLSearchParams({ msisdn: phone, message: body });
      if (d.sender) form.set('sender', d.sender);
      const call = c && {
        user: c.key,
        password: c.secret,
        url: `${d.baseUrl.replace(/\/$/, '')}/sms`,
        form,
        timeoutMs: d.timeoutMs,
      };
      const res = await postSmsForm(d.connectors, 'thaibulksms', requestId, call, 'credentials not set');
      if ('outcome' in res) return res.outcome;
      const { answer } = res;
      if (!res.ok) {
        const e = (answer?.error ?? {}) as { code?: unknown; name?: unknown; description?: unknown };
        const words = [e.name, e.description].filter((x) => typeof x === 'string').join(': ');
        return refused(res.status, `ThaiBulkSMS HTTP ${res.status}${words ? ` ${words}` : ''}`);
      }
      const bad = (answer?.bad_phone_number_list ?? []) as { number?: string; message?: string }[];
      if (Array.isArray(bad) && bad.length > 0) {
        return {
          ok: false,
          retry: false,
          reason: 'rejected',
          error: `ThaiBulkSMS refused the number: ${String(bad[0]?.message ?? '')}`.slice(0, 300),
        };
      }
      const sent = (answer?.phone_number_list ?? []) as { message_id?: unknown }[];
      const id = Array.isArray(sent) ? sent[0]?.message_id : undefined;
      return { ok: true, messageId: typeof id === 'string' && id !== '' ? id : null };
    },
  };
}
