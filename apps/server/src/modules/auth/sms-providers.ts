import { ConnectorCallError } from '../connectors/service.ts';

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

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** The outcome of a call that got no answer. */
export function noAnswer(err: unknown): SendOutcome {
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

export async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const v = (await res.json()) as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
