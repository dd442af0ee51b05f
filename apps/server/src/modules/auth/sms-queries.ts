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

/** One page of the outbox, newest first (optionally one phone's), and how many there are. */
export async function smsOutboxPage(
  ex: Executor,
  q: { phone?: string | undefined; limit: number; offset: number },
) {
  let rows = ex.selectFrom('sms_outbox').select(['id', 'phone', 'body', 'created_at']);
  let count = ex.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<string>().as('n'));
  if (q.phone) {
    rows = rows.where('phone', '=', q.phone);
    count = count.where('phone', '=', q.phone);
  }
  const [page, n] = await Promise.all([
    rows.orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(n.n) };
}
