import type { Executor } from '../../platform/db.ts';

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
    await ex.insertInto('sms_outbox').values({ phone, body }).execute();
  },
};

/** The outbox, newest first (optionally one phone's), for staff. */
export async function smsOutbox(ex: Executor, q: { phone?: string | undefined; limit: number }) {
  let query = ex
    .selectFrom('sms_outbox')
    .select(['id', 'phone', 'body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.phone) query = query.where('phone', '=', q.phone);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
