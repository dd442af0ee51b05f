import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

export type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/** A message the built-in sender keeps: `sent` (to the outbox) at once. */
export async function insertSmsOutbox(
  ex: Executor,
  phone: string,
  body: string,
  maskedBody: string | null,
): Promise<void> {
  await ex.insertInto('sms_outbox').values({ phone, body, masked_body: maskedBody }).execute();
}

/** A message for a provider, due now; its id for the sending job. */
export async function insertQueuedSms(
  ex: Executor,
  m: { phone: string; body: string; maskedBody: string | null; provider: string; now: Date },
): Promise<number> {
  const r = await ex
    .insertInto('sms_outbox')
    .values({
      phone: m.phone,
      body: m.body,
      masked_body: m.maskedBody,
      status: 'queued',
      provider: m.provider,
      next_attempt_at: m.now,
      created_at: m.now,
      updated_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export interface ClaimedSms {
  id: number;
  phone: string;
  body: string;
  provider: string;
  provider_attempts: number;
}

/**
 * Takes a due queued message for one try, in one statement: its next try moves `lease` ahead, so another
 * worker (the job and the sweep, two processes) does not take it meanwhile, and a worker that dies leaves
 * it to the sweep once the lease has passed. Undefined: not queued, or not due.
 */
export async function claimSms(
  ex: Executor,
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedSms | undefined> {
  const r = await ex
    .updateTable('sms_outbox')
    .set((eb) => ({
      next_attempt_at: leaseUntil,
      attempts: eb('attempts', '+', 1),
      provider_attempts: eb('provider_attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'phone', 'body', 'provider', 'provider_attempts'])
    .executeTakeFirst();
  return r ? { ...r, id: Number(r.id) } : undefined;
}

export async function markSmsSent(ex: Executor, id: number, messageId: string | null, now: Date) {
  await ex
    .updateTable('sms_outbox')
    .set({
      status: 'sent',
      provider_message_id: messageId,
      next_attempt_at: null,
      last_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Another try later, with the same provider or (after a failover) the next one. */
export async function retrySmsAt(
  ex: Executor,
  id: number,
  r: { at: Date; error: string; provider?: string; now: Date },
) {
  await ex
    .updateTable('sms_outbox')
    .set({
      next_attempt_at: r.at,
      last_error: r.error,
      updated_at: r.now,
      ...(r.provider ? { provider: r.provider, provider_attempts: 0 } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

export async function markSmsFailed(ex: Executor, id: number, error: string, now: Date) {
  await ex
    .updateTable('sms_outbox')
    .set({ status: 'failed', next_attempt_at: null, last_error: error, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** Queued messages whose next try is due, oldest first. */
export async function dueSmsIds(ex: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await ex
    .selectFrom('sms_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * A provider's delivery report: a sent message becomes `delivered` or `failed`; one already delivered or
 * failed keeps its state (reports may arrive out of order). True when a row changed.
 */
export async function reportSmsDelivery(
  ex: Executor,
  provider: string,
  messageId: string,
  status: 'delivered' | 'failed',
  error: string | null,
  now: Date,
): Promise<boolean> {
  const r = await ex
    .updateTable('sms_outbox')
    .set({ status, updated_at: now, ...(error ? { last_error: error } : {}) })
    .where('provider', '=', provider)
    .where('provider_message_id', '=', messageId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

const outboxColumns = [
  'id',
  'phone',
  'body',
  'masked_body',
  'status',
  'provider',
  'attempts',
  'last_error',
  'created_at',
] as const;

/** The outbox, newest first (optionally one phone's). */
export function smsOutboxRows(ex: Executor, q: { phone?: string | undefined; limit: number }) {
  let query = ex.selectFrom('sms_outbox').select(outboxColumns).orderBy('id', 'desc').limit(q.limit);
  if (q.phone) query = query.where('phone', '=', q.phone);
  return query.execute();
}

/** One page of the outbox, newest first (optionally one phone's), and how many there are. */
export async function smsOutboxPage(
  ex: Executor,
  q: { phone?: string | undefined; limit: number; offset: number },
) {
  let outbox = ex.selectFrom('sms_outbox');
  if (q.phone) outbox = outbox.where('phone', '=', q.phone);
  return pageOf(outbox, (o) => o.select(outboxColumns).orderBy('id', 'desc'), q);
}
