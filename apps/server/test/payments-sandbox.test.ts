import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signSandbox } from '../src/modules/payments/gateway.ts';
import { createLedger } from '../src/modules/wallet/service.ts';
import { verifyAuditChain } from '../src/platform/audit.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb } from '../src/platform/db.ts';
import { auditRows, call, createTestApp, staffToken, type TestApp } from './helpers.ts';
import { type Deposit, depositCredits, generateQr, newMember, walletBalances } from './payments-fixtures.ts';

/** A second app on `t`'s database with other settings, as a restart with other env would be. */
async function appOn(t: TestApp, env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const { db } = createDb(t.url, 4);
  const app = await buildApp({ config, db, databaseUrl: t.url, validateResponses: true, logger: false });
  await app.ready();
  return {
    app,
    db,
    ledger: createLedger(),
    config,
    url: t.url,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

type Channels = { channel_id: number; sub_channels: { sub_channel_id: number }[] }[];
async function qrSubChannels(t: TestApp, token: string) {
  const ch = await call<Channels>(t.app, 'GET', '/api/member/payment/channels', { token });
  return ch.body.data.find((c) => c.channel_id === 3)?.sub_channels.map((s) => s.sub_channel_id) ?? [];
}

describe('a production install (SEED_DEMO=false)', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ seed: false, env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has no sandbox gateway: it is not seeded, not offered, and its pay route does not exist', async () => {
    expect(prod.config.paymentSandbox).toBe(false);
    const gw = await prod.db.selectFrom('payment_gateway').select('code').execute();
    expect(gw).toEqual([]);
    const setting = await prod.db.selectFrom('payment_setting').select('sandbox_enabled').executeTakeFirst();
    expect(setting?.sandbox_enabled).toBe(false);

    const m = await newMember(prod);
    expect(await qrSubChannels(prod, m.token)).not.toContain(2);
    const qr = await generateQr(prod, m.token, { channel_id: 3, sub_channel_id: 2, amount: 50_000 });
    expect(qr.body.error).not.toBe(0);
    expect(qr.body.code).toBe('NO_RECEIVING_ACCOUNT');

    const r = await call(prod.app, 'POST', '/api/sandbox/payments/sbx_0123456789abcdef/pay', {
      body: { amount: '50000.79' },
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 1004, code: 'NOT_FOUND', data: null });
    expect(prod.app.registeredRoutes.some((x) => x.url.startsWith('/api/sandbox/'))).toBe(false);
    expect(await walletBalances(prod.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 0 });
    // Nor does the API document offer it.
    const doc = (await prod.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/sandbox/'))).toEqual([]);
    expect(doc.paths['/api/login']).toBeDefined();
  });

  it('PAYMENT_SANDBOX=true allows the sandbox without demo data', async () => {
    const withSandbox = await createTestApp({
      seed: false,
      env: { SEED_DEMO: 'false', PAYMENT_SANDBOX: 'true' },
    });
    try {
      const m = await newMember(withSandbox);
      expect(await qrSubChannels(withSandbox, m.token)).toContain(2);
      const d = (await generateQr(withSandbox, m.token, { channel_id: 3, sub_channel_id: 2, amount: 100 }))
        .body.data;
      const r = await call(withSandbox.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {});
      expect(r.body.error).toBe(0);
      expect(await depositCredits(withSandbox.db, m.memberId)).toHaveLength(1);
    } finally {
      await withSandbox.close();
    }
  });
});

describe('an installation started with demo data, then restarted with SEED_DEMO=false', () => {
  let demo: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    prod = await appOn(demo, { SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await prod?.close();
    await demo?.close();
  });

  it('refuses a sandbox payment made under the demo: no pay route, no sandbox webhook, nothing credited', async () => {
    const m = await newMember(demo);
    const d = (await generateQr(demo, m.token, { channel_id: 3, sub_channel_id: 2, amount: 500 })).body.data;
    expect(d.gateway_ref).toMatch(/^sbx_/);
    expect(d.sandbox).toBe(true);

    const pay = await call(prod.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {});
    expect(pay.status).toBe(404);
    expect(pay.body.code).toBe('NOT_FOUND');

    // Even a correctly signed sandbox webhook is refused: the sandbox gateway is unknown here.
    const { webhook_secret } = await prod.db
      .selectFrom('payment_gateway')
      .select('webhook_secret')
      .where('code', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify({
      event_id: `evt_${d.gateway_ref}`,
      gateway_ref: d.gateway_ref,
      status: 'paid',
      amount: d.pay_amount,
    });
    const hook = await prod.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandbox(webhook_secret, raw),
      },
      payload: raw,
    });
    expect(hook.statusCode).toBe(404);
    expect(hook.json()).toMatchObject({ code: 'GATEWAY_NOT_FOUND' });

    const status = await call<Deposit>(prod.app, 'GET', '/api/member/payment/inquiry_status', {
      token: m.token,
    });
    expect(status.body.data.status).toBe('open');
    expect(status.body.data.sandbox).toBe(false);
    expect(await depositCredits(prod.db, m.memberId)).toEqual([]);
    expect(await qrSubChannels(prod, m.token)).not.toContain(2);
  });

  it('the owner cannot switch the sandbox on where the environment forbids it', async () => {
    const owner = await staffToken(prod, 'owner');
    const state = await call(prod.app, 'GET', '/api/admin/payments/sandbox', { token: owner });
    expect(state.body.data).toEqual({ enabled: false, allowed: false });
    const on = await call(prod.app, 'POST', '/api/admin/payments/sandbox', {
      token: owner,
      body: { enabled: true },
    });
    expect(on.body.code).toBe('SANDBOX_NOT_ALLOWED');
    expect(on.body.message).toMatch(/[ก-๙]/);
    expect(prod.app.registeredRoutes.some((x) => x.url.startsWith('/api/sandbox/'))).toBe(false);
  });
});

describe('the owner switches the sandbox (demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finance may read the switch but only the owner may flip it; off refuses the pay route; every flip is audited', async () => {
    const owner = await staffToken(t, 'owner');
    const finance = await staffToken(t, 'finance');
    expect((await call(t.app, 'GET', '/api/admin/payments/sandbox', { token: finance })).body.data).toEqual({
      enabled: true,
      allowed: true,
    });
    const denied = await call(t.app, 'POST', '/api/admin/payments/sandbox', {
      token: finance,
      body: { enabled: false },
    });
    expect(denied.status).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/admin/payments/sandbox', { body: { enabled: false } })).status,
    ).toBe(401);

    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 300 })).body.data;
    const off = await call(t.app, 'POST', '/api/admin/payments/sandbox', {
      token: owner,
      body: { enabled: false },
    });
    expect(off.body.data).toEqual({ enabled: false, allowed: true });
    const refused = await call(t.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('SANDBOX_DISABLED');
    expect(await depositCredits(t.db, m.memberId)).toEqual([]);
    expect(await qrSubChannels(t, m.token)).not.toContain(2);

    const on = await call(t.app, 'POST', '/api/admin/payments/sandbox', {
      token: owner,
      body: { enabled: true },
    });
    expect(on.body.data).toEqual({ enabled: true, allowed: true });
    const paid = await call(t.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {});
    expect(paid.body.error).toBe(0);
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);

    const audit = await auditRows(t, { action: 'payments.sandbox' }, ['actor_id', 'before', 'after']);
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ sandbox_enabled: true }, { sandbox_enabled: false }],
      [{ sandbox_enabled: false }, { sandbox_enabled: true }],
    ]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });
});
