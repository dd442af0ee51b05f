import { randomBytes } from 'node:crypto';
import { basicCredentials, listenSwitched, type StandInMode, sendJson, smsProviderDemo } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * A stand-in for ThaiBulkSMS's SMS API v2 (docs/rules/connectors.md §4, §5), written from the same
 * documentation as the adapter (apps/server/src/modules/auth/sms-thaibulksms.ts): `POST /sms` with HTTP
 * Basic authentication (API key, API secret) and the form fields `msisdn`, `message`, `sender`; a success
 * answers `remaining_credit`, `total_use_credit`, `credit_type`, `phone_number_list` (`number`,
 * `message_id`, `used_credit`) and `bad_phone_number_list` (`number`, `message`); a refusal answers an
 * HTTP error status with `{ error: { code, name, description } }`. `GET /credit` answers the credit.
 * Messages it accepted wait in `inbox` for a test (or the demo's terminal) to read.
 */
export interface ThaiBulkSmsStandIn extends StandIn {
  apiKey: string;
  apiSecret: string;
  inbox: { id: string; msisdn: string; message: string; sender: string | null }[];
  /** The next `times` requests (all, if not given) meet `mode`. */
  fail(mode: StandInMode, times?: number): void;
  /** Requests received, answered or not. */
  requests(): number;
}

/** A Thai mobile number as ThaiBulkSMS takes it: 0XXXXXXXXX or 66XXXXXXXXX (with or without +). */
const THAI_MOBILE = /^(0|\+?66)[689]\d{8}$/;

export async function startThaiBulkSmsStandIn(
  o: { apiKey?: string; apiSecret?: string; port?: number } = {},
): Promise<ThaiBulkSmsStandIn> {
  const apiKey = o.apiKey ?? `key-${randomBytes(8).toString('hex')}`;
  const apiSecret = o.apiSecret ?? `secret-${randomBytes(12).toString('hex')}`;
  const inbox: ThaiBulkSmsStandIn['inbox'] = [];
  let credit = 1000;
  const error = (code: number, name: string, description: string) => ({ error: { code, name, description } });

  const s = await listenSwitched(
    { port: o.port, error500Body: error(500, 'INTERNAL_SERVER_ERROR', 'Server error') },
    async (req, res, form) => {
      const who = basicCredentials(req);
      if (!who || who.user !== apiKey || who.password !== apiSecret) {
        return sendJson(res, 401, error(401, 'UNAUTHORIZED', 'Invalid api key or api secret'));
      }
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/credit') return sendJson(res, 200, { remaining_credit: credit });
      if (req.method !== 'POST' || path !== '/sms')
        return sendJson(res, 404, error(404, 'NOT_FOUND', 'Not found'));
      if (!form.msisdn || !form.message) {
        return sendJson(res, 400, error(400, 'BAD_REQUEST', 'msisdn and message are required'));
      }
      const numbers = form.msisdn.split(',').map((n) => n.trim());
      const good = numbers.filter((n) => THAI_MOBILE.test(n));
      const bad = numbers.filter((n) => !THAI_MOBILE.test(n));
      if (credit < good.length)
        return sendJson(res, 400, error(400, 'CREDIT_NOT_ENOUGH', 'Credit not enough'));
      const list = good.map((number) => {
        const id = randomBytes(11).toString('base64url');
        inbox.push({ id, msisdn: number, message: form.message ?? '', sender: form.sender ?? null });
        return { number, message_id: id, used_credit: 1 };
      });
      credit -= list.length;
      sendJson(res, 201, {
        remaining_credit: credit,
        total_use_credit: list.length,
        credit_type: form.force === 'corporate' ? 'corporate' : 'standard',
        phone_number_list: list,
        bad_phone_number_list: bad.map((number) => ({ number, message: 'Invalid phone number' })),
      });
    },
  );
  return { ...s, name: 'SMS (ThaiBulkSMS stand-in)', apiKey, apiSecret, inbox };
}

/**
 * The demo's ThaiBulkSMS: started only when an operator trying the demo chose SMS_PROVIDER (or
 * SMS_FALLBACK_PROVIDER) thaibulksms without credentials; the plain demo keeps the outbox.
 */
export const thaiBulkSmsDemo: DemoStandIn = smsProviderDemo(
  'thaibulksms',
  'THAIBULKSMS_API_KEY',
  'THAIBULKSMS_URL',
  () => startThaiBulkSmsStandIn(),
  (s) => ({ THAIBULKSMS_API_KEY: s.apiKey, THAIBULKSMS_API_SECRET: s.apiSecret }),
);
