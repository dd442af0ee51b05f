import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import type { PaymentsDeps } from '../src/modules/payments/deps.ts';
import { gatewayRegistry } from '../src/modules/payments/gateway.ts';
import { scbGateway } from '../src/modules/payments/scb.ts';
import { inquireScbRequest, SCB_INQUIRY_JOB, scbInquiryJob } from '../src/modules/payments/scb-deposits.ts';
import { type ScbStandIn, startScbStandIn } from '../src/standins/scb.ts';
import { call, createTestApp, FixedClock, staffToken, type TestApp } from './helpers.ts';
import {
  basePaymentsDeps,
  type Deposit,
  depositCredits,
  generateQr,
  newMember,
} from './payments-fixtures.ts';

/**
 * SCB's QR payment adapter against the SCB stand-in over HTTP on 127.0.0.1 (docs/rules/payments.md §3.4):
 * the stand-in POSTs its confirmations to this app listening on a real port.
 */
const clock = new FixedClock(new Date('2026-12-06T05:00:00Z'));
let scb: ScbStandIn;
let t: TestApp;
let deps: PaymentsDeps;
let finance: string;
const sent: { name: string; data: unknown; at?: Date | undefined }[] = [];

beforeAll(async () => {
  scb = await startScbStandIn({ retryMs: 20, now: () => clock.now() });
  t = await createTestApp({
    clock,
    env: { ...scb.env(), SCB_TIMEOUT_MS: '3000' },
  });
  // The sandbox stays allowed and switched on (as in a demo), but its gateway is taken out of the round
  // robin, so SCB is the gateway every request here gets.
  await t.db.updateTable('payment_gateway').set({ is_active: false }).where('code', '=', 'sandbox').execute();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  scb.callbackUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/payment/scb/confirm`;
  const connectors = createConnectors({ db: t.db, clock, env: scb.env(), key: null, previousKey: null });
  deps = {
    ...basePaymentsDeps(t, clock),
    connectors,
    // The job queue itself is pg-boss's; here each scheduled run is recorded and run by the test.
    jobs: {
      send: async (name, data, opts) => {
        sent.push({ name, data, at: opts?.at });
      },
    },
    gateways: gatewayRegistry(t.db, () => clock.now(), {
      sandboxAllowed: false,
      scb: scbGateway({
        connectors,
        baseUrl: scb.env().SCB_BASE_URL!,
        timeoutMs: 1_000,
        now: () => clock.now(),
      }),
    }),
  };
  finance = await staffToken(t, 'finance', clock);
});
afterAll(async () => {
  await t?.close();
  await scb?.close();
});

async function scbDeposit(amount = 500) {
  const m = await newMember(t);
  const r = await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount });
  expect(r.body.error).toBe(0);
  return { m, d: r.body.data, ref1: r.body.data.gateway_ref!.split('-')[0]! };
}

const requestRow = (id: number) =>
  t.db.selectFrom('deposit_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function ledgerHolds() {
  const r = await t.ledger.reconcile(t.db);
  expect(r.mismatches).toEqual([]);
  expect(r.net).toBe('0.00');
}

async function unmatchedLines() {
  const r = await call<{
    items: { bank_ref: string | null; account_kind: string; amount: string; note: string }[];
  }>(t.app, 'GET', '/api/admin/payments/statement_lines?status=unmatched&page=1&page_size=100', {
    token: finance,
  });
  expect(r.body.error).toBe(0);
  return r.body.data.items;
}

describe('SCB QR deposits', () => {
  it('shows SCB’s QR for the request and credits it once when SCB confirms', async () => {
    const { m, d, ref1 } = await scbDeposit(500);
    expect(d.gateway_ref).toMatch(/^CHOK\d+-[0-9A-F]{12}$/);
    const qr = scb.qrs().find((q) => q.ref1 === ref1)!;
    // The QR shown is SCB's, for the exact pay amount, tied to the request by ref1 and ref2.
    expect(qr.amount).toBe(d.pay_amount);
    expect(`${qr.ref1}-${qr.ref2}`).toBe(d.gateway_ref);
    expect(d.qr_payload).toBe(qr.qrRawData);
    // Paid in a bank app: the member is not offered the sandbox's pay button for it.
    expect(d.sandbox).toBe(false);

    const { payment, delivered } = scb.pay(ref1);
    expect(await delivered).toEqual([200]);
    const credits = await depositCredits(t.db, m.memberId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ idempotency_key: `gw:scb:${payment.transactionId}` });
    expect(await requestRow(d.request_id)).toMatchObject({ status: 'paid', confirmed_via: 'gateway' });

    // SCB's answer format, and a replay of the same confirmation credits nothing more (and is answered
    // without asking SCB again).
    const inquiries = scb.calls('inquiry');
    const again = await scb.sendConfirmation(payment);
    expect(scb.calls('inquiry')).toBe(inquiries);
    expect(again).toEqual({
      status: 200,
      body: { resCode: '00', resDesc: 'success', transactionId: payment.transactionId },
    });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    // Nor does it leave a line an operator could credit a second time.
    expect((await unmatchedLines()).some((l) => l.bank_ref === payment.transactionId)).toBe(false);
    await ledgerHolds();
  });

  it('refuses a confirmation SCB’s inquiry does not list, and changes nothing', async () => {
    const { m, d } = await scbDeposit(300);
    const [ref1, ref2] = d.gateway_ref!.split('-');
    const forged = {
      transactionId: '20261206FORGED0000001',
      amount: d.pay_amount,
      transactionDateandTime: '2026-12-06T12:00:00.000+07:00',
      billPaymentRef1: ref1,
      billPaymentRef2: ref2,
    };
    const r = await scb.sendConfirmation(forged);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'SCB_CALLBACK_UNCONFIRMED' });
    // Malformed: a Thai refusal, never a 5xx.
    const bad = await scb.sendConfirmation({ transactionId: 'x', billPaymentRef1: 'lower-case' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(await depositCredits(t.db, m.memberId)).toEqual([]);
    expect((await requestRow(d.request_id)).status).toBe('open');
  });

  it('a lost confirmation: the inquiry job asks with backoff and credits once', async () => {
    const { m, d, ref1 } = await scbDeposit(700);
    sent.length = 0;
    // Not paid yet: the job asks, then runs again later, each wait twice the last.
    const first = await scbInquiryJob(deps, { requestId: d.request_id, attempt: 0 });
    const second = await scbInquiryJob(deps, { requestId: d.request_id, attempt: 1 });
    expect(first!.getTime() - clock.now().getTime()).toBe(60_000);
    expect(second!.getTime() - clock.now().getTime()).toBe(120_000);
    expect(sent.map((s) => s.name)).toEqual([SCB_INQUIRY_JOB, SCB_INQUIRY_JOB]);

    scb.pay(ref1, { deliver: 'drop' });
    expect(await depositCredits(t.db, m.memberId)).toEqual([]);
    expect(await scbInquiryJob(deps, { requestId: d.request_id, attempt: 2 })).toBeNull();
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    expect((await requestRow(d.request_id)).status).toBe('paid');
    // Run again (a retried job, the minute sweep): nothing more.
    await inquireScbRequest(deps, d.request_id);
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    await ledgerHolds();
  });

  it('an inquiry that times out is recorded and tried again; the retry credits', async () => {
    const { m, d, ref1 } = await scbDeposit(800);
    scb.pay(ref1, { deliver: 'drop' });
    scb.delay('inquiry', 1_300);
    try {
      expect(await inquireScbRequest(deps, d.request_id)).toBe(false);
    } finally {
      scb.delay('inquiry', 0);
    }
    const timeouts = await t.db
      .selectFrom('connector_call')
      .select(['operation', 'outcome'])
      .where('connector', '=', 'scb')
      .where('outcome', '=', 'timeout')
      .execute();
    expect(timeouts).toContainEqual({ operation: 'inquiry', outcome: 'timeout' });
    expect(await depositCredits(t.db, m.memberId)).toEqual([]);
    // The job is still scheduled again while the request can be paid, and its next run credits.
    expect(await scbInquiryJob(deps, { requestId: d.request_id, attempt: 0 })).toBeNull();
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
  });

  it('SCB’s error codes: a refused QR closes the request with a Thai reason; an expired token is renewed', async () => {
    scb.failNext('qr_create', { http: 400, code: 1102, description: 'Invalid parameters entered' });
    const m = await newMember(t);
    const r = await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 400 });
    expect(r.body.code).toBe('SCB_REFUSED');
    expect(r.body.message).toContain('1102');
    const closed = await t.db
      .selectFrom('deposit_request')
      .select(['status', 'reserved', 'reason'])
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 'rejected', reserved: false });
    expect(closed.reason).toMatch(/[ก-๙]/);

    // A token SCB no longer accepts (9300) is renewed once and the call made again.
    scb.expireTokens();
    const tokensBefore = scb.calls('token');
    const ok = await scbDeposit(400);
    expect(ok.d.gateway_ref).toBeTruthy();
    expect(scb.calls('token')).toBe(tokensBefore + 1);

    // SCB refusing the credentials: the console's connectivity check says so in Thai.
    scb.failNext('token', {
      http: 401,
      code: 9100,
      description: 'Missing required authorization credentials',
    });
    const test = await deps.gateways.scb();
    await expect(test!.checkToken()).rejects.toMatchObject({ code: 'SCB_REFUSED' });
  });

  it('a confirmation for an unknown reference goes to the unmatched-lines queue, not to anyone', async () => {
    const { payment, delivered } = scb.pay('CHOK999999', { amount: '150.00' });
    expect(await delivered).toEqual([200]);
    const line = (await unmatchedLines()).find((l) => l.bank_ref === payment.transactionId);
    expect(line).toMatchObject({ account_kind: 'gateway', amount: '150.00' });
    expect(line!.note).toMatch(/[ก-๙]/);
    await ledgerHolds();
  });

  it('a payment after the request lapsed goes to the queue; a different amount sends the request to review', async () => {
    const late = await scbDeposit(600);
    const odd = await scbDeposit(900);
    clock.advance((15 + 10 + 1) * 60_000);
    const { payment, delivered } = scb.pay(late.ref1);
    expect(await delivered).toEqual([200]);
    expect((await requestRow(late.d.request_id)).status).not.toBe('paid');
    expect(await depositCredits(t.db, late.m.memberId)).toEqual([]);
    expect((await unmatchedLines()).some((l) => l.bank_ref === payment.transactionId)).toBe(true);
    clock.advance(-(15 + 10 + 1) * 60_000);

    const wrong = scb.pay(odd.ref1, { amount: '899.00' });
    expect(await wrong.delivered).toEqual([200]);
    expect(await requestRow(odd.d.request_id)).toMatchObject({ status: 'review', review_satang: 89_900 });
    expect(await depositCredits(t.db, odd.m.memberId)).toEqual([]);
    await ledgerHolds();
  });

  it('parallel duplicate deliveries and inquiries credit exactly once', async () => {
    const { m, d, ref1 } = await scbDeposit(1_000);
    const { payment } = scb.pay(ref1, { deliver: 'drop' });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => scb.sendConfirmation(payment)),
      inquireScbRequest(deps, d.request_id),
      inquireScbRequest(deps, d.request_id),
      call<Deposit>(t.app, 'GET', `/api/member/payment/inquiry_status?request_id=${d.request_id}`, {
        token: m.token,
      }),
    ]);
    for (const r of results.slice(0, 8)) expect(r).toMatchObject({ status: 200, body: { resCode: '00' } });
    const credits = await depositCredits(t.db, m.memberId);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.amount).toBe(Number((await requestRow(d.request_id)).pay_amount_satang));
    expect((await unmatchedLines()).some((l) => l.bank_ref === payment.transactionId)).toBe(false);
    await ledgerHolds();
  });
});

describe('SCB left unconfigured', () => {
  it('is not offered, and its confirmation URL refuses in Thai', async () => {
    const bare = await createTestApp({ env: { PAYMENT_SANDBOX: 'false' } });
    try {
      const m = await newMember(bare);
      const r = await generateQr(bare, m.token, { channel_id: 3, sub_channel_id: 2, amount: 500 });
      expect(r.body.code).toBe('NO_RECEIVING_ACCOUNT');
      const c = await bare.app.inject({
        method: 'POST',
        url: '/api/payment/scb/confirm',
        payload: { transactionId: 'T1', amount: '1.00', billPaymentRef1: 'CHOK1', billPaymentRef2: 'AB' },
      });
      expect(c.statusCode).toBe(404);
      expect(c.json()).toMatchObject({ code: 'SCB_NOT_CONFIGURED' });
      const gw = await bare.db
        .selectFrom('payment_gateway')
        .select('code')
        .where('code', '=', 'scb')
        .execute();
      expect(gw).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
