import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FixedClock, type TestApp } from './helpers.ts';

const clock = new FixedClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    seed: false,
    env: { OTP_MAX_PER_HOUR_GLOBAL: '8', OTP_RESEND_SECONDS: '0', RATE_LIMIT_PER_MINUTE_DEMO: '5' },
  });
});
afterAll(async () => t.close());

/** A POST from a given client address (the per-IP limits key on it). */
async function postFrom(ip: string, url: string, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as object });
  return { status: res.statusCode, body: res.json() as { error: number; code?: string; data: unknown } };
}
const smsCount = async () => (await t.db.selectFrom('sms_outbox').select('id').execute()).length;
const ips = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];

describe('SMS cost caps', () => {
  it('one phone gets at most OTP_MAX_PER_HOUR codes an hour, however many addresses ask at once', async () => {
    const phone = '0867770000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postFrom(ips[i % 4]!, '/api/otp/request', { phone })),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(t.config.OTP_MAX_PER_HOUR);
    expect(answers.filter((a) => a.body.code === 'OTP_LIMIT')).toHaveLength(20 - t.config.OTP_MAX_PER_HOUR);
    expect(await smsCount()).toBe(t.config.OTP_MAX_PER_HOUR);
  });

  it('all phones together get at most OTP_MAX_PER_HOUR_GLOBAL codes an hour; the next hour sends again', async () => {
    const before = await smsCount();
    const left = 8 - before;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postFrom(ips[i % 3]!, '/api/otp/request', { phone: `08688800${String(i).padStart(2, '0')}` }),
      ),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(left);
    const busy = answers.filter((a) => a.body.code === 'OTP_BUSY');
    expect(busy).toHaveLength(30 - left);
    expect(busy[0]!.body).toMatchObject({ message: 'ขณะนี้มีการขอรหัส OTP จำนวนมาก กรุณาลองใหม่ภายหลัง' });
    expect(await smsCount()).toBe(8);

    clock.advance(3_600_000);
    expect((await postFrom(ips[0]!, '/api/otp/request', { phone: '0868889999' })).body.error).toBe(0);
    expect(await smsCount()).toBe(9);
  });
});

describe('demo launches', () => {
  const demo = (ip: string) =>
    postFrom(ip, '/api/game/demo', { game_id: 'golden-elephant', provider_id: 'chok' });
  const demoRows = async () => (await t.db.selectFrom('game_demo_session').select('id').execute()).length;

  it('are rate-limited per address', async () => {
    const before = await demoRows();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await demo('198.51.100.7'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers[6]!.body.code).toBe('RATE_LIMITED');
    // A burst from one address gets no more than the limit either.
    const burst = await Promise.all(Array.from({ length: 12 }, () => demo('198.51.100.8')));
    expect(burst.filter((a) => a.status === 200).length).toBeLessThanOrEqual(5);
    expect((await demo('198.51.100.9')).body.error).toBe(0);
    expect(await demoRows()).toBeLessThanOrEqual(before + 11);
  });

  it('expired demo sessions are dropped when new ones are made', async () => {
    expect(await demoRows()).toBeGreaterThan(0);
    clock.advance(9 * 3_600_000);
    expect((await demo('198.51.100.10')).body.error).toBe(0);
    expect(await demoRows()).toBe(1);
  });
});
