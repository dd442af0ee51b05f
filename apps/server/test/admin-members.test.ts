import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, call, FixedClock, lastOtp, registerMember, type TestApp } from './helpers.ts';
import { fund } from './lotto-fixtures.ts';
import { newMember, type Withdrawal, withdraw } from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

// The operator console's member pages (its Members section): search, the member page's tabs, notes,
// lock/unlock, the reset OTP, the member's own withdrawal cap, and the paged SMS outbox.

let t: TestApp;
const clock = new FixedClock(new Date());
let support: string;
let finance: string;
let content: string;

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

const get = <T>(url: string, token = support) => call<T>(t.app, 'GET', url, { token });
const post = <T>(url: string, body: unknown, token = support) => call<T>(t.app, 'POST', url, { token, body });

/** The audit rows of `action` on one member. */
function memberAudit(action: string, memberId: number) {
  return auditRows(t, { action, entity: 'member', entityId: memberId }, [
    'actor_type',
    'actor_id',
    'action',
    'before',
    'after',
  ]);
}

/** Registers a member through the public API with a referral code. */
async function registerReferred(referralCode: string) {
  const phone = `08${String(Date.now()).slice(-6)}${String(randomInt(10, 100))}`;
  await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } });
  const reg = await call<{ member_id: number }>(t.app, 'POST', '/api/register', {
    body: {
      phone,
      otp: await lastOtp(t.db, phone),
      password: 'secret-pass-1',
      bank_code: '014',
      account_no: `9${String(Date.now()).slice(-9)}`,
      account_name: `ลูกทีม ${randomUUID().slice(0, 6)}`,
      referral_code: referralCode,
    },
  });
  expect(reg.body.error, reg.body.message).toBe(0);
  return { memberId: reg.body.data.member_id, phone };
}

beforeAll(async () => {
  ({ t, support, finance, content } = await suiteApp({ clock, staff: ['support', 'finance', 'content'] }));
});
afterAll(async () => t.close());

describe('member search and page', () => {
  it('finds a member by phone, name, account number or referral code; content may not look', async () => {
    const m = await newMember(t);
    const info = await get<{ account_no: string; referral_code: string; name: string }>(
      '/api/get_user_info',
      m.token,
    );
    const { account_no, referral_code, name } = info.body.data;
    for (const q of [
      m.phone,
      m.phone.slice(0, 7),
      name.split(' ')[1]!,
      account_no,
      referral_code.toLowerCase(),
    ]) {
      const r = await get<Page<{ id: number; phone: string }>>(
        `/api/admin/members?q=${encodeURIComponent(q)}`,
      );
      expect(r.body.error, `${q}: ${r.body.message}`).toBe(0);
      expect(
        r.body.data.items.map((i) => i.id),
        q,
      ).toContain(m.memberId);
    }
    const none = await get<Page<unknown>>('/api/admin/members?q=0000000001');
    expect(none.body.data).toEqual({ items: [], total: 0, page: 1, page_size: 50 });
    // Paging: every member, two per page.
    const p1 = await get<Page<{ id: number }>>('/api/admin/members?page=1&page_size=2');
    const p2 = await get<Page<{ id: number }>>('/api/admin/members?page=2&page_size=2');
    expect(p1.body.data.items).toHaveLength(2);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(3);
    expect(p2.body.data.items[0]!.id).toBeLessThan(p1.body.data.items[1]!.id);
    // Finance reads; content is refused; a member token is not staff.
    expect((await get(`/api/admin/members/${m.memberId}`, finance)).body.error).toBe(0);
    expect((await get('/api/admin/members', content)).status).toBe(403);
    expect((await get('/api/admin/members', m.token)).status).toBe(401);
    const bad = await get(`/api/admin/members?page_size=500`);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await get('/api/admin/members/999999')).body.code).toBe('MEMBER_NOT_FOUND');
  });

  it('shows wallets, the referral tree, risk flags and each tab', async () => {
    const upline = await newMember(t);
    const code = (await get<{ referral_code: string }>('/api/get_user_info', upline.token)).body.data
      .referral_code;
    const m = await registerReferred(code);
    const mCode = (await get<{ member: { referral_code: string } }>(`/api/admin/members/${m.memberId}`)).body
      .data.member.referral_code;
    const down = await registerReferred(mCode);
    await fund(t, m.memberId, 800);

    const page = await get<{
      member: { id: number; phone: string; status: string; status_label: string };
      wallets: { wallet_type_id: number; balance: string }[];
      referral: { upline: { id: number; level: number }[]; level1_count: number; level2_count: number };
      risk: { name_check: string; held_rewards: number; open_freezes: unknown[] };
      withdraw_cap: { member_daily_cap: string | null; default_daily_cap: string; used_today: string };
    }>(`/api/admin/members/${m.memberId}`);
    expect(page.body.error, page.body.message).toBe(0);
    const d = page.body.data;
    expect(d.member).toMatchObject({
      id: m.memberId,
      phone: m.phone,
      status: 'active',
      status_label: 'ใช้งานได้',
    });
    expect(d.wallets.find((w) => w.wallet_type_id === 1)?.balance).toBe('800.00');
    expect(d.referral.upline).toEqual([expect.objectContaining({ id: upline.memberId, level: 1 })]);
    expect(d.referral.level1_count).toBe(1);
    expect(d.risk).toMatchObject({ name_check: 'required', held_rewards: 0, open_freezes: [] });
    expect(d.withdraw_cap).toMatchObject({ member_daily_cap: null, used_today: '0.00' });

    const up = await get<{ referral: { level1_count: number; level2_count: number } }>(
      `/api/admin/members/${upline.memberId}`,
    );
    expect(up.body.data.referral).toMatchObject({ level1_count: 1, level2_count: 1 });
    const downline = await get<Page<{ id: number; downline_count: number }>>(
      `/api/admin/members/${upline.memberId}/downline`,
    );
    expect(downline.body.data.items).toEqual([
      expect.objectContaining({ id: m.memberId, downline_count: 1 }),
    ]);
    expect(down.memberId).toBeGreaterThan(m.memberId);

    const ledger = await get<Page<{ kind: string; direction: string; amount: string; description: string }>>(
      `/api/admin/members/${m.memberId}/ledger`,
    );
    expect(ledger.body.data.total).toBe(1);
    expect(ledger.body.data.items[0]).toMatchObject({ kind: 'deposit', direction: 'in', amount: '800.00' });
    for (const tab of [
      'bills',
      'rounds',
      'deposits',
      'withdrawals',
      'rewards',
      'rewards?kind=promotions',
      'notes',
    ]) {
      const r = await get<Page<unknown>>(`/api/admin/members/${m.memberId}/${tab}`);
      expect(r.body.error, `${tab}: ${r.body.message}`).toBe(0);
      expect(r.body.data.total, tab).toBe(0);
    }
  });
});

describe('member actions', () => {
  it('notes are added by support (audited), listed newest first; finance may not add one', async () => {
    const m = await newMember(t);
    const a = await post<{ id: number; body: string; staff_username: string }>(
      `/api/admin/members/${m.memberId}/notes`,
      { body: 'สมาชิกโทรแจ้งว่าไม่ได้รับ SMS' },
    );
    expect(a.body.error, a.body.message).toBe(0);
    expect(a.body.data).toMatchObject({ body: 'สมาชิกโทรแจ้งว่าไม่ได้รับ SMS', staff_username: 'support' });
    await post(`/api/admin/members/${m.memberId}/notes`, { body: 'ตรวจสอบแล้ว' });
    const list = await get<Page<{ body: string }>>(`/api/admin/members/${m.memberId}/notes`);
    expect(list.body.data.items.map((n) => n.body)).toEqual(['ตรวจสอบแล้ว', 'สมาชิกโทรแจ้งว่าไม่ได้รับ SMS']);
    const audit = await memberAudit('member.note_add', m.memberId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_type: 'staff', after: { note_id: a.body.data.id } });
    expect((await post(`/api/admin/members/${m.memberId}/notes`, { body: 'x' }, finance)).status).toBe(403);
    const empty = await post(`/api/admin/members/${m.memberId}/notes`, { body: '   ' });
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { body: 'กรุณากรอกข้อความบันทึก' } });
    expect((await get<Page<unknown>>(`/api/admin/members/${m.memberId}/notes`)).body.data.total).toBe(2);
    // Half a character (a lone surrogate) cannot be kept in the audit's JSON: a form error, not a 500.
    for (const raw of ['{"body":"โน้ต \\ud800"}', '{"body":"\\udc00 ล็อก"}']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${m.memberId}/notes`,
        headers: { authorization: `Bearer ${support}`, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { body: 'ข้อความมีอักขระที่ไม่อนุญาต' } });
    }
    expect((await get<Page<unknown>>(`/api/admin/members/${m.memberId}/notes`)).body.data.total).toBe(2);
  });

  it('lock ends every session and refuses login; unlock lets the member in again (both audited)', async () => {
    const m = await registerMember(t);
    const second = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: m.password },
    });
    expect((await get('/api/get_user_info', m.token)).status).toBe(200);
    const lock = await post<{ status: string; sessions_revoked: number }>(
      `/api/admin/members/${m.memberId}/lock`,
      {
        reason: 'สงสัยบัญชีถูกใช้งานโดยผู้อื่น',
      },
    );
    expect(lock.body.error, lock.body.message).toBe(0);
    expect(lock.body.data).toMatchObject({ status: 'suspended', sessions_revoked: 2 });
    expect((await get('/api/get_user_info', m.token)).status).toBe(401);
    expect((await get('/api/get_user_info', second.body.data.access_token)).status).toBe(401);
    const refused = await call(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: m.password },
    });
    expect(refused.body.code).toBe('ACCOUNT_SUSPENDED');
    expect((await post(`/api/admin/members/${m.memberId}/lock`, { reason: 'ซ้ำ' })).body.code).toBe(
      'MEMBER_ALREADY_SUSPENDED',
    );
    expect((await post(`/api/admin/members/${m.memberId}/reset_otp`, { reason: 'ลืมรหัส' })).body.code).toBe(
      'MEMBER_SUSPENDED_NO_RESET',
    );
    expect(await memberAudit('member.lock', m.memberId)).toEqual([
      expect.objectContaining({
        before: { status: 'active' },
        after: { status: 'suspended', reason: 'สงสัยบัญชีถูกใช้งานโดยผู้อื่น', sessions_revoked: 2 },
      }),
    ]);

    const unlock = await post<{ status: string }>(`/api/admin/members/${m.memberId}/unlock`, {
      reason: 'ยืนยันตัวตนแล้ว',
    });
    expect(unlock.body.data.status).toBe('active');
    const back = await call(t.app, 'POST', '/api/login', { body: { phone: m.phone, password: m.password } });
    expect(back.body.error, back.body.message).toBe(0);
    expect(await memberAudit('member.unlock', m.memberId)).toHaveLength(1);
    expect((await post(`/api/admin/members/${m.memberId}/unlock`, { reason: 'ซ้ำ' })).body.code).toBe(
      'MEMBER_NOT_SUSPENDED',
    );
    expect((await post(`/api/admin/members/${m.memberId}/lock`, { reason: 'x' }, finance)).status).toBe(403);
  });

  it('a reset OTP goes to the member by SMS (never to staff); the member sets a new password with it', async () => {
    const m = await registerMember(t);
    // Past the resend cooldown of the registration's OTP.
    clock.advance(61_000);
    const sent = await post<Record<string, unknown>>(`/api/admin/members/${m.memberId}/reset_otp`, {
      reason: 'สมาชิกลืมรหัสผ่าน',
    });
    expect(sent.body.error, sent.body.message).toBe(0);
    expect(Object.keys(sent.body.data).sort()).toEqual(['expires_in', 'phone', 'ref']);
    const outbox = await get<Page<{ phone: string; body: string }>>(
      `/api/admin/sms/messages?phone=${m.phone}`,
    );
    expect(outbox.body.data.total).toBe(2);
    expect(outbox.body.data.items[0]!.body).toContain('ตั้งรหัสผ่านใหม่');
    expect(outbox.body.data.items[0]!.body).toContain(`รหัสอ้างอิง ${sent.body.data.ref}`);
    const code = await lastOtp(t.db, m.phone);
    expect(JSON.stringify(sent.body)).not.toContain(code);
    const reset = await call(t.app, 'POST', '/api/reset_password_v2', {
      body: { phone: m.phone, otp: code, password: 'brand-new-pass-9' },
    });
    expect(reset.body.error, reset.body.message).toBe(0);
    expect((await get('/api/get_user_info', m.token)).status).toBe(401);
    const login = await call(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: 'brand-new-pass-9' },
    });
    expect(login.body.error).toBe(0);
    expect(await memberAudit('member.reset_otp', m.memberId)).toEqual([
      expect.objectContaining({
        after: expect.objectContaining({ phone: m.phone, ref: sent.body.data.ref }),
      }),
    ]);
    // The resend cooldown of the member's own path holds for the operator too.
    const again = await post(`/api/admin/members/${m.memberId}/reset_otp`, { reason: 'ส่งอีกครั้ง' });
    expect(again.body.code).toBe('OTP_COOLDOWN');
    // Content may not send codes or read the outbox.
    expect((await get('/api/admin/sms/messages', content)).status).toBe(403);
    const paged = await get<Page<unknown>>('/api/admin/sms/messages?page_size=1&page=2');
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.total).toBeGreaterThan(2);
  });

  it("the member's own daily cap is audited and holds against parallel withdrawals", async () => {
    const m = await newMember(t);
    await fund(t, m.memberId, 5000);
    const set = await call<{ member_daily_cap: string | null }>(
      t.app,
      'PUT',
      `/api/admin/members/${m.memberId}/withdraw_cap`,
      { token: finance, body: { daily_cap: '700', reason: 'ลูกค้าขอจำกัดยอดถอน' } },
    );
    expect(set.body.error, set.body.message).toBe(0);
    expect(set.body.data.member_daily_cap).toBe('700.00');
    expect(await memberAudit('member.withdraw_cap', m.memberId)).toEqual([
      expect.objectContaining({
        before: { daily_cap_satang: null },
        after: { daily_cap_satang: 70_000, reason: 'ลูกค้าขอจำกัดยอดถอน' },
      }),
    ]);

    const approve = async (id: number) => {
      const row = await t.db
        .selectFrom('withdrawal')
        .select('account_name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const r = await call<Withdrawal>(t.app, 'POST', `/api/admin/payments/withdrawals/${id}/approve`, {
        token: finance,
        body: { bank_ref: `KB-${id}`, bank_account_name: row.account_name },
      });
      expect(r.body.error, r.body.message).toBe(0);
    };
    // Rounds of parallel requests: whatever the interleaving, today's total never passes the cap.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(t, m.token, 300)));
      for (const a of answers.filter((x) => x.body.error !== 0)) {
        expect(['WITHDRAW_PENDING', 'WITHDRAW_DAILY_CAP']).toContain(a.body.code);
      }
      for (const a of answers.filter((x) => x.body.error === 0)) await approve(a.body.data.id);
    }
    const total = await t.db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.sum<string>('amount_satang').as('s'))
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(total.s)).toBe(60_000);
    const refused = await withdraw(t, m.token, 200);
    expect(refused.body).toMatchObject({ code: 'WITHDRAW_DAILY_CAP' });
    expect(refused.body.message).toContain('100');
    const page = await get<{ withdraw_cap: { member_daily_cap: string; used_today: string } }>(
      `/api/admin/members/${m.memberId}`,
    );
    expect(page.body.data.withdraw_cap).toMatchObject({ member_daily_cap: '700.00', used_today: '600.00' });
    const tab = await get<Page<{ status: string; amount: string }>>(
      `/api/admin/members/${m.memberId}/withdrawals`,
    );
    expect(tab.body.data.items.map((w) => [w.status, w.amount])).toEqual([
      ['paid', '300.00'],
      ['paid', '300.00'],
    ]);

    // Back to the site's default; bad input changes nothing.
    const bad = await call(t.app, 'PUT', `/api/admin/members/${m.memberId}/withdraw_cap`, {
      token: finance,
      body: { daily_cap: '-5', reason: 'x' },
    });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const cleared = await call<{ member_daily_cap: string | null }>(
      t.app,
      'PUT',
      `/api/admin/members/${m.memberId}/withdraw_cap`,
      { token: support, body: { daily_cap: null, reason: 'ยกเลิกการจำกัด' } },
    );
    expect(cleared.body.data.member_daily_cap).toBeNull();
    expect(await memberAudit('member.withdraw_cap', m.memberId)).toHaveLength(2);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/members/${m.memberId}/withdraw_cap`, {
          token: content,
          body: { daily_cap: null, reason: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});
