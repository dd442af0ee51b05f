import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hasValidCrc, parsePromptPay } from '@chok/engine/payments/promptpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { expireDeposits } from '../src/modules/payments/deposits.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import { ensureDebianTool } from './debian.ts';
import { call, createTestApp, FixedClock, type TestApp } from './helpers.ts';
import {
  basePaymentsDeps,
  type Deposit,
  depositCredits,
  depositStatus,
  generateQr,
  newMember,
} from './payments-fixtures.ts';

/** Debian's zbar-tools decodes QR images independently of the library that drew them. */
const ensureZbar = () => ensureDebianTool('/usr/bin/zbarimg', 'zbar-tools');

function decodeQr(dataUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-'));
  try {
    const file = path.join(dir, 'qr.png');
    writeFileSync(file, Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
    return execFileSync('/usr/bin/zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).replace(/\n$/, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const clock = new FixedClock(new Date('2026-03-01T07:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  ensureZbar();
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

describe('channels and info', () => {
  it('lists the three channels with the document limits and the receiving accounts', async () => {
    const m = await newMember(t);
    const ch = await call<
      { channel_id: number; min: string; max: string; sub_channels: { sub_channel_id: number }[] }[]
    >(t.app, 'GET', '/api/member/payment/channels', { token: m.token });
    expect(ch.body.error).toBe(0);
    const byId = Object.fromEntries(ch.body.data.map((c) => [c.channel_id, c]));
    expect(byId[1]).toMatchObject({ min: '100.00', max: '200000.00' });
    expect(byId[2]).toMatchObject({ min: '100.00', max: '30000.00' });
    expect(byId[3]).toMatchObject({ min: '100.00', max: '50000.00' });
    expect(byId[3]!.sub_channels.map((s) => s.sub_channel_id)).toEqual([1, 2]);

    const info = await call<{
      accounts: { kind: string; account_no: string }[];
      member_account: { account_no: string };
    }>(t.app, 'GET', '/api/member/payment/info?channel_id=1', { token: m.token });
    expect(info.body.data.accounts.map((a) => a.account_no)).toEqual(['0481234567', '4071234567']);
    expect(info.body.data.member_account.account_no).toMatch(/^\d{10,15}$/);
  });
});

describe('a PromptPay QR deposit', () => {
  it('issues a dynamic payload for the unique pay amount, and its PNG decodes back to exactly that payload', async () => {
    const m = await newMember(t);
    const r = await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 1, amount: 500 });
    expect(r.body.error).toBe(0);
    const d = r.body.data;
    expect(d.status).toBe('open');
    expect(d.status_label).toBe('รอชำระเงิน');
    expect(d.amount).toBe('500.00');
    expect(d.pay_amount).toMatch(/^500\.(0[1-9]|[1-9][0-9])$/);
    expect(new Date(d.expires_at).getTime() - new Date(d.created_at).getTime()).toBe(15 * 60_000);
    const fields = parsePromptPay(d.qr_payload!);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('29.00')).toBe('A000000677010111');
    expect(fields.get('29.01')).toBe('0066812345678');
    expect(fields.get('54')).toBe(d.pay_amount);
    expect(hasValidCrc(d.qr_payload!)).toBe(true);
    expect(decodeQr(d.qr_image!)).toBe(d.qr_payload);
    expect(d.receiving).toMatchObject({ kind: 'promptpay', account_no: '0812345678' });
  });

  it('gives concurrent requests of the same amount different pay amounts on one account', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => newMember(t)));
    const answers = await Promise.all(
      members.map((m) => generateQr(t, m.token, { channel_id: 3, sub_channel_id: 1, amount: 777 })),
    );
    for (const a of answers) expect(a.body.error).toBe(0);
    const pays = answers.map((a) => a.body.data.pay_amount);
    expect(new Set(pays).size).toBe(pays.length);
  });

  it('replays the same request for the same Idempotency-Key, and refuses a second open request', async () => {
    const m = await newMember(t);
    const key = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    const a = await generateQr(t, m.token, { channel_id: 1, amount: 300 }, key);
    const b = await generateQr(t, m.token, { channel_id: 1, amount: 300 }, key);
    expect(b.body.data.request_id).toBe(a.body.data.request_id);
    expect(b.body.data.pay_amount).toBe(a.body.data.pay_amount);
    const conflict = await generateQr(t, m.token, { channel_id: 1, amount: 400 }, key);
    expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
    const second = await generateQr(t, m.token, { channel_id: 1, amount: 400 });
    expect(second.body.code).toBe('DEPOSIT_PENDING');
    expect(second.body.message).toBe('มีรายการฝากค้างอยู่');
    expect((second.body.data as Deposit).request_id).toBe(a.body.data.request_id);
    // A bank-transfer request shows the receiving account instead of a QR.
    expect(a.body.data.qr_payload).toBeNull();
    expect(a.body.data.receiving.kind).toBe('bank');
  });

  it('refuses amounts outside the channel limits and fractions of a baht', async () => {
    const m = await newMember(t);
    const low = await generateQr(t, m.token, { channel_id: 2, amount: 99 });
    expect(low.body.code).toBe('DEPOSIT_AMOUNT_RANGE');
    const high = await generateQr(t, m.token, { channel_id: 2, amount: 30001 });
    expect(high.body.message).toBe('ยอดฝากช่องทางนี้ต้องอยู่ระหว่าง 100–30,000 บาท');
    const frac = await generateQr(t, m.token, { channel_id: 1, amount: '100.5' });
    expect(frac.body.error).not.toBe(0);
  });

  it('answers "amount busy" when all 99 fractions of an amount are reserved on every account', async () => {
    const m = await newMember(t);
    const accounts = await t.db.selectFrom('agent_true_money_account').select('id').execute();
    const anyone = await newMember(t);
    for (const a of accounts) {
      await t.db
        .insertInto('deposit_request')
        .values(
          Array.from({ length: 99 }, (_, i) => ({
            member_id: anyone.memberId,
            channel_id: 2,
            sub_channel_id: 1,
            amount_satang: 123_400,
            pay_amount_satang: 123_400 + i + 1,
            account_kind: 'truemoney' as const,
            account_id: a.id,
            status: 'cancelled' as const,
            created_at: clock.now(),
            expires_at: new Date(clock.now().getTime() + 15 * 60_000),
          })),
        )
        .execute();
    }
    const r = await generateQr(t, m.token, { channel_id: 2, amount: 1234 });
    expect(r.body.code).toBe('DEPOSIT_AMOUNT_BUSY');
    expect(r.body.message).toBe('ยอดนี้มีผู้ทำรายการมาก กรุณาเปลี่ยนยอด');
  });

  it('re-shows the open request, cancels it, and expires after 15 minutes', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 1, amount: 200 })).body.data;
    const shown = await call<Deposit | null>(t.app, 'GET', '/api/member/payment/qrcode_info', {
      token: m.token,
    });
    expect(shown.body.data?.request_id).toBe(d.request_id);
    expect(shown.body.data?.qr_image).toMatch(/^data:image\/png;base64,/);

    const cancel = await call<Deposit>(t.app, 'POST', '/api/member/payment/cancel', {
      token: m.token,
      body: { request_id: d.request_id },
    });
    expect(cancel.body.data.status_label).toBe('ยกเลิกแล้ว');
    const none = await call<Deposit | null>(t.app, 'GET', '/api/member/payment/qrcode_info', {
      token: m.token,
    });
    expect(none.body.data).toBeNull();
    // Cancelled keeps its pay amount reserved.
    const row = await t.db
      .selectFrom('deposit_request')
      .select('reserved')
      .where('id', '=', d.request_id)
      .executeTakeFirstOrThrow();
    expect(row.reserved).toBe(true);

    const e = (await generateQr(t, m.token, { channel_id: 1, amount: 200 })).body.data;
    clock.advance(15 * 60_000);
    const status = await depositStatus(t, m.token, e.request_id);
    expect(status.status).toBe('expired');
    expect(status.status_label).toBe('หมดเวลา');
    // The reservation ends 10 minutes after expiry.
    clock.advance(10 * 60_000);
    await expireDeposits({ ...depsOf(t), clock }, clock.now());
    const after = await t.db
      .selectFrom('deposit_request')
      .select('reserved')
      .where('id', '=', e.request_id)
      .executeTakeFirstOrThrow();
    expect(after.reserved).toBe(false);
  });
});

describe("the sandbox's pay button", () => {
  it('delivers the signed webhook once per press: 200 each time, one event, one credit', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 120 })).body.data;
    const pay = () =>
      call<{ gateway_ref: string; status: string; webhook_status: number }>(
        t.app,
        'POST',
        `/api/sandbox/payments/${d.gateway_ref}/pay`,
        {},
      );
    const first = await pay();
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ gateway_ref: d.gateway_ref, status: 'paid', webhook_status: 200 });
    // A second press re-sends the same event, as gateways retry: answered 200, recorded once.
    expect((await pay()).body.data.webhook_status).toBe(200);
    const events = await t.db
      .selectFrom('gateway_event')
      .select('event_id')
      .where('gateway_ref', '=', d.gateway_ref!)
      .execute();
    expect(events).toEqual([{ event_id: `evt_${d.gateway_ref}_paid` }]);
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    const unknown = await call(t.app, 'POST', '/api/sandbox/payments/sbx_unknownref000/pay', {});
    expect(unknown.body.code).toBe('RECORD_NOT_FOUND');
  });
});

function depsOf(app: TestApp) {
  return {
    ...basePaymentsDeps(app, clock),
    gateways: {
      sandboxAllowed: false,
      sandbox: async () => null,
      scb: async () => null,
      get: async () => null,
    },
    connectors: createConnectors({ db: app.db, clock, env: {}, key: null, previousKey: null }),
    jobs: disabledJobs,
  };
}
