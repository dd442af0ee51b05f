import type { Executor } from '../../platform/db.ts';

export async function insertSmsOutbox(ex: Executor, phone: string, body: string): Promise<void> {
  await ex.insertInto('sms_outbox').values({ phone, body }).execute();
}

/** The outbox, newest first (optionally one phone's). */
export function smsOutboxRows(ex: Executor, q: { phone?: string | undefined; limit: number }) {
  let query = ex
    .selectFrom('sms_outbox')
    .select(['id', 'phone', 'body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.phone) query = query.where('phone', '=', q.phone);
  return query.execute();
}
