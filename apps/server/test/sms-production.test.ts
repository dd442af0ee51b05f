import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThaiBulkSmsStandIn, type ThaiBulkSmsStandIn } from '../src/standins/thaibulksms.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../src/standins/twilio.ts';
import { call, createTestApp, staffToken, type TestApp } from './helpers.ts';

// A production site sending SMS through ThaiBulkSMS (docs/rules/connectors.md §5): a member registers
// with the OTP the provider delivered, the console's outbox shows the code masked; and the console's
// connector page (states, owner-only sealed credentials, test-send).

let tbs: ThaiBulkSmsStandIn;
let tw: TwilioStandIn;
let t: TestApp;

beforeAll(async () => {
  [tbs, tw] = await Promise.all([startThaiBulkSmsStandIn(), startTwilioStandIn()]);
  t = await createTestApp({
    jobs: true,
    env: {
      SEED_DEMO: 'false',
      SMS_PROVIDER: 'thaibulksms',
      SMS_FALLBACK_PROVIDER: 'twilio',
      THAIBULKSMS_URL: tbs.url,
      THAIBULKSMS_API_KEY: tbs.apiKey,
      THAIBULKSMS_API_SECRET: tbs.apiSecret,
      SMS_SENDER: 'Chok',
      TWILIO_URL: tw.url,
      TWILIO_ACCOUNT_SID: tw.accountSid,
      TWILIO_FROM: '+15005550006',
      CONNECTOR_SECRETS_KEY: 'b'.repeat(64),
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([tbs.close(), tw.close()]);
});

/** Waits (up to 10 s) until the stand-in has received a message for `phone`. */
async function messageTo(phone: string): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const m = tbs.inbox.find((x) => x.msisdn === phone);
    if (m) return m.message;
    if (Date.now() > until) throw new Error(`no message to ${phone}`);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a production site with ThaiBulkSMS', () => {
  it('registers a member with the OTP the provider delivered; the console shows the code masked', async () => {
    const phone = '0891234567';
    const otpRes = await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } });
    expect(otpRes.body.error).toBe(0);
    const text = await messageTo(phone);
    const code = /: (\d{6}) \(รหัสอ้างอิง/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(tbs.inbox.find((x) => x.msisdn === phone)?.sender).toBe('Chok');
    const reg = await call<{ access_token: string }>(t.app, 'POST', '/api/register', {
      body: {
        phone,
        otp: code,
        password: 'secret-pass-1',
        bank_code: '004',
        account_no: '1234567890',
        account_name: 'ทดสอบ ระบบ',
      },
    });
    expect(reg.body).toMatchObject({ error: 0 });

    const owner = await staffToken(t, 'owner');
    const outbox = await call<{ body: string; status: string; provider: string }[]>(
      t.app,
      'GET',
      `/api/admin/sms/outbox?phone=${phone}`,
      { token: owner },
    );
    expect(outbox.body.data).toHaveLength(1);
    const shown = outbox.body.data[0]!;
    expect(shown).toMatchObject({ status: 'sent', provider: 'thaibulksms' });
    expect(shown.body).toContain(': •••••• (รหัสอ้างอิง');
    expect(shown.body).not.toContain(code);
    const page = await call<{ items: { body: string }[] }>(
      t.app,
      'GET',
      `/api/admin/sms/messages?phone=${phone}`,
      {
        token: owner,
      },
    );
    expect(page.body.data.items[0]?.body).not.toContain(code);
  });
});

describe("the console's connector page", () => {
  type State = { code: string; configured: boolean; secrets: { name: string; source: string }[] };
  const stateOf = async (token: string, code: string) => {
    const r = await call<State[]>(t.app, 'GET', '/api/admin/connectors', { token });
    expect(r.body.error).toBe(0);
    return r.body.data.find((c) => c.code === code);
  };

  it('lists the SMS connectors with where each credential comes from', async () => {
    const support = await staffToken(t, 'support');
    expect(await stateOf(support, 'thaibulksms')).toMatchObject({
      configured: true,
      secrets: [
        { name: 'api_key', source: 'env' },
        { name: 'api_secret', source: 'env' },
      ],
    });
    expect(await stateOf(support, 'twilio')).toMatchObject({
      configured: false,
      secrets: [
        { name: 'account_sid', source: 'env' },
        { name: 'auth_token', source: 'unset' },
      ],
    });
    const lotto = await staffToken(t, 'lotto');
    expect((await call(t.app, 'GET', '/api/admin/connectors', { token: lotto })).status).toBe(403);
  });

  it('only the owner stores a credential; it is sealed, audited without its value and never answered', async () => {
    const path = '/api/admin/connectors/twilio/secrets/auth_token';
    const support = await staffToken(t, 'support');
    const refused = await call(t.app, 'PUT', path, { token: support, body: { value: tw.authToken } });
    expect(refused.status).toBe(403);

    const owner = await staffToken(t, 'owner');
    const saved = await call<State>(t.app, 'PUT', path, { token: owner, body: { value: tw.authToken } });
    expect(saved.body).toMatchObject({ error: 0, data: { code: 'twilio', configured: true } });
    expect(saved.body.data.secrets).toContainEqual(
      expect.objectContaining({ name: 'auth_token', source: 'console' }),
    );
    expect(JSON.stringify(saved.body)).not.toContain(tw.authToken);
    const row = await t.db
      .selectFrom('connector_secret')
      .selectAll()
      .where('connector', '=', 'twilio')
      .executeTakeFirstOrThrow();
    expect(row.sealed.includes(Buffer.from(tw.authToken))).toBe(false);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'connector.secret_set')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(tw.authToken);

    // The stored token works: a test-send through Twilio reaches the stand-in.
    const sent = await call<{ message: string }>(t.app, 'POST', '/api/admin/connectors/twilio/test', {
      token: owner,
      body: { to: '0899999999' },
    });
    expect(sent.body).toMatchObject({ error: 0 });
    expect(sent.body.data.message).toContain('0899999999');
    expect(tw.inbox.at(-1)).toMatchObject({ to: '+66899999999' });
    expect(tw.inbox.at(-1)?.body).toContain('ข้อความทดสอบ');

    const removed = await call<State>(t.app, 'DELETE', path, { token: owner });
    expect(removed.body.data.secrets).toContainEqual(
      expect.objectContaining({ name: 'auth_token', source: 'unset' }),
    );
    expect((await call(t.app, 'DELETE', path, { token: owner })).body).toMatchObject({ error: 2704 });
    const failed = await call(t.app, 'POST', '/api/admin/connectors/twilio/test', {
      token: owner,
      body: { to: '0899999999' },
    });
    expect(failed.body).toMatchObject({ error: 2707 });
    expect(failed.body.message).toBe('ส่งข้อความทดสอบไม่สำเร็จ: ยังไม่ได้ตั้งรหัสของผู้ให้บริการครบ');
  });

  it('refuses unknown connectors and names, credentials the environment sets, and a test without a phone', async () => {
    const owner = await staffToken(t, 'owner');
    const put = (p: string) => call(t.app, 'PUT', p, { token: owner, body: { value: 'x' } });
    expect((await put('/api/admin/connectors/nope/secrets/api_key')).body).toMatchObject({ error: 2701 });
    expect((await put('/api/admin/connectors/twilio/secrets/password')).body).toMatchObject({ error: 2702 });
    const env = await put('/api/admin/connectors/thaibulksms/secrets/api_key');
    expect(env.body).toMatchObject({ error: 2703 });
    expect(env.body.message).not.toMatch(/[A-Za-z]/);
    const blank = await call(t.app, 'PUT', '/api/admin/connectors/twilio/secrets/auth_token', {
      token: owner,
      body: { value: '  ' },
    });
    expect(blank.body).toMatchObject({ error: 1001 });
    const noPhone = await call(t.app, 'POST', '/api/admin/connectors/thaibulksms/test', {
      token: owner,
      body: {},
    });
    expect(noPhone.body).toMatchObject({ error: 2706 });
    const support = await staffToken(t, 'support');
    const test = await call(t.app, 'POST', '/api/admin/connectors/thaibulksms/test', {
      token: support,
      body: { to: '0899999999' },
    });
    expect(test.status).toBe(403);
  });
});
