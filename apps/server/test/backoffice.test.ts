import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { satang } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_JS_GZIP_BYTES, bundleReport } from '../../backoffice/scripts/bundle-report.mjs';
import { inTransaction } from '../src/platform/db.ts';
import { auditRows, call, createTestApp, staffToken, type TestApp } from './helpers.ts';
import { generateQr, newMember, withdraw } from './payments-fixtures.ts';
import { builtDist } from './product.ts';
import { frameOf, openSse } from './sse-fixtures.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let dist: string;
let base: string;
let entry: string;

beforeAll(async () => {
  // The console as `npm run build` built it (the global setup brought it up to date).
  dist = builtDist('backoffice');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  entry =
    /<script type="module" crossorigin src="(\/backoffice\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1] ?? '';
  expect(entry).not.toBe('');
  t = await createTestApp({ env: { BACKOFFICE_DIST: dist } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the console is served at /backoffice', () => {
  it('answers its index.html for every client route, without the member start-up payload', async () => {
    const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/login',
      '/backoffice/payments/deposits?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(built);
      expect(res.body).not.toContain('chok-startup');
    }
    const br = await get('/backoffice/members/12', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(built);
  });

  it('sends its hashed files precompressed and cached for good', async () => {
    const original = readFileSync(path.join(dist, entry.replace('/backoffice/', '')));
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(entry, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.equals(original)).toBe(true);
    }
    const plain = await get(entry);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('answers a missing file with a 404 envelope, never the page', async () => {
    for (const url of ['/backoffice/assets/index-gone.js', '/backoffice/index.html', `${entry}.br`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).not.toBe(0);
    }
  });
});

describe("the console's first screens", () => {
  // What the browser downloads before a staff member has logged in (the login screen), and the first
  // screen after login (apps/backoffice/scripts/bundle-report.mjs: the manifest's files of each and
  // what they hold, .vite/modules.json).
  let report: ReturnType<typeof bundleReport> | undefined;
  const screens = () => {
    report ??= bundleReport(dist);
    return report.routes;
  };

  it('each loads at most 250 KB of JavaScript (gzip); every section page is a chunk of its own', () => {
    for (const [screen, r] of Object.entries(screens())) {
      expect(r.js.gzip, screen).toBeGreaterThan(0);
      expect(r.js.gzip, screen).toBeLessThanOrEqual(BUDGET_JS_GZIP_BYTES);
      for (const key of r.keys) expect(key, screen).not.toMatch(/^src\/sections\/.+Page\.tsx$/);
    }
  });

  it('the login screen loads only what it needs: not the frame, the query cache, the toasts or a page', () => {
    const login = screens()['/backoffice/login']!;
    expect(login.keys).not.toContain('src/app/StaffShell.tsx');
    const ids = login.modules.map((m) => m.id);
    // The modules are listed (an empty list would let anything through).
    expect(ids).toContain('src/pages/LoginPage.tsx');
    const heavy = ids.filter((id) =>
      /^(node_modules\/(sonner|@tanstack)\/|src\/app\/(Layout|StaffShell|idle|work)\.tsx?$|src\/components\/|src\/lib\/query\.ts$)/.test(
        id,
      ),
    );
    expect(heavy).toEqual([]);
  });
});

describe('GET /api/admin/me', () => {
  it('tells the staff member, role and idle minutes; refuses anonymous and member callers', async () => {
    const token = await staffToken(t, 'finance');
    const me = await call<{ username: string; role: string; idle_minutes: number }>(
      t.app,
      'GET',
      '/api/admin/me',
      {
        token,
      },
    );
    expect(me.body.data).toMatchObject({ username: 'finance', role: 'finance', idle_minutes: 30 });
    expect((await call(t.app, 'GET', '/api/admin/me')).status).toBe(401);
    const member = await newMember(t);
    expect((await call(t.app, 'GET', '/api/admin/me', { token: member.token })).status).toBe(401);
  });
});

type Counts = {
  deposits: number | null;
  withdrawals: number | null;
  risk_holds: number | null;
  shop_orders: number | null;
  freezes: number | null;
};

async function dbCounts() {
  const n = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
  return {
    deposits: await n(
      t.db
        .selectFrom('deposit_request')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', 'in', ['open', 'review'])
        .executeTakeFirstOrThrow() as Promise<{ n: string }>,
    ),
    withdrawals: await n(
      t.db
        .selectFrom('withdrawal')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', 'in', ['pending', 'review'])
        .executeTakeFirstOrThrow() as Promise<{ n: string }>,
    ),
  };
}

describe('GET /api/admin/work/counts', () => {
  it('counts the waiting work of the roles that act on it; other counts are null', async () => {
    const m = await newMember(t);
    expect((await generateQr(t, m.token, { channel_id: 1, amount: 300 })).body.error).toBe(0);
    const expected = await dbCounts();
    expect(expected.deposits).toBeGreaterThan(0);
    const counts = async (who: 'owner' | 'finance' | 'lotto' | 'support' | 'content') =>
      (await call<Counts>(t.app, 'GET', '/api/admin/work/counts', { token: await staffToken(t, who) })).body
        .data;
    const finance = await counts('finance');
    expect(finance).toMatchObject(expected);
    expect(finance.risk_holds).toBe(0);
    expect(finance.shop_orders).toBeNull();
    expect(finance.freezes).toBe(0);
    expect(await counts('owner')).toMatchObject({ ...expected, risk_holds: 0, shop_orders: 0, freezes: 0 });
    expect(await counts('content')).toEqual({
      deposits: null,
      withdrawals: null,
      risk_holds: null,
      shop_orders: 0,
      freezes: null,
    });
    expect(await counts('support')).toEqual({
      deposits: null,
      withdrawals: null,
      risk_holds: 0,
      shop_orders: 0,
      freezes: null,
    });
    expect(await counts('lotto')).toEqual({
      deposits: null,
      withdrawals: null,
      risk_holds: null,
      shop_orders: null,
      freezes: null,
    });
    // A reconciliation freeze is waiting work for finance (the operator's alert), until it is cleared.
    const frozen = await t.db
      .insertInto('member_withdrawal_freeze')
      .values({ member_id: m.memberId, reason: 'reconciliation' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await counts('finance')).freezes).toBe(1);
    await t.db
      .updateTable('member_withdrawal_freeze')
      .set({ cleared_at: new Date(), cleared_by: 1, clear_note: 'ตรวจแล้ว' })
      .where('id', '=', frozen.id)
      .execute();
    expect((await counts('finance')).freezes).toBe(0);
    expect((await call(t.app, 'GET', '/api/admin/work/counts')).status).toBe(401);
  });
});

/** Opens the staff stream and collects its `work_counts` frames. */
async function openStaffStream(token?: string, query = '') {
  const frames: Counts[] = [];
  const stream = await openSse(`${base}/api/admin/stream${query}`, token, (block) => {
    const frame = frameOf<{ data: Counts }>(block);
    if (frame?.event === 'work_counts') frames.push(frame.data.data);
  });
  return { status: stream.status, frames, close: stream.close };
}

describe('GET /api/admin/stream', () => {
  it('refuses anonymous callers, bad tokens and a token in the URL', async () => {
    expect((await openStaffStream()).status).toBe(401);
    expect((await openStaffStream('not-a-token')).status).toBe(401);
    const member = await newMember(t);
    expect((await openStaffStream(member.token)).status).toBe(401);
    const token = await staffToken(t, 'finance');
    expect((await openStaffStream(undefined, `?access_token=${token}`)).status).toBe(400);
  });

  it('sends the counts on connect and again after deposits and withdrawals change, per role', async () => {
    const finance = await openStaffStream(await staffToken(t, 'finance'));
    const lotto = await openStaffStream(await staffToken(t, 'lotto'));
    try {
      expect(finance.status).toBe(200);
      await expect.poll(() => finance.frames.length, { timeout: 5000 }).toBe(1);
      await expect.poll(() => lotto.frames.length, { timeout: 5000 }).toBe(1);
      expect(finance.frames[0]).toMatchObject(await dbCounts());
      expect(lotto.frames[0]).toEqual({
        deposits: null,
        withdrawals: null,
        risk_holds: null,
        shop_orders: null,
        freezes: null,
      });

      // A member asks to deposit: one more deposit waits.
      const m = await newMember(t);
      const before = finance.frames[0]!.deposits!;
      expect((await generateQr(t, m.token, { channel_id: 1, amount: 400 })).body.error).toBe(0);
      await expect.poll(() => finance.frames.at(-1)?.deposits, { timeout: 5000 }).toBe(before + 1);

      // Parallel changes are counted together: each frame equals the database at some point, and the
      // last one equals it now.
      const others = await Promise.all([newMember(t), newMember(t), newMember(t)]);
      await Promise.all(others.map((o) => generateQr(t, o.token, { channel_id: 1, amount: 350 })));
      const now = await dbCounts();
      await expect.poll(() => finance.frames.at(-1)?.deposits, { timeout: 5000 }).toBe(now.deposits);
      expect(finance.frames.length).toBeLessThanOrEqual(1 + 1 + 3);

      // A reconciliation freeze reaches finance at once (the trigger of migration 066).
      const frozen = await t.db
        .insertInto('member_withdrawal_freeze')
        .values({ member_id: m.memberId, reason: 'reconciliation' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect.poll(() => finance.frames.at(-1)?.freezes, { timeout: 5000 }).toBe(1);
      await t.db.deleteFrom('member_withdrawal_freeze').where('id', '=', frozen.id).execute();

      // The lotto role acts on none of it: its counts did not change, so nothing more was sent.
      expect(lotto.frames).toHaveLength(1);
    } finally {
      await finance.close();
      await lotto.close();
    }
  });

  it('pushes a withdrawal that waits for payout', async () => {
    const finance = await openStaffStream(await staffToken(t, 'finance'));
    try {
      await expect.poll(() => finance.frames.length, { timeout: 5000 }).toBe(1);
      const before = finance.frames[0]!.withdrawals!;
      const m = await newMember(t);
      await inTransaction(t.db, (tx) =>
        t.ledger.transfer(tx, {
          from: { system: 'sys:test' },
          to: { member: m.memberId, wallet: 1 },
          amount: satang(1000 * 100),
          kind: 'adjustment',
          idempotencyKey: `test:backoffice:${m.memberId}`,
        }),
      );
      const w = await withdraw(t, m.token, 500);
      expect(w.body.error, w.body.message).toBe(0);
      await expect.poll(() => finance.frames.at(-1)?.withdrawals, { timeout: 5000 }).toBe(before + 1);
    } finally {
      await finance.close();
    }
  });
});

describe("the payments queues page as the console's tables do", () => {
  it("answers one page, the total, and filters by the member's phone", async () => {
    const finance = await staffToken(t, 'finance');
    const members = await Promise.all([newMember(t), newMember(t), newMember(t)]);
    for (const [i, x] of members.entries()) {
      expect((await generateQr(t, x.token, { channel_id: 1, amount: 310 + i })).body.error).toBe(0);
    }
    const m = members[0]!;
    type Page = {
      items: { request_id: number; member: { phone: string } }[];
      total: number;
      page: number;
      page_size: number;
    };
    const open = await call<Page>(t.app, 'GET', '/api/admin/payments/deposits?page=1&page_size=2', {
      token: finance,
    });
    expect(open.body.data).toMatchObject({ page: 1, page_size: 2, total: (await dbCounts()).deposits });
    expect(open.body.data.items).toHaveLength(2);
    const second = await call<Page>(t.app, 'GET', '/api/admin/payments/deposits?page=2&page_size=2', {
      token: finance,
    });
    expect(second.body.data.items[0]?.request_id).toBeGreaterThan(open.body.data.items[1]!.request_id);
    const all = await call<Page>(
      t.app,
      'GET',
      `/api/admin/payments/deposits?status=cancelled&phone=${m.phone}`,
      {
        token: finance,
      },
    );
    expect(all.body.data.items.every((d) => d.member.phone === m.phone)).toBe(true);
    const nobody = await call<Page>(t.app, 'GET', '/api/admin/payments/deposits?phone=0999999990', {
      token: finance,
    });
    expect(nobody.body.data).toEqual({ items: [], total: 0, page: 1, page_size: 50 });
    const bad = await call(t.app, 'GET', '/api/admin/payments/deposits?phone=12&page_size=500', {
      token: finance,
    });
    expect(bad.body.error).not.toBe(0);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['page_size', 'phone']);
  });
});

describe('payment settings (GET/PUT /api/admin/payments/settings)', () => {
  type Settings = { withdraw_min: string; withdraw_daily_cap: string; second_approval: string };
  it('shows settings, channels and gateways to finance; only the owner changes them, audited', async () => {
    const finance = await staffToken(t, 'finance');
    const owner = await staffToken(t, 'owner');
    const page = await call<{ settings: Settings; channels: unknown[]; sandbox: { allowed: boolean } }>(
      t.app,
      'GET',
      '/api/admin/payments/settings',
      { token: finance },
    );
    expect(page.body.error).toBe(0);
    expect(page.body.data.channels.length).toBeGreaterThan(0);
    const before = page.body.data.settings;
    expect(
      (await call(t.app, 'PUT', '/api/admin/payments/settings', { token: finance, body: {} })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/admin/payments/settings', { token: await staffToken(t, 'lotto') }))
        .status,
    ).toBe(403);

    const tooHigh = await call(t.app, 'PUT', '/api/admin/payments/settings', {
      token: owner,
      body: { withdraw_min: Number.parseFloat(before.withdraw_daily_cap) + 1 },
    });
    expect(tooHigh.body).toMatchObject({ code: 'PAYMENT_WITHDRAW_LIMITS', error: 2600 });
    expect(tooHigh.body.fields).toHaveProperty('withdraw_min');
    const bad = await call(t.app, 'PUT', '/api/admin/payments/settings', {
      token: owner,
      body: { second_approval: 0 },
    });
    expect(bad.body.fields).toHaveProperty('second_approval');

    const changed = await call<Settings>(t.app, 'PUT', '/api/admin/payments/settings', {
      token: owner,
      body: { second_approval: 25000 },
    });
    expect(changed.body.data.second_approval).toBe('25000.00');
    const audit = await auditRows(t, { action: 'payments.settings' }, ['action', 'before', 'after']);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ second_approval_satang: 2_500_000 });
    const restored = await call<Settings>(t.app, 'PUT', '/api/admin/payments/settings', {
      token: owner,
      body: { second_approval: Number.parseFloat(before.second_approval) },
    });
    expect({ ...restored.body.data, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('the owner switches a deposit channel and sets its limits; a member is held to them at once', async () => {
    const owner = await staffToken(t, 'owner');
    const finance = await staffToken(t, 'finance');
    const put = (body: object, token = owner) =>
      call<{ enabled: boolean; min: string; max: string }>(t.app, 'PUT', '/api/admin/payments/channels/1', {
        token,
        body,
      });
    expect((await put({ enabled: false }, finance)).status).toBe(403);
    expect((await put({ min: 500, max: 100 })).body.fields).toHaveProperty('min');
    const m = await newMember(t);
    const limited = await put({ min: 500 });
    expect(limited.body.data.min).toBe('500.00');
    const small = await generateQr(t, m.token, { channel_id: 1, amount: 300 });
    expect(small.body.code).toBe('DEPOSIT_AMOUNT_RANGE');
    const off = await put({ enabled: false, min: 100 });
    expect(off.body.data).toMatchObject({ enabled: false, min: '100.00' });
    expect((await generateQr(t, m.token, { channel_id: 1, amount: 300 })).body.code).toBe(
      'PAYMENT_CHANNEL_DISABLED',
    );
    expect((await put({ enabled: true })).body.data.enabled).toBe(true);
    const audit = await auditRows(t, { action: 'payments.channel' }, ['after']);
    expect(audit.map((a) => a.after)).toEqual([
      { min_satang: 50_000 },
      { enabled: false, min_satang: 10_000 },
      { enabled: true },
    ]);
  });

  it('finance adds a PromptPay ID on a receiving bank account and switches it off; bad IDs get Thai field errors', async () => {
    const finance = await staffToken(t, 'finance');
    const bank = await t.db
      .selectFrom('agent_bank_account')
      .select('id')
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    const add = (body: object) =>
      call<{ id: number; proxy_id: string; is_active: boolean }>(
        t.app,
        'POST',
        '/api/admin/payments/promptpay',
        {
          token: finance,
          body: { bank_account_id: bank.id, account_name: 'บจก. โชคดี', ...body },
        },
      );
    expect((await add({ proxy_type: 'phone', proxy_id: '12345' })).body.fields?.proxy_id).toBe(
      'เบอร์พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก ขึ้นต้นด้วย 0',
    );
    expect((await add({ proxy_type: 'tax_id', proxy_id: '01055' })).body.fields?.proxy_id).toBe(
      'เลขประจำตัวผู้เสียภาษีต้องมี 13 หลัก',
    );
    expect(
      (await add({ proxy_type: 'tax_id', proxy_id: '0105556012345', bank_account_id: 999_999 })).body.fields,
    ).toHaveProperty('bank_account_id');
    const created = await add({ proxy_type: 'tax_id', proxy_id: '0-1055-56012-34-5' });
    expect(created.body.data).toMatchObject({ proxy_id: '0105556012345', is_active: true });
    expect((await add({ proxy_type: 'tax_id', proxy_id: '0105556012345' })).body.fields?.proxy_id).toBe(
      'หมายเลขพร้อมเพย์นี้มีอยู่แล้ว',
    );
    const off = await call<{ is_active: boolean }>(
      t.app,
      'PUT',
      `/api/admin/payments/promptpay/${created.body.data.id}`,
      {
        token: finance,
        body: { is_active: false },
      },
    );
    expect(off.body.data.is_active).toBe(false);
    const page = await call<{ promptpay: { id: number; is_active: boolean; bank_account_id: number }[] }>(
      t.app,
      'GET',
      '/api/admin/payments/settings',
      { token: finance },
    );
    expect(page.body.data.promptpay.find((p) => p.id === created.body.data.id)).toMatchObject({
      is_active: false,
      bank_account_id: bank.id,
    });
    const audit = await auditRows(t, { entity: 'promptpay_account', entityId: created.body.data.id }, [
      'action',
    ]);
    expect(audit.map((a) => a.action)).toEqual(['payments.promptpay_create', 'payments.promptpay_update']);
  });
});
