import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../src/modules/admin/staff.ts';
import { demoStaff } from '../src/seed/demo.ts';
import { call, createTestApp, FixedClock, lastOtp, registerMember, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function memberCount(): Promise<number> {
  const r = await t.db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('a new member', () => {
  it('requests an OTP, registers, logs in, reads info and wallets, changes password, logs out', async () => {
    const phone = '0891234567';
    const otpRes = await call<{ ref: string; expires_in: number }>(t.app, 'POST', '/api/otp/request', {
      body: { phone, purpose: 'register' },
    });
    expect(otpRes.status).toBe(200);
    expect(otpRes.body.error).toBe(0);
    expect(otpRes.body.data.expires_in).toBe(300);
    const sms = await t.db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`รหัสอ้างอิง ${otpRes.body.data.ref}`);

    const reg = await call<{ access_token: string; member_id: number }>(t.app, 'POST', '/api/register', {
      body: {
        phone,
        otp: await lastOtp(t.db, phone),
        password: 'first-pass-1',
        bank_code: '014',
        account_no: '5550001111',
        account_name: 'นายทดสอบ ระบบดี',
        line_id: 'tester',
      },
    });
    expect(reg.body).toMatchObject({ error: 0 });
    expect(reg.body.data.access_token.length).toBeGreaterThan(30);

    const login = await call<{ access_token: string; token_type: string; user: Record<string, unknown> }>(
      t.app,
      'POST',
      '/api/login',
      { body: { phone, password: 'first-pass-1' } },
    );
    expect(login.body.error).toBe(0);
    expect(login.body.data.token_type).toBe('Bearer');
    const token = login.body.data.access_token;

    const info = await call<Record<string, unknown>>(t.app, 'GET', '/api/get_user_info', { token });
    // The login answers the member the client stores (docs/rules/member-site.md §4.5): the same
    // object get_user_info answers.
    expect(login.body.data.user).toEqual(info.body.data);
    expect(info.body.data).toMatchObject({
      phone,
      name: 'นายทดสอบ ระบบดี',
      bank_code: '014',
      bank_short: 'SCB',
      account_no: '5550001111',
      line_id: 'tester',
      sub_bank_account: phone,
      agent_code: 'chok',
    });

    const wallets = await call<{ wallet_type_id: number; balance: string; wallet_name: string }[]>(
      t.app,
      'POST',
      '/api/member/wallets',
      { token },
    );
    expect(wallets.body.data.map((w) => [w.wallet_type_id, w.wallet_name, w.balance])).toEqual([
      [1, 'กระเป๋าหลัก', '0.00'],
      [2, 'กระเป๋าโบนัส', '0.00'],
      [3, 'เครดิตฟรี', '0.00'],
    ]);

    const change = await call(t.app, 'POST', '/api/member/change_password', {
      token,
      body: { old_password: 'first-pass-1', new_password: 'second-pass-2' },
    });
    expect(change.body.error).toBe(0);
    // The registration session was another session: changing the password revoked it.
    expect(
      (await call(t.app, 'GET', '/api/get_user_info', { token: reg.body.data.access_token })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/login', { body: { phone, password: 'first-pass-1' } })).body.code,
    ).toBe('LOGIN_FAILED');

    const out = await call(t.app, 'POST', '/api/logout', { token });
    expect(out.body.error).toBe(0);
    const after = await call(t.app, 'GET', '/api/get_user_info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await call(t.app, 'POST', '/api/member/wallets', { token })).status).toBe(401);

    const again = await call(t.app, 'POST', '/api/login', { body: { phone, password: 'second-pass-2' } });
    expect(again.body.error).toBe(0);
  });
});

describe('refusals change nothing', () => {
  it('wrong password', async () => {
    const m = await registerMember(t);
    const before = await t.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    const res = await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: 'nope-nope' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: 1300,
      code: 'LOGIN_FAILED',
      message: 'เบอร์โทรศัพท์หรือรหัสผ่านไม่ถูกต้อง',
    });
    const after = await t.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(after).toHaveLength(before.length);
    // an unknown phone answers the same way
    const unknown = await call(t.app, 'POST', '/api/login', { body: { phone: '0800000009', password: 'x' } });
    expect(unknown.body.code).toBe('LOGIN_FAILED');
  });

  it('duplicate phone, at OTP request and at registration', async () => {
    const m = await registerMember(t);
    const otp = await call(t.app, 'POST', '/api/otp/request', {
      body: { phone: m.phone, purpose: 'register' },
    });
    expect(otp.body).toMatchObject({ error: 1200, code: 'PHONE_TAKEN' });
    expect(otp.body.fields).toHaveProperty('phone');
    const count = await memberCount();
    const reg = await call(t.app, 'POST', '/api/register', {
      body: {
        phone: m.phone,
        otp: '123456',
        password: 'whatever1',
        bank_code: '004',
        account_no: '9998887776',
        account_name: 'ซ้ำ ซ้อน',
      },
    });
    expect(reg.body.code).toBe('PHONE_TAKEN');
    expect(await memberCount()).toBe(count);
  });

  it('duplicate bank account keeps the OTP usable and creates nobody', async () => {
    await registerMember(t, { bank_code: '006', account_no: '1231231231' });
    const phone = '0861112222';
    await call(t.app, 'POST', '/api/otp/request', { body: { phone } });
    const otp = await lastOtp(t.db, phone);
    const count = await memberCount();
    const body = {
      phone,
      otp,
      password: 'pass-word-9',
      bank_code: '006',
      account_no: '1231231231',
      account_name: 'คนใหม่ ครับ',
    };
    const dup = await call(t.app, 'POST', '/api/register', { body });
    expect(dup.body).toMatchObject({ error: 1201, code: 'BANK_ACCOUNT_TAKEN' });
    expect(dup.body.fields).toHaveProperty('account_no');
    expect(await memberCount()).toBe(count);
    const accounts = await t.db
      .selectFrom('ledger_account')
      .select('id')
      .where('kind', '=', 'member_wallet')
      .execute();
    const ok = await call(t.app, 'POST', '/api/register', { body: { ...body, account_no: '1231231232' } });
    expect(ok.body.error).toBe(0);
    const accountsAfter = await t.db
      .selectFrom('ledger_account')
      .select('id')
      .where('kind', '=', 'member_wallet')
      .execute();
    expect(accountsAfter.length).toBe(accounts.length + 3);
  });

  it('bad OTP is counted, then locked after five tries', async () => {
    const phone = '0862223333';
    await call(t.app, 'POST', '/api/otp/request', { body: { phone } });
    const good = await lastOtp(t.db, phone);
    const wrong = good === '000000' ? '111111' : '000000';
    const body = {
      phone,
      otp: wrong,
      password: 'pass-word-9',
      bank_code: '002',
      account_no: '4445556667',
      account_name: 'ผิด รหัส',
    };
    const first = await call(t.app, 'POST', '/api/register', { body });
    expect(first.body).toMatchObject({ error: 1202, code: 'OTP_INVALID', message: 'รหัส OTP ไม่ถูกต้อง' });
    expect(first.body.fields).toHaveProperty('otp');
    for (let i = 0; i < 4; i++) await call(t.app, 'POST', '/api/register', { body });
    const withGood = await call(t.app, 'POST', '/api/register', { body: { ...body, otp: good } });
    expect(withGood.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const m = await t.db.selectFrom('member').select('id').where('phone', '=', phone).execute();
    expect(m).toHaveLength(0);
  });

  it('an OTP cannot be reused and resends wait for the cooldown', async () => {
    const phone = '0863334444';
    await call(t.app, 'POST', '/api/otp/request', { body: { phone } });
    const again = await call(t.app, 'POST', '/api/otp/request', { body: { phone } });
    expect(again.body.code).toBe('OTP_COOLDOWN');
    expect(again.body.message).toMatch(/^กรุณารอ \d+ วินาทีก่อนขอรหัส OTP ใหม่$/);
    const otp = await lastOtp(t.db, phone);
    const body = {
      phone,
      otp,
      password: 'pass-word-9',
      bank_code: '002',
      account_no: '4445556668',
      account_name: 'ครั้ง เดียว',
    };
    expect((await call(t.app, 'POST', '/api/register', { body })).body.error).toBe(0);
    const reuse = await call(t.app, 'POST', '/api/register', {
      body: { ...body, phone: '0863334445', account_no: '4445556669' },
    });
    expect(reuse.body.error).not.toBe(0);
  });

  it('malformed JSON and wrong types are HTTP 400 with a clear message; form errors are 200 with fields', async () => {
    const count = await memberCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": "08',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1000, code: 'MALFORMED_REQUEST' });
    expect(res.json().message).toContain('คำขอไม่ถูกต้อง');

    const wrongType = await call(t.app, 'POST', '/api/login', { body: { phone: 812345678, password: true } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe(1000);
    expect(wrongType.body.fields).toHaveProperty('phone');

    const form = await call(t.app, 'POST', '/api/register', {
      body: { phone: '123', otp: '12', password: '1', bank_code: '004', account_no: '12', account_name: 'ก' },
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ error: 1001, code: 'VALIDATION_FAILED' });
    expect(form.body.fields).toMatchObject({
      phone: 'เบอร์โทรศัพท์ต้องเป็นตัวเลข 10 หลัก ขึ้นต้นด้วย 0',
      otp: 'รหัส OTP ต้องเป็นตัวเลข 6 หลัก',
      password: 'รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร',
      account_no: 'เลขบัญชีต้องเป็นตัวเลข 10-15 หลัก',
    });
    expect(await memberCount()).toBe(count);
  });

  it('locks login after repeated failures', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: 'bad-guess' } });
      expect(r.body.code).toBe('LOGIN_FAILED');
    }
    const fifth = await call(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: 'bad-guess' },
    });
    expect(fifth.body).toMatchObject({
      code: 'LOGIN_LOCKED',
      message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณาลองใหม่ในอีก 15 นาที',
    });
    const right = await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: m.password } });
    expect(right.body.code).toBe('LOGIN_LOCKED');
  });
});

describe('password reset', () => {
  it('reset_password sends an OTP; reset_password_v2 sets the password and revokes every session', async () => {
    const m = await registerMember(t);
    const unknown = await call(t.app, 'POST', '/api/reset_password', { body: { phone: '0870000001' } });
    expect(unknown.body.code).toBe('PHONE_NOT_REGISTERED');
    // the registration OTP was sent moments ago: wait out the cooldown by back-dating it
    await sql`UPDATE otp SET created_at = now() - interval '2 minutes' WHERE phone = ${m.phone}`.execute(
      t.db,
    );
    const step1 = await call(t.app, 'POST', '/api/reset_password', { body: { phone: m.phone } });
    expect(step1.body.error).toBe(0);
    const otp = await lastOtp(t.db, m.phone);
    const step2 = await call(t.app, 'POST', '/api/reset_password_v2', {
      body: { phone: m.phone, otp, password: 'brand-new-7' },
    });
    expect(step2.body.error).toBe(0);
    expect((await call(t.app, 'GET', '/api/get_user_info', { token: m.token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: 'brand-new-7' } })).body
        .error,
    ).toBe(0);
    const replay = await call(t.app, 'POST', '/api/reset_password_v2', {
      body: { phone: m.phone, otp, password: 'other-pass-8' },
    });
    expect(replay.body.code).toBe('OTP_EXPIRED');
  });
});

describe('account checks and the TrueMoney number', () => {
  it('check_account reports taken phones and bank accounts and warns on unusual lengths', async () => {
    const m = await registerMember(t, { bank_code: '030', account_no: '123456789012' });
    const taken = await call(t.app, 'POST', '/api/check_account', {
      body: { phone: m.phone, bank_code: '030', account_no: '123456789012' },
    });
    expect(taken.body.data).toEqual({
      phone_registered: true,
      bank_account_registered: true,
      account_no_warning: null,
    });
    const free = await call(t.app, 'POST', '/api/check_account', {
      body: { bank_code: '030', account_no: '1234567890' },
    });
    expect(free.body.data).toMatchObject({ phone_registered: null, bank_account_registered: false });
    expect(free.body.data).toHaveProperty(
      'account_no_warning',
      'เลขบัญชีธนาคารออมสินส่วนใหญ่มี 12 หลัก กรุณาตรวจสอบอีกครั้ง',
    );
    const bad = await call(t.app, 'POST', '/api/check_account', {
      body: { bank_code: '999', account_no: '1234567890' },
    });
    expect(bad.body.code).toBe('BANK_NOT_SUPPORTED');
  });

  it('update_sub_bank_account is unique across members', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const set = await call(t.app, 'POST', '/api/member/update_sub_bank_account', {
      token: a.token,
      body: { sub_bank_account: '0991112222' },
    });
    expect(set.body).toMatchObject({ error: 0, data: { sub_bank_account: '0991112222' } });
    const clash = await call(t.app, 'POST', '/api/member/update_sub_bank_account', {
      token: b.token,
      body: { sub_bank_account: '0991112222' },
    });
    expect(clash.body.code).toBe('SUB_ACCOUNT_TAKEN');
  });
});

describe('session expiry', () => {
  it('an idle token and an absolutely expired token are 401', async () => {
    const clock = new FixedClock(new Date());
    const c = await createTestApp({ clock, seed: true });
    try {
      const login = async () =>
        (
          await call<{ access_token: string }>(c.app, 'POST', '/api/login', {
            body: { phone: '0811111111', password: 'demo1234' },
          })
        ).body.data.access_token;
      const idle = await login();
      clock.advance(11 * 3_600_000);
      expect((await call(c.app, 'GET', '/api/get_user_info', { token: idle })).status).toBe(200);
      clock.advance(12 * 3_600_000 + 1000); // idle window is 12 h since last use
      expect((await call(c.app, 'GET', '/api/get_user_info', { token: idle })).status).toBe(401);

      const active = await login();
      for (let h = 0; h < 7 * 24; h += 6) {
        clock.advance(6 * 3_600_000);
        const r = await call(c.app, 'GET', '/api/get_user_info', { token: active });
        if (h + 6 < 7 * 24) expect(r.status).toBe(200);
        else expect(r.status).toBe(401);
      }
    } finally {
      await c.close();
    }
  });
});

describe('login lock-out under parallel requests', () => {
  const lockState = (memberId: number) =>
    t.db
      .selectFrom('member')
      .select(['failed_login_count', 'locked_until'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();

  it('50 wrong passwords sent at once all count and lock; the right password is then refused', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: 'bad-guess' } }),
      ),
    );
    expect(answers.every((a) => a.body.code === 'LOGIN_FAILED' || a.body.code === 'LOGIN_LOCKED')).toBe(true);
    expect(answers.some((a) => a.body.code === 'LOGIN_LOCKED')).toBe(true);
    const state = await lockState(m.memberId);
    expect(state.failed_login_count).toBeGreaterThanOrEqual(t.config.LOGIN_MAX_FAILURES);
    expect(state.locked_until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const right = await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: m.password } });
    expect(right.body.code).toBe('LOGIN_LOCKED');
  });

  it('a right password racing 50 wrong ones cannot erase the lock they set', async () => {
    const m = await registerMember(t);
    const wrong = () =>
      call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: 'bad-guess' } });
    const right = () => call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: m.password } });
    await Promise.all([
      ...Array.from({ length: 25 }, wrong),
      right(),
      ...Array.from({ length: 25 }, wrong),
      right(),
    ]);
    expect((await lockState(m.memberId)).locked_until!.getTime()).toBeGreaterThan(Date.now());
    expect((await right()).body.code).toBe('LOGIN_LOCKED');
  });

  it('a lapsed lock starts a fresh count, and a success clears it', async () => {
    const clock = new FixedClock(new Date());
    const c = await createTestApp({ clock, seed: true });
    try {
      const login = (password: string) =>
        call(c.app, 'POST', '/api/login', { body: { phone: '0811111111', password } });
      await Promise.all(Array.from({ length: 10 }, () => login('bad-guess')));
      expect((await login('demo1234')).body.code).toBe('LOGIN_LOCKED');
      clock.advance(14 * 60_000);
      expect((await login('demo1234')).body).toMatchObject({
        code: 'LOGIN_LOCKED',
        message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณาลองใหม่ในอีก 1 นาที',
      });
      clock.advance(60_000);
      // One wrong guess after the lock lapsed is the first of a new count, not the eleventh.
      expect((await login('bad-guess')).body.code).toBe('LOGIN_FAILED');
      expect((await login('demo1234')).body.error).toBe(0);
      const row = await c.db
        .selectFrom('member')
        .select(['failed_login_count', 'locked_until'])
        .where('phone', '=', '0811111111')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ failed_login_count: 0, locked_until: null });
    } finally {
      await c.close();
    }
  });
});

describe('staff login lock-out', () => {
  it('wrong passwords and wrong TOTP codes count, in parallel too; a locked staff account refuses the right code', async () => {
    const clock = new FixedClock(new Date());
    const c = await createTestApp({ clock, seed: true, env: { RATE_LIMIT_PER_MINUTE_STAFF_LOGIN: '10000' } });
    try {
      const [owner, finance] = [demoStaff[0], demoStaff[1]];
      const code = (secret: string) => totpFor(secret).generate({ timestamp: clock.now().getTime() });
      const staffLogin = (username: string, password: string, totp: string) =>
        call(c.app, 'POST', '/api/admin/login', { body: { username, password, totp } });

      const burst = await Promise.all(
        Array.from({ length: 50 }, () => staffLogin('owner', 'wrong-one', code(owner.totp_secret))),
      );
      expect(burst.some((a) => a.body.code === 'STAFF_LOGIN_LOCKED')).toBe(true);
      const locked = await staffLogin('owner', owner.password, code(owner.totp_secret));
      expect(locked.body).toMatchObject({
        code: 'STAFF_LOGIN_LOCKED',
        message: 'เข้าสู่ระบบผิดหลายครั้ง กรุณาลองใหม่ในอีก 15 นาที',
      });
      expect(await c.db.selectFrom('staff_session').select('id').where('staff_id', '=', 1).execute()).toEqual(
        [],
      );

      // Right password, wrong code: counted the same way.
      const good = code(finance.totp_secret);
      const wrongCode = good === '000000' ? '111111' : '000000';
      for (let i = 1; i < c.config.LOGIN_MAX_FAILURES; i++) {
        expect((await staffLogin('finance', finance.password, wrongCode)).body.code).toBe(
          'STAFF_LOGIN_FAILED',
        );
      }
      expect((await staffLogin('finance', finance.password, wrongCode)).body.code).toBe('STAFF_LOGIN_LOCKED');
      expect((await staffLogin('finance', finance.password, good)).body.code).toBe('STAFF_LOGIN_LOCKED');

      // A spent code counts too, and replaying one resets nothing.
      const lotto = demoStaff[2];
      const spent = code(lotto.totp_secret);
      expect((await staffLogin('lotto', lotto.password, spent)).body.error).toBe(0);
      const wrongLotto = spent === '000000' ? '111111' : '000000';
      for (let i = 1; i < c.config.LOGIN_MAX_FAILURES; i++) {
        expect((await staffLogin('lotto', lotto.password, wrongLotto)).body.code).toBe('STAFF_LOGIN_FAILED');
      }
      expect((await staffLogin('lotto', lotto.password, spent)).body.code).toBe('STAFF_LOGIN_LOCKED');

      clock.advance(16 * 60_000);
      const after = await staffLogin('owner', owner.password, code(owner.totp_secret));
      expect(after.body.error).toBe(0);
    } finally {
      await c.close();
    }
  });
});

describe('password rules', () => {
  const common = [
    '123456',
    '12345678',
    '111111',
    'password',
    'qwerty',
    '000000',
    '123123',
    '654321',
    'iloveyou',
  ];

  it('registration refuses common passwords, the phone number and blanks with a Thai reason, keeping the OTP usable', async () => {
    const phone = '0864445555';
    await call(t.app, 'POST', '/api/otp/request', { body: { phone } });
    const body = {
      phone,
      otp: await lastOtp(t.db, phone),
      bank_code: '004',
      account_no: '6667778889',
      account_name: 'กฎ รหัสผ่าน',
    };
    const count = await memberCount();
    const refused = async (password: string) =>
      (await call(t.app, 'POST', '/api/register', { body: { ...body, password } })).body;
    for (const password of [...common, 'PassWord', 'ๅ/-ภถุ', 'ๆไำพะั', 'abcdef', '121212', 'thailand']) {
      expect(await refused(password), password).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'รหัสผ่านนี้ถูกใช้กันทั่วไปและเดาง่าย กรุณาตั้งรหัสผ่านที่คาดเดายากกว่านี้',
        fields: { password: 'รหัสผ่านนี้ถูกใช้กันทั่วไปและเดาง่าย กรุณาตั้งรหัสผ่านที่คาดเดายากกว่านี้' },
      });
    }
    for (const password of [phone, '086-444-5555', '864445555', '66864445555']) {
      expect(await refused(password), password).toMatchObject({
        code: 'PASSWORD_IS_PHONE',
        fields: { password: 'รหัสผ่านต้องไม่ใช่เบอร์โทรศัพท์ของคุณ' },
      });
    }
    expect(await refused('      ')).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'รหัสผ่านต้องไม่เป็นช่องว่างทั้งหมด' },
    });
    expect(await memberCount()).toBe(count);
    // None of the refusals spent an OTP attempt: the code still registers.
    expect((await refused('Khao-Man-Kai-9')).error).toBe(0);
  });

  it('password change and reset apply the same rules', async () => {
    const m = await registerMember(t);
    for (const new_password of ['123456', m.phone, '       ']) {
      const r = await call(t.app, 'POST', '/api/member/change_password', {
        token: m.token,
        body: { old_password: m.password, new_password },
      });
      expect(r.body.error).not.toBe(0);
      expect(r.body.fields?.new_password).toMatch(/รหัสผ่าน/);
    }
    await sql`UPDATE otp SET created_at = now() - interval '2 minutes' WHERE phone = ${m.phone}`.execute(
      t.db,
    );
    await call(t.app, 'POST', '/api/reset_password', { body: { phone: m.phone } });
    const otp = await lastOtp(t.db, m.phone);
    for (const password of ['iloveyou', m.phone]) {
      const r = await call(t.app, 'POST', '/api/reset_password_v2', {
        body: { phone: m.phone, otp, password },
      });
      expect(r.body.code).toMatch(/^PASSWORD_(TOO_COMMON|IS_PHONE)$/);
    }
    // Nothing changed: the old password still logs in.
    expect(
      (await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: m.password } })).body
        .error,
    ).toBe(0);
  });
});
