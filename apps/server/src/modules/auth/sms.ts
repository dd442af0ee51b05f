import type { Executor } from '../../platform/db.ts';
import { insertSmsOutbox, smsOutboxRows } from './sms-queries.ts';

/**
 * Sends a text message. `secret` is the part of the body nobody but the member may read (an OTP): the
 * console of a production site shows the message with it masked.
 */
export interface SmsSender {
  send(ex: Executor, phone: string, body: string, opts?: { secret?: string }): Promise<void>;
}

/** The body with its secret replaced by dots; null when it has none. */
export function maskedBody(body: string, secret: string | undefined): string | null {
  if (!secret) return null;
  return body.split(secret).join('•'.repeat(secret.length));
}

/**
 * The built-in sender (SMS_PROVIDER=outbox, the demo): stores each message in `sms_outbox` in the
 * caller's transaction instead of sending it, so registration and password reset work end to end
 * without an SMS provider. Staff read it at GET /api/admin/sms/outbox.
 */
export const outboxSmsSender: SmsSender = {
  async send(ex, phone, body, opts) {
    await insertSmsOutbox(ex, phone, body, maskedBody(body, opts?.secret));
  },
};

/**
 * The outbox, newest first (optionally one phone's), for staff. `showSecrets` (a demo site) shows each
 * message as sent; otherwise a message with a secret shows it masked.
 */
export async function smsOutbox(
  ex: Executor,
  q: { phone?: string | undefined; limit: number },
  showSecrets: boolean,
) {
  const rows = await smsOutboxRows(ex, q);
  return rows.map((r) => outboxItem(r, showSecrets));
}

export function outboxItem(
  r: {
    id: string | number;
    phone: string;
    body: string;
    masked_body: string | null;
    status: string;
    provider: string;
    attempts: number;
    last_error: string | null;
    created_at: Date;
  },
  showSecrets: boolean,
) {
  return {
    id: Number(r.id),
    phone: r.phone,
    body: showSecrets ? r.body : (r.masked_body ?? r.body),
    status: r.status as 'queued' | 'sent' | 'delivered' | 'failed',
    provider: r.provider,
    attempts: r.attempts,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
  };
}
