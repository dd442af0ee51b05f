import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkOf } from '../src/modules/auth/otp.ts';
import { createTestApp, FixedClock, registerMember, type TestApp } from './helpers.ts';

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

  it("all phones together get at most OTP_MAX_PER_HOUR_GLOBAL codes an hour, registrations its share less the resets' reserve; the next hour sends again", async () => {
    const before = await smsCount();
    // 8 an hour, of which 20 % (2: the registrations' 6.4 rounded down) is kept for password resets.
    const left = 6 - before;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postFrom(ips[i % 3]!, '/api/otp/request', { phone: `08688800${String(i).padStart(2, '0')}` }),
      ),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(left);
    const busy = answers.filter((a) => a.body.code === 'OTP_BUSY');
    expect(busy).toHaveLength(30 - left);
    expect(busy[0]!.body).toMatchObject({ message: 'ขณะนี้มีการขอรหัส OTP จำนวนมาก กรุณาลองใหม่ภายหลัง' });
    expect(await smsCount()).toBe(6);

    clock.advance(3_600_000);
    expect((await postFrom(ips[0]!, '/api/otp/request', { phone: '0868889999' })).body.error).toBe(0);
    expect(await smsCount()).toBe(7);
  });
});

describe('OTP abuse from many addresses', () => {
  let u: TestApp;
  const uclock = new FixedClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 120_000));
  beforeAll(async () => {
    u = await createTestApp({
      clock: uclock,
      seed: false,
      env: { OTP_MAX_PER_HOUR_GLOBAL: '20', OTP_MAX_PER_HOUR_NETWORK: '3', OTP_RESEND_SECONDS: '0' },
    });
  });
  afterAll(async () => u?.close());
  const ask = async (ip: string, body: { phone: string; purpose?: string }) => {
    const res = await u.app.inject({
      method: 'POST',
      url: '/api/otp/request',
      remoteAddress: ip,
      payload: body,
    });
    return res.json() as { error: number; code?: string; message: string };
  };

  it("60 addresses spending the hour's cap on registrations still leave password reset working for a registered member", async () => {
    // Two registration OTPs.
    const member = await registerMember(u, { phone: '0861230000' });
    const other = await registerMember(u, { phone: '0861230001' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ask(`10.${i}.7.1`, { phone: `08612${String(i).padStart(5, '0')}`, purpose: 'register' }),
      ),
    );
    // 20 an hour, 20 % kept for resets: registrations get 16, two of them the members' own.
    expect(answers.filter((a) => a.error === 0)).toHaveLength(14);
    expect(answers.filter((a) => a.code === 'OTP_BUSY')).toHaveLength(46);
    for (let i = 0; i < 4; i++) {
      const reset = await ask(`10.200.${i}.1`, { phone: member.phone, purpose: 'reset_password' });
      expect(reset.error, reset.message).toBe(0);
      await uclock.advance(1_000);
    }
    // The reserve is a share of the same cap: it ends too.
    expect((await ask('10.201.0.1', { phone: other.phone, purpose: 'reset_password' })).code).toBe(
      'OTP_BUSY',
    );
  });

  it('one IPv4 /24 or IPv6 /64 asks for at most OTP_MAX_PER_HOUR_NETWORK codes an hour, whatever the phones', async () => {
    uclock.advance(3_600_000);
    const v4 = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => ask(`192.0.2.${n}`, { phone: `0862000${n}00`, purpose: 'register' })),
    );
    expect(v4.filter((a) => a.error === 0)).toHaveLength(3);
    const refused = v4.filter((a) => a.code === 'OTP_NETWORK_LIMIT');
    expect(refused).toHaveLength(2);
    expect(refused[0]!.message).toBe('มีการขอรหัส OTP จากเครือข่ายนี้มากเกินไป กรุณาลองใหม่ภายหลัง');
    expect((await ask('192.0.3.1', { phone: '0862000600', purpose: 'register' })).error).toBe(0);
    // An IPv4 address written as IPv6 is the same network.
    expect((await ask('::ffff:192.0.2.9', { phone: '0862000700', purpose: 'register' })).code).toBe(
      'OTP_NETWORK_LIMIT',
    );
    const v6 = [];
    for (const [i, ip] of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff::9',
      '2001:db8:1:2:1:2:3:4',
      '2001:db8:1:2::7',
    ].entries()) {
      v6.push(await ask(ip, { phone: `08630000${i}0`, purpose: 'register' }));
    }
    expect(v6.map((a) => a.code ?? 'OK')).toEqual(['OK', 'OK', 'OK', 'OTP_NETWORK_LIMIT']);
    expect((await ask('2001:db8:1:3::1', { phone: '0863000050', purpose: 'register' })).error).toBe(0);
  });

  it('names the network of an address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12:1::1')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('not an address')).toBeNull();
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
