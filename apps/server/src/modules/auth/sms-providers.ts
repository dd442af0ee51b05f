import { ConnectorCallError, type Connectors } from '../connectors/service.ts';

/**
 * What an SMS provider's adapter answers for one message (docs/rules/connectors.md §5). `retry`: the
 * message may go on a later try with the same provider (no answer in time, the provider's 5xx or 429);
 * otherwise this provider will not take it (credentials missing or refused, the number or text refused)
 * and it goes to the fallback provider, if any.
 */
export type SendOutcome =
  | { ok: true; messageId: string | null }
  | {
      ok: false;
      retry: boolean;
      /** For the console's test-send, in Thai there. */
      reason: 'credentials' | 'auth' | 'timeout' | 'network' | 'unavailable' | 'rejected';
      /** Recorded on the message: the provider's code and words, never a credential. */
      error: string;
    };

export type SmsProviderCode = 'thaibulksms' | 'twilio';

export interface SmsProvider {
  code: SmsProviderCode;
  /** Thai, for the console's connector page. */
  label: string;
  /** The credential names the owner may enter in the console. */
  secrets: readonly string[];
  configured(): Promise<boolean>;
  send(phone: string, body: string, requestId: string): Promise<SendOutcome>;
}

/** How long one call to an SMS provider may take: an OTP is useless if it comes much later. */
export const SMS_TIMEOUT_MS = 8_000;

/** A member's phone as stored (0812345678) in E.164 (+66812345678); other forms unchanged. */
export function e164(phone: string): string {
  return /^0\d{8,9}$/.test(phone) ? `+66${phone.slice(1)}` : phone;
}

function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** The outcome of a call that got no answer. */
function noAnswer(err: unknown): SendOutcome {
  if (err instanceof ConnectorCallError) {
    return {
      ok: false,
      retry: true,
      reason: err.kind,
      error: err.kind === 'timeout' ? 'no answer in time' : 'network error',
    };
  }
  throw err;
}

/** The outcome of an HTTP answer that is not a success: 429 and 5xx are worth another try. */
export function refused(status: number, error: string): SendOutcome {
  const retry = status === 429 || status >= 500;
  const reason = retry ? 'unavailable' : status === 401 || status === 403 ? 'auth' : 'rejected';
  return { ok: false, retry, reason, error: error.slice(0, 300) };
}

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const v = (await res.json()) as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * One message's call as both providers make it: with no credentials the try is recorded and ends with
 * `missing` (no other provider's credentials can serve it); otherwise the form is POSTed with HTTP Basic
 * authentication through the connectors module, and the answer's status and JSON body come back for the
 * adapter to read (a call with no answer ends as `noAnswer` says).
 */
export async function postSmsForm(
  connectors: Connectors,
  connector: SmsProviderCode,
  requestId: string,
  call: { user: string; password: string; url: string; form: URLSearchParams; timeoutMs?: number } | null,
  missing: string,
): Promise<
  { outcome: SendOutcome } | { status: number; ok: boolean; answer: Record<string, unknown> | null }
> {
  if (!call) {
    await connectors.recordOutcome({
      connector,
      operation: 'send',
      request_id: requestId,
      outcome: 'error',
      http_status: null,
      latency_ms: 0,
      error: missing,
    });
    return { outcome: { ok: false, retry: false, reason: 'credentials', error: missing } };
  }
  let res: Response;
  try {
    res = await connectors.fetch(connector, 'send', call.url, {
      method: 'POST',
      headers: {
        authorization: basicAuth(call.user, call.password),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: call.form.toString(),
      timeoutMs: call.timeoutMs ?? SMS_TIMEOUT_MS,
      requestId,
    });
  } catch (err) {
    return { outcome: noAnswer(err) };
  }
  return { status: res.status, ok: res.ok, answer: await jsonOf(res) };
}
