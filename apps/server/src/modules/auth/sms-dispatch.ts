import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Connectors } from '../connectors/service.ts';
import { maskedBody, type SmsSender } from './sms.ts';
import type { SendOutcome, SmsProvider } from './sms-providers.ts';
import * as q from './sms-queries.ts';
import { twilioSignatureValid } from './sms-twilio.ts';

/** The job that sends one queued message (by id); the sweep finds the same messages every minute. */
export const SMS_SEND_JOB = 'sms.send';
/** How long a worker holds a message it is sending before the sweep may take it again. */
const LEASE_MS = 60_000;
/** Waits between tries with one provider: 5 s, 15 s, 45 s, … */
const BACKOFF_BASE_MS = 5_000;

export interface SmsDispatch {
  /** The sender the OTP transaction uses: the outbox row and its job, in the caller's transaction. */
  sender: SmsSender;
  /** One try of one message, if it is queued and due (the job). */
  sendOne(id: number): Promise<void>;
  /** Every queued message that is due (the periodic sweep); how many were tried. */
  sweep(): Promise<number>;
}

/**
 * Sending text messages through providers (docs/rules/connectors.md §5). The outbox row is the record:
 * it is written `queued` in the caller's transaction together with a job to send it; the job (or, when
 * jobs are off here or the job was lost, the sweep of a process that runs jobs) takes it with a lease,
 * tries the provider, and records the outcome: `sent`, another try after a backoff (no answer, 5xx,
 * 429), the fallback provider once this one has had its tries or refused the message, or `failed`.
 */
export function createSmsDispatch(d: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  connectors: Connectors;
  providers: Record<string, SmsProvider>;
  primary: string;
  fallback: string | undefined;
  maxAttempts: number;
}): SmsDispatch {
  const providerOf = (code: string) => d.providers[code];

  async function record(id: number, provider: string, attempts: number, outcome: SendOutcome) {
    const now = d.clock.now();
    if (outcome.ok) {
      await q.markSmsSent(d.db, id, outcome.messageId, now);
      return;
    }
    if (outcome.retry && attempts < d.maxAttempts) {
      const at = new Date(now.getTime() + BACKOFF_BASE_MS * 3 ** (attempts - 1));
      await inTransaction(d.db, async (tx) => {
        await q.retrySmsAt(tx, id, { at, error: outcome.error, now });
        await d.jobs.send(SMS_SEND_JOB, { id }, { at, tx });
      });
      return;
    }
    if (d.fallback && d.fallback !== provider && providerOf(d.fallback)) {
      await inTransaction(d.db, async (tx) => {
        await q.retrySmsAt(tx, id, { at: now, error: outcome.error, provider: d.fallback, now });
        await d.jobs.send(SMS_SEND_JOB, { id }, { tx });
      });
      return;
    }
    await q.markSmsFailed(d.db, id, outcome.error, now);
  }

  async function sendOne(id: number): Promise<void> {
    const now = d.clock.now();
    const m = await q.claimSms(d.db, id, now, new Date(now.getTime() + LEASE_MS));
    if (!m) return;
    const provider = providerOf(m.provider);
    const outcome: SendOutcome = provider
      ? await provider.send(m.phone, m.body, randomUUID())
      : { ok: false, retry: false, reason: 'credentials', error: `no provider ${m.provider}` };
    await record(m.id, m.provider, m.provider_attempts, outcome);
  }

  return {
    sender: {
      async send(ex, phone, body, opts) {
        const id = await q.insertQueuedSms(ex, {
          phone,
          body,
          maskedBody: maskedBody(body, opts?.secret),
          provider: d.primary,
          now: d.clock.now(),
        });
        await d.jobs.send(SMS_SEND_JOB, { id }, { tx: ex });
      },
    },
    sendOne,
    async sweep() {
      const ids = await q.dueSmsIds(d.db, d.clock.now(), 100);
      for (const id of ids) await sendOne(id);
      return ids.length;
    },
  };
}

/**
 * A Twilio status callback (docs/rules/connectors.md §5): its signature checked against the configured
 * callback URL and the Auth Token, its (message, status) pair recorded as the event so a replay does
 * nothing, and a sent message marked delivered or failed, in one transaction. Taken whatever
 * SMS_PROVIDER is now: a message sent before a change may still be reported.
 */
export async function receiveTwilioStatus(
  d: { db: Db; clock: Clock; connectors: Connectors; callbackUrl: string | undefined },
  params: Record<string, string>,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const token = await d.connectors.secret('twilio', 'auth_token');
  const url = d.callbackUrl;
  if (!token || !url || !twilioSignatureValid(token, url, params, signature)) {
    throw new AppError('SMS_CALLBACK_REJECTED');
  }
  const sid = params.MessageSid ?? '';
  const status = params.MessageStatus ?? '';
  if (!/^[A-Za-z0-9]{2,64}$/.test(sid) || !/^[a-z_]{2,32}$/.test(status)) {
    throw new AppError('SMS_CALLBACK_REJECTED');
  }
  return inTransaction(d.db, async (tx) => {
    // Twilio sends one callback per status change of a message: the pair is the event.
    if (!(await d.connectors.firstDelivery(tx, 'twilio', `${sid}:${status}`))) return { duplicate: true };
    const now = d.clock.now();
    if (status === 'delivered') await q.reportSmsDelivery(tx, 'twilio', sid, 'delivered', null, now);
    else if (status === 'undelivered' || status === 'failed') {
      const code = /^\d{1,6}$/.test(params.ErrorCode ?? '') ? ` ErrorCode ${params.ErrorCode}` : '';
      await q.reportSmsDelivery(tx, 'twilio', sid, 'failed', `Twilio ${status}${code}`, now);
    }
    return { duplicate: false };
  });
}
