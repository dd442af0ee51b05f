import type { Executor } from '../../platform/db.ts';
import { insertSmsOutbox, smsOutboxRows } from './sms-queries.ts';

/** Sends a text message. A provider adapter implements this; the built-in one keeps an outbox. */
export interface SmsSender {
  send(ex: Executor, phone: string, body: string): Promise<void>;
}

/**
 * The built-in sender: stores each message in `sms_outbox` in the caller's transaction instead of
 * sending it, so registration and password reset work end to end without an SMS provider. Staff read
 * it at GET /api/admin/sms/outbox.
 */
export const outboxSmsSender: SmsSender = {
  async send(ex, phone, body) {
    await insertSmsOutbox(ex, phone, body);
  },
};

/** The outbox, newest first (optionally one phone's), for staff. */
export async function smsOutbox(ex: Executor, q: { phone?: string | undefined; limit: number }) {
  const rows = await smsOutboxRows(ex, q);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
