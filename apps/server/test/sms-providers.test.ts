import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsDispatch, type SmsDispatch } from '../src/modules/auth/sms-dispatch.ts';
import type { SmsProvider } from '../src/modules/auth/sms-providers.ts';
import { thaiBulkSms } from '../src/modules/auth/sms-thaibulksms.ts';
import { twilio } from '../src/modules/auth/sms-twilio.ts';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { inTransaction } from '../src/platform/db.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import {
  startThaiBulkSmsStandIn,
  type ThaiBulkSmsStandIn,
  thaiBulkSmsDemo,
} from '../src/standins/thaibulksms.ts';
import { startTwilioStandIn, type TwilioStandIn, twilioDemo } from '../src/standins/twilio.ts';
import { createTestApp, FixedClock, type TestApp } from './helpers.ts';

// SMS through providers (docs/rules/connectors.md §5): each adapter against its stand-in over HTTP, the
// sending by job with retries and failover, and Twilio's signed status callbacks.

const CALLBACK = 'https://chok.example/api/sms/twilio/status';
let tbs: ThaiBulkSmsStandIn;
let tw: TwilioStandIn;
let t: TestApp;
const clock = new FixedClock(new Date('2026-03-01T03:00:00Z'));

beforeAll(async () => {
  [tbs, tw] = await Promise.all([startThaiBulkSmsStandIn(), startTwilioStandIn()]);
  t = await createTestApp({
    seed: false,
    env: { TWILIO_AUTH_TOKEN: tw.authToken, TWILIO_STATUS_CALLBACK_URL: CALLBACK },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([tbs.close(), tw.close()]);
});

const goodEnv = () => ({
  THAIBULKSMS_API_KEY: tbs.apiKey,
  THAIBULKSMS_API_SECRET: tbs.apiSecret,
  TWILIO_ACCOUNT_SID: tw.accountSid,
  TWILIO_AUTH_TOKEN: tw.authToken,
});
const connectorsWith = (env: Record<string, string>) =>
  createConnectors({ db: t.db, clock, env, key: null, previousKey: null });
const providersWith = (env: Record<string, string>) => {
  const connectors = connectorsWith(env);
  return {
    thaibulksms: thaiBulkSms({ connectors, baseUrl: tbs.url, sender: 'Chok', timeoutMs: 300 }),
    twilio: twilio({
      connectors,
      baseUrl: tw.url,
      from: '+15005550006',
      messagingServiceSid: undefined,
      statusCallbackUrl: CALLBACK,
      timeoutMs: 300,
    }),
  } satisfies Record<string, SmsProvider>;
};
const lastCall = (connector: string) =>
  t.db
    .selectFrom('connector_call')
    .selectAll()
    .where('connector', '=', connector)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('the ThaiBulkSMS adapter against its stand-in', () => {
  it('sends msisdn, message and sender with Basic authentication and keeps the message id', async () => {
    const p = providersWith(goodEnv()).thaibulksms;
    const r = await p.send('0812345678', 'ทดสอบ 123', 'req-tbs-1');
    expect(r).toEqual({ ok: true, messageId: expect.any(String) });
    expect(tbs.inbox.at(-1)).toMatchObject({ msisdn: '0812345678', message: 'ทดสอบ 123', sender: 'Chok' });
    expect(r.ok && r.messageId).toBe(tbs.inbox.at(-1)?.id);
    expect(await lastCall('thaibulksms')).toMatchObject({
      request_id: 'req-tbs-1',
      outcome: 'ok',
      http_status: 201,
    });
  });

  it('wrong credentials: refused (401) for good, recorded without the secret', async () => {
    const p = providersWith({ ...goodEnv(), THAIBULKSMS_API_SECRET: 'wrong-secret' }).thaibulksms;
    const r = await p.send('0812345678', 'x', 'req-tbs-2');
    expect(r).toMatchObject({ ok: false, retry: false, reason: 'auth' });
    expect(!r.ok && r.error).toContain('UNAUTHORIZED');
    const call = await lastCall('thaibulksms');
    expect(call).toMatchObject({ outcome: 'error', http_status: 401 });
    expect(JSON.stringify(call)).not.toContain('wrong-secret');
  });

  it('a refused number, a server error and no answer: the first is final, the others worth another try', async () => {
    const p = providersWith(goodEnv()).thaibulksms;
    expect(await p.send('12345', 'x', 'r1')).toMatchObject({ ok: false, retry: false, reason: 'rejected' });
    tbs.fail('error500', 1);
    expect(await p.send('0812345678', 'x', 'r2')).toMatchObject({
      ok: false,
      retry: true,
      reason: 'unavailable',
    });
    tbs.fail('timeout', 1);
    expect(await p.send('0812345678', 'x', 'r3')).toMatchObject({
      ok: false,
      retry: true,
      reason: 'timeout',
    });
    expect(await lastCall('thaibulksms')).toMatchObject({ request_id: 'r3', outcome: 'timeout' });
  });

  it('missing credentials: nothing is sent, the connector records why', async () => {
    const before = tbs.requests();
    const r = await providersWith({}).thaibulksms.send('0812345678', 'x', 'r4');
    expect(r).toMatchObject({ ok: false, retry: false, reason: 'credentials' });
    expect(tbs.requests()).toBe(before);
  });
});

describe('the Twilio adapter against its stand-in', () => {
  it('sends To in E.164, From, Body and StatusCallback and keeps the Message sid', async () => {
    const r = await providersWith(goodEnv()).twilio.send('0812345678', 'สวัสดี', 'req-tw-1');
    expect(r).toEqual({ ok: true, messageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(tw.inbox.at(-1)).toMatchObject({
      to: '+66812345678',
      from: '+15005550006',
      body: 'สวัสดี',
      statusCallback: CALLBACK,
    });
  });

  it("answers Twilio's error codes: 20003 wrong credentials, 21211 a bad number; a 500 is retried", async () => {
    const bad = await providersWith({ ...goodEnv(), TWILIO_AUTH_TOKEN: 'nope' }).twilio.send(
      '0812345678',
      'x',
      'a',
    );
    expect(bad).toMatchObject({ ok: false, retry: false, reason: 'auth' });
    expect(!bad.ok && bad.error).toContain('code 20003');
    const p = providersWith(goodEnv()).twilio;
    const number = await p.send('12', 'x', 'b');
    expect(number).toMatchObject({ ok: false, retry: false, reason: 'rejected' });
    expect(!number.ok && number.error).toContain('code 21211');
    tw.fail('error500', 1);
    expect(await p.send('0812345678', 'x', 'c')).toMatchObject({ ok: false, retry: true });
  });
});

/** A dispatcher on the test database with its own clock, jobs off: the sweep does the sending. */
function dispatchWith(env: Record<string, string>, primary: string, fallback?: string): SmsDispatch {
  return createSmsDispatch({
    db: t.db,
    clock,
    jobs: disabledJobs,
    connectors: connectorsWith(env),
    providers: providersWith(env),
    primary,
    fallback,
    maxAttempts: 2,
  });
}
async function queue(d: SmsDispatch, phone: string, body: string): Promise<number> {
  await inTransaction(t.db, (tx) => d.sender.send(tx, phone, body, { secret: '424242' }));
  const row = await t.db
    .selectFrom('sms_outbox')
    .select('id')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}
const outboxRow = (id: number) =>
  t.db.selectFrom('sms_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('sending by job: retries, failover, record', () => {
  it('a try that times out is tried again after its backoff, not before, and then sent', async () => {
    const d = dispatchWith(goodEnv(), 'thaibulksms', 'twilio');
    const id = await queue(d, '0811110001', 'OTP 424242');
    expect(await outboxRow(id)).toMatchObject({
      status: 'queued',
      provider: 'thaibulksms',
      masked_body: 'OTP ••••••',
    });
    tbs.fail('timeout', 1);
    await d.sweep();
    expect(await outboxRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'no answer in time',
    });
    // Neither the sweep nor a job that comes early sends it before its time.
    const before = tbs.requests();
    await d.sweep();
    await d.sendOne(id);
    expect(tbs.requests()).toBe(before);
    clock.advance(5_000);
    await d.sweep();
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', provider: 'thaibulksms', attempts: 2, last_error: null });
    expect(row.provider_message_id).toBe(tbs.inbox.at(-1)?.id);
  });

  it('a provider that keeps failing hands the message to the fallback provider after its tries', async () => {
    const d = dispatchWith(goodEnv(), 'thaibulksms', 'twilio');
    const id = await queue(d, '0811110002', 'OTP 424242');
    tbs.fail('error500');
    await d.sweep();
    clock.advance(5_000);
    await d.sweep();
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', provider: 'twilio', attempts: 2 });
    await d.sweep();
    tbs.fail('ok');
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 3 });
    expect(tw.inbox.at(-1)).toMatchObject({ sid: row.provider_message_id, to: '+66811110002' });
  });

  it('a refusal that says the message cannot go moves to the fallback at once; with none it fails', async () => {
    const env = { ...goodEnv(), THAIBULKSMS_API_SECRET: 'wrong' };
    const d = dispatchWith(env, 'thaibulksms', 'twilio');
    const id = await queue(d, '0811110003', 'x');
    await d.sweep();
    await d.sweep();
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', provider: 'twilio', attempts: 2 });

    const alone = dispatchWith(env, 'thaibulksms');
    const lost = await queue(alone, '0811110004', 'x');
    await alone.sweep();
    const row = await outboxRow(lost);
    expect(row).toMatchObject({ status: 'failed', provider: 'thaibulksms', next_attempt_at: null });
    expect(row.last_error).toContain('401');
  });

  it('two workers taking the same message at once send it once', async () => {
    const d = dispatchWith(goodEnv(), 'thaibulksms');
    const id = await queue(d, '0811110005', 'once');
    const before = tbs.inbox.length;
    await Promise.all(Array.from({ length: 6 }, () => d.sendOne(id)));
    expect(tbs.inbox.length).toBe(before + 1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe("Twilio's status callback", () => {
  const deliver = async (r: { form: Record<string, string>; signature: string }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/twilio/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': r.signature },
      payload: new URLSearchParams(r.form).toString(),
    });
    return { status: res.statusCode, body: res.json() as { error: number; data: { duplicate: boolean } } };
  };

  it('a signed report marks the message delivered; its replay changes nothing; a forged one is refused', async () => {
    const d = dispatchWith(goodEnv(), 'twilio');
    const id = await queue(d, '0811110006', 'report me');
    await d.sweep();
    const sid = (await outboxRow(id)).provider_message_id ?? '';
    let first: { status: number; body: { error: number; data: { duplicate: boolean } } } | undefined;
    const sent = await tw.report(sid, 'delivered', async (r) => {
      first = await deliver(r);
      return first.status;
    });
    expect(first?.body).toMatchObject({ error: 0, data: { duplicate: false } });
    expect(await outboxRow(id)).toMatchObject({ status: 'delivered' });

    expect((await deliver(sent)).body).toMatchObject({ error: 0, data: { duplicate: true } });
    // A late "undelivered" does not undo a delivery.
    await tw.report(sid, 'undelivered', async (r) => (await deliver(r)).status);
    expect(await outboxRow(id)).toMatchObject({ status: 'delivered' });

    const forged = await deliver({
      form: { ...sent.form, MessageStatus: 'failed' },
      signature: sent.signature,
    });
    expect(forged).toMatchObject({ status: 403, body: { error: 2708 } });
    const unsigned = await deliver({ form: sent.form, signature: '' });
    expect(unsigned.status).toBe(403);
  });

  it('an undelivered report marks a sent message failed with its error code', async () => {
    const d = dispatchWith(goodEnv(), 'twilio');
    const id = await queue(d, '0811110007', 'lost');
    await d.sweep();
    const sid = (await outboxRow(id)).provider_message_id ?? '';
    await tw.report(sid, 'undelivered', async (r) => (await deliver(r)).status);
    expect(await outboxRow(id)).toMatchObject({
      status: 'failed',
      last_error: 'Twilio undelivered ErrorCode 30003',
    });
  });
});

describe('the demo', () => {
  it('keeps the outbox unless SMS_PROVIDER names a provider left without credentials', async () => {
    expect(thaiBulkSmsDemo.wanted({})).toBe(false);
    expect(twilioDemo.wanted({ SMS_PROVIDER: 'thaibulksms' })).toBe(false);
    expect(thaiBulkSmsDemo.wanted({ SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_KEY: 'k' })).toBe(false);
    const env: Record<string, string | undefined> = { SMS_PROVIDER: 'twilio' };
    expect(twilioDemo.wanted(env)).toBe(true);
    const s = await twilioDemo.start(env);
    try {
      expect(env).toMatchObject({ TWILIO_URL: s.url, TWILIO_FROM: '+15005550006' });
      const p = twilio({
        connectors: connectorsWith(env as Record<string, string>),
        baseUrl: s.url,
        from: env.TWILIO_FROM,
        messagingServiceSid: undefined,
        statusCallbackUrl: undefined,
      });
      expect(await p.send('0812345678', 'demo', 'demo-1')).toMatchObject({ ok: true });
    } finally {
      await s.close();
    }
  });
});
