import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../src/modules/admin/staff.ts';
import { PUBLIC_CHANGED_TOPIC } from '../src/modules/content/published.ts';
import { verifyAuditChain } from '../src/platform/audit.ts';
import { demoStaff } from '../src/seed/demo.ts';
import { call, createTestApp, FixedClock, staffToken, type TestApp } from './helpers.ts';

let t: TestApp;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const login = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
    body: { phone: '0811111111', password: 'demo1234' },
  });
  memberToken = login.body.data.access_token;
});
afterAll(async () => {
  await t.close();
});

/**
 * Resolves once this app's event bus has dispatched every content announcement committed before the
 * call: a marker published now comes after them (one LISTEN connection hears notifications in commit
 * order), and the cache's listener, registered first, has dropped the cache for each by then. An
 * earlier edit's announcement may still be on its way when a test moves on; a read in between would
 * fill the cache that it then drops.
 */
async function contentAnnouncementsHeard(): Promise<void> {
  const marker = randomUUID();
  let off = () => {};
  const heard = new Promise<void>((resolve) => {
    off = t.app.events.listen(PUBLIC_CHANGED_TOPIC, (_event, data) => {
      if ((data as { marker?: string }).marker === marker) resolve();
    });
  });
  await t.app.events.publish(t.db, PUBLIC_CHANGED_TOPIC, 'changed', { marker });
  await heard.finally(() => off());
}

describe('operator content, from the database', () => {
  it('agent config answers error 0 with the seeded logo and contact URLs', async () => {
    const res = await call(t.app, 'POST', '/api/agent/config', { body: {} });
    expect(res.body).toMatchObject({
      error: 0,
      data: {
        agent_id: 34,
        agent_code: 'chok',
        info: {
          agent_logo: '/brand/logo.svg',
          line_admin_url: 'https://line.me/R/ti/p/@chok-admin',
          line_contact_url: 'https://line.me/R/ti/p/@chok',
        },
      },
    });
    const wrong = await call(t.app, 'POST', '/api/agent/config', { body: { agent_code: 'other' } });
    expect(wrong.body).toMatchObject({ error: 1100, code: 'AGENT_NOT_FOUND' });
  });

  it('validates the agent code', async () => {
    expect((await call(t.app, 'GET', '/api/agent/validate?code=chok')).body.data).toEqual({
      valid: true,
      agent_id: 34,
      agent_code: 'chok',
    });
    expect((await call(t.app, 'GET', '/api/agent/validate?code=nope')).body.code).toBe('AGENT_NOT_FOUND');
  });

  it('lists bank and TrueMoney accounts to members only', async () => {
    expect((await call(t.app, 'POST', '/api/agent/bank_accounts')).status).toBe(401);
    const banks = await call<{ bank_short: string; account_no: string }[]>(
      t.app,
      'POST',
      '/api/agent/bank_accounts',
      {
        token: memberToken,
      },
    );
    expect(banks.body.data.map((b) => b.bank_short)).toEqual(['KBANK', 'SCB']);
    const tm = await call<{ phone: string }[]>(t.app, 'POST', '/api/agent/true_money_accounts', {
      token: memberToken,
    });
    expect(tm.body.data).toHaveLength(1);
  });

  it('lists notifications of type 1 and others, banners, events and promotions', async () => {
    const n = await call<{ type: number }[]>(t.app, 'GET', '/api/notifications?agent_code=chok&page=1');
    expect(n.body.data.filter((x) => x.type === 1).length).toBeGreaterThan(0);
    expect(n.body.data.filter((x) => x.type !== 1).length).toBeGreaterThan(0);
    expect((await call<unknown[]>(t.app, 'GET', '/api/banner?agent_code=chok')).body.data.length).toBe(3);
    expect((await call<unknown[]>(t.app, 'GET', '/api/event/list')).body.data.length).toBe(2);
    expect((await call<unknown[]>(t.app, 'GET', '/api/event/list?agent_code=chok')).body.data.length).toBe(2);
    expect((await call<unknown[]>(t.app, 'GET', '/api/promotion/list')).body.data.length).toBe(3);
    expect((await call(t.app, 'GET', '/api/banner?agent_code=zzz')).body.code).toBe('AGENT_NOT_FOUND');
  });
});

describe('operator console API', () => {
  it('staff log in with password and a single-use TOTP code', async () => {
    const owner = demoStaff[0];
    const now = Date.now();
    const code = totpFor(owner.totp_secret).generate({ timestamp: now });
    const bad = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'owner', password: owner.password, totp: code === '000000' ? '111111' : '000000' },
    });
    expect(bad.body.code).toBe('STAFF_LOGIN_FAILED');
    const wrongPass = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'owner', password: 'nope', totp: code },
    });
    expect(wrongPass.body.code).toBe('STAFF_LOGIN_FAILED');
    const ok = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'owner', password: owner.password, totp: code },
    });
    expect(ok.body).toMatchObject({ error: 0, data: { staff: { username: 'owner', role: 'owner' } } });
    const replay = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'owner', password: owner.password, totp: code },
    });
    expect(replay.body.code).toBe('STAFF_LOGIN_FAILED');
  });

  it('nothing under /api/admin answers without a staff session or to a member token', async () => {
    expect((await call(t.app, 'GET', '/api/admin/content/banners')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/content/banners', { token: memberToken })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/sms/outbox', { token: memberToken })).status).toBe(401);
  });

  it('roles are enforced', async () => {
    const content = await staffToken(t, 'content');
    expect((await call(t.app, 'GET', '/api/admin/content/banners', { token: content })).status).toBe(200);
    const denied = await call(t.app, 'GET', '/api/admin/content/bank_accounts', { token: content });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await call(t.app, 'GET', '/api/admin/sms/outbox', { token: content })).status).toBe(403);
  });

  it('creates and edits content that members then see, with an intact audit chain', async () => {
    const token = await staffToken(t, 'content');
    const created = await call<{ id: number; title: string }>(
      t.app,
      'POST',
      '/api/admin/content/notifications',
      {
        token,
        body: { type: 1, title: 'ประกาศใหม่', description: 'ทดสอบ', image: null },
      },
    );
    expect(created.body.error).toBe(0);
    const id = created.body.data.id;
    let list = await call<{ id: number; title: string }[]>(t.app, 'GET', '/api/notifications');
    expect(list.body.data.find((n) => n.id === id)?.title).toBe('ประกาศใหม่');

    const edited = await call(t.app, 'PUT', `/api/admin/content/notifications/${id}`, {
      token,
      body: { title: 'ประกาศแก้ไข', is_active: false },
    });
    expect(edited.body.error).toBe(0);
    list = await call(t.app, 'GET', '/api/notifications');
    expect(list.body.data.find((n) => n.id === id)).toBeUndefined();
    const adminList = await call<{ id: number; title: string; is_active: boolean }[]>(
      t.app,
      'GET',
      '/api/admin/content/notifications',
      { token },
    );
    expect(adminList.body.data.find((n) => n.id === id)).toMatchObject({
      title: 'ประกาศแก้ไข',
      is_active: false,
    });

    const missing = await call(t.app, 'PUT', '/api/admin/content/notifications/999999', {
      token,
      body: { title: 'x' },
    });
    expect(missing.body.code).toBe('RECORD_NOT_FOUND');
    const invalid = await call(t.app, 'POST', '/api/admin/content/banners', {
      token,
      body: { title: '', image: '' },
    });
    expect(invalid.body.code).toBe('VALIDATION_FAILED');

    const config = await call(t.app, 'PUT', '/api/admin/agent/config', {
      token,
      body: { line_contact_url: 'https://line.me/R/ti/p/@new' },
    });
    expect(config.body.error).toBe(0);
    const pub = await call<{ info: { line_contact_url: string; agent_logo: string } }>(
      t.app,
      'POST',
      '/api/agent/config',
      { body: {} },
    );
    expect(pub.body.data.info).toMatchObject({
      line_contact_url: 'https://line.me/R/ti/p/@new',
      agent_logo: '/brand/logo.svg',
    });

    const audit = await t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['content.create', 'content.update', 'agent.update']);
    expect(audit[1]).toMatchObject({ actor_type: 'staff', entity: 'notification', entity_id: String(id) });
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('finance edits bank accounts; a duplicate account is refused', async () => {
    const token = await staffToken(t, 'finance');
    const dup = await call(t.app, 'POST', '/api/admin/content/bank_accounts', {
      token,
      body: { bank_code: '004', account_no: '0481234567', account_name: 'ซ้ำ' + ' บัญชี' },
    });
    expect(dup.body.code).toBe('DUPLICATE_RECORD');
    const unknownBank = await call(t.app, 'POST', '/api/admin/content/bank_accounts', {
      token,
      body: { bank_code: '999', account_no: '0481234599', account_name: 'ธนาคาร ไม่มี' },
    });
    expect(unknownBank.body.code).toBe('BANK_NOT_SUPPORTED');
    const ok = await call(t.app, 'POST', '/api/admin/content/bank_accounts', {
      token,
      body: { bank_code: '025', account_no: '0481234568', account_name: 'บจก. โชคดี' },
    });
    expect(ok.body.error).toBe(0);
    const banks = await call<{ bank_short: string }[]>(t.app, 'POST', '/api/agent/bank_accounts', {
      token: memberToken,
    });
    expect(banks.body.data.map((b) => b.bank_short)).toContain('BAY');
  });

  it('support reads the SMS outbox', async () => {
    await call(t.app, 'POST', '/api/otp/request', { body: { phone: '0845556666' } });
    const token = await staffToken(t, 'support');
    const res = await call<{ phone: string; body: string }[]>(
      t.app,
      'GET',
      '/api/admin/sms/outbox?phone=0845556666',
      { token },
    );
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]!.body).toMatch(/รหัส OTP สมัครสมาชิก: \d{6} \(รหัสอ้างอิง [A-Z]{4}\)/);
  });

  it('finance reads a clean reconciliation of the seeded ledger', async () => {
    const token = await staffToken(t, 'finance');
    const res = await call<{ mismatches: unknown[]; net: string; member_accounts: number }>(
      t.app,
      'GET',
      '/api/admin/ledger/reconciliation',
      { token },
    );
    expect(res.body.data.mismatches).toEqual([]);
    expect(res.body.data.net).toBe('0.00');
    expect(res.body.data.member_accounts).toBeGreaterThanOrEqual(9);
  });

  it('serves notifications and banners only inside their window, by priority, from a 60 s cache', async () => {
    const token = await staffToken(t, 'content');
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const post = (kind: string, body: object) =>
      call<{ id: number }>(t.app, 'POST', `/api/admin/content/${kind}`, { token, body });
    const past = await post('notifications', {
      type: 2,
      title: 'หมดเวลาแล้ว',
      start_at: at(-2 * hour),
      end_at: at(-hour),
    });
    const future = await post('notifications', { type: 2, title: 'ยังไม่ถึงเวลา', start_at: at(hour) });
    const urgent = await post('notifications', { type: 1, title: 'สำคัญที่สุด', priority: 50, end_at: at(hour) });
    const banner = await post('banners', {
      title: 'แบนเนอร์ชั่วคราว',
      image: '/b.png',
      sort_order: 7,
      end_at: at(hour),
    });
    const expired = await post('banners', { title: 'แบนเนอร์เก่า', image: '/b.png', end_at: at(-hour) });
    for (const r of [past, future, urgent, banner, expired]) expect(r.body.error).toBe(0);
    const bad = await post('notifications', {
      type: 2,
      title: 'ช่วงเวลาผิด',
      start_at: at(hour),
      end_at: at(-hour),
    });
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { end_at: 'เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่ม' },
    });
    const badEdit = await call(t.app, 'PUT', `/api/admin/content/notifications/${future.body.data.id}`, {
      token,
      body: { end_at: at(-3 * hour) },
    });
    expect(badEdit.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { end_at: 'เวลาสิ้นสุดต้องอยู่หลังเวลาเริ่ม' },
    });

    const list = await call<{ id: number; priority: number; end_at: string | null }[]>(
      t.app,
      'GET',
      '/api/notifications',
    );
    const ids = list.body.data.map((n) => n.id);
    expect(ids[0]).toBe(urgent.body.data.id);
    expect(ids).not.toContain(past.body.data.id);
    expect(ids).not.toContain(future.body.data.id);
    const banners = await call<{ id: number; order: number }[]>(t.app, 'GET', '/api/banner');
    expect(banners.body.data.find((b) => b.id === banner.body.data.id)).toMatchObject({ order: 7 });
    expect(banners.body.data.map((b) => b.id)).not.toContain(expired.body.data.id);

    // An edit sends only what changes: the rest keeps its value (no create-time default fills it in).
    const retitled = await call<{ priority: number; end_at: string | null; description: string }>(
      t.app,
      'PUT',
      `/api/admin/content/notifications/${urgent.body.data.id}`,
      { token, body: { description: 'รายละเอียด' } },
    );
    expect(retitled.body.data).toMatchObject({ priority: 50, description: 'รายละเอียด' });
    expect(retitled.body.data.end_at).not.toBeNull();
    await contentAnnouncementsHeard();
    const announcements: unknown[] = [];
    const off = t.app.events.listen(PUBLIC_CHANGED_TOPIC, (_event, data) => announcements.push(data));
    const onlyTitle = await call<{ priority: number; description: string; is_active: boolean }>(
      t.app,
      'PUT',
      `/api/admin/content/notifications/${urgent.body.data.id}`,
      { token, body: { title: 'สำคัญที่สุด' } },
    );
    expect(onlyTitle.body.data).toMatchObject({ priority: 50, description: 'รายละเอียด', is_active: true });
    // The edit is announced to every process (which each drop their cache on it).
    await contentAnnouncementsHeard();
    off();
    expect(announcements).toContainEqual({ kind: 'notifications' });
    // A row changed behind the operator API shows after the cache's minute, not before.
    await call(t.app, 'GET', '/api/notifications');
    await t.db
      .updateTable('notification')
      .set({ title: 'แก้ตรงในฐานข้อมูล' })
      .where('id', '=', urgent.body.data.id)
      .execute();
    const again = await call<{ id: number; title: string }[]>(t.app, 'GET', '/api/notifications');
    expect(again.body.data[0]?.title).toBe('สำคัญที่สุด');
  });
});

describe("the public reads' 60 s cache (docs/rules/engagement.md §13)", () => {
  it("runs on the app's clock: a row changed behind the operator API shows once its minute has passed", async () => {
    const clock = new FixedClock(new Date());
    const c = await createTestApp({ clock });
    try {
      const first = await call<{ id: number; title: string }[]>(c.app, 'GET', '/api/notifications');
      const row = first.body.data[0]!;
      await c.db
        .updateTable('notification')
        .set({ title: 'แก้ตรงในฐานข้อมูล' })
        .where('id', '=', row.id)
        .execute();
      clock.advance(59_000);
      const cached = await call<{ id: number; title: string }[]>(c.app, 'GET', '/api/notifications');
      expect(cached.body.data.find((n) => n.id === row.id)?.title).toBe(row.title);
      clock.advance(2_000);
      const fresh = await call<{ id: number; title: string }[]>(c.app, 'GET', '/api/notifications');
      expect(fresh.body.data.find((n) => n.id === row.id)?.title).toBe('แก้ตรงในฐานข้อมูล');
    } finally {
      await c.close();
    }
  });
});
