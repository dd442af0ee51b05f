import { banks } from '@chok/contract/banks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTexts, readBankText } from '../src/modules/payments/bank-texts.ts';
import { kbankText, relayDemo, sendRelay } from '../src/standins/relay.ts';
import { sendTrueMoneyEvent, signTrueMoneyEvent, trueMoneyDemo } from '../src/standins/truemoney.ts';
import { call, createTestApp, FixedClock, staffToken, type TestApp } from './helpers.ts';
import { depositCredits, generateQr, newMember, walletBalances } from './payments-fixtures.ts';

/**
 * The TrueMoney wallet webhook and the bank-notification relay (docs/rules/payments.md §3.5–§3.7), over
 * real HTTP on 127.0.0.1 with the stand-ins as senders: each pays the matching request once, refuses a
 * bad signature, a stale time and a replay, sends what it cannot match to the unmatched queue, and a
 * transfer seen by the relay (or the webhook) and by a statement is credited once.
 */
const clock = new FixedClock(new Date('2026-03-01T07:00:00Z')); // 14:00 Bangkok
const TM_SECRET = 'tm-webhook-secret-for-tests';
const RELAY_SECRET = 'relay-hmac-secret-for-tests';
let t: TestApp;
let base: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { TRUEMONEY_WEBHOOK_SECRET: TM_SECRET, RELAY_HMAC_SECRET: RELAY_SECRET },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  finance = await staffToken(t, 'finance', clock);
});
afterAll(async () => {
  await t?.close();
});

const satangOf = (baht: string) => Math.round(Number(baht) * 100);
const later = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

async function walletRequest(amount: number) {
  const m = await newMember(t);
  const d = (await generateQr(t, m.token, { channel_id: 2, amount })).body.data;
  return { m, d, url: `${base}/webhooks/truemoney/${d.receiving.id}` };
}

async function reconciled() {
  const r = await t.ledger.reconcile(t.db);
  expect(r.mismatches).toEqual([]);
  expect(r.net).toBe('0.00');
}

function lineOf(id: number) {
  return t.db.selectFrom('statement_line').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function importCsv(kind: 'bank' | 'truemoney', accountId: number, template: string, content: string) {
  return call<{ lines_new: number; matched: number; unmatched: number; duplicates: number }>(
    t.app,
    'POST',
    '/api/admin/payments/statements/import',
    {
      token: finance,
      body: { account_kind: kind, account_id: accountId, template, file_name: 's.csv', content },
    },
  );
}

/** "2026-03-01 14:07" in Asia/Bangkok. */
function bangkok(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

describe('TrueMoney wallet webhook', () => {
  it('pays the pending TrueMoney request of the sender’s wallet, once, with Cache-Control no-store', async () => {
    const { m, d, url } = await walletRequest(300);
    const r = await sendTrueMoneyEvent(
      url,
      TM_SECRET,
      { amount: satangOf(d.pay_amount), sender_mobile: m.phone, received_time: later(3) },
      { now: later(3) },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      error: 0,
      data: { received: true, duplicate: false, outcome: 'matched' },
    });
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(satangOf(d.pay_amount));
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The connector page's activity: the verified delivery is recorded, the refused body is not.
    const calls = await t.db
      .selectFrom('connector_call')
      .select(['outcome', 'error'])
      .where('connector', '=', 'truemoney')
      .execute();
    expect(calls).toEqual([{ outcome: 'ok', error: null }]);
    await reconciled();
  });

  it('refuses a wrong secret, another algorithm and a stale receipt, crediting nothing', async () => {
    const { m, d, url } = await walletRequest(310);
    const event = { amount: satangOf(d.pay_amount), sender_mobile: m.phone, received_time: later(2) };
    const wrong = await sendTrueMoneyEvent(url, 'not-the-secret', event, { now: later(2) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 2108 });
    const hs512 = await signTrueMoneyEvent(TM_SECRET, event, { now: later(2), alg: 'HS512' });
    const alg = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: hs512 }),
    });
    expect(alg.status).toBe(401);
    const stale = await sendTrueMoneyEvent(
      url,
      TM_SECRET,
      { ...event, received_time: later(-20) },
      { now: later(2) },
    );
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ error: 2741 });
    const oldToken = await sendTrueMoneyEvent(url, TM_SECRET, event, { now: later(-30) });
    expect(oldToken.status).toBe(401);
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);
  });

  it('a replayed event, and the same event delivered ten times at once, credit exactly once', async () => {
    const { m, d, url } = await walletRequest(320);
    const event = {
      transaction_id: `tx-par-${d.request_id}`,
      amount: satangOf(d.pay_amount),
      sender_mobile: m.phone,
      received_time: later(4),
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => sendTrueMoneyEvent(url, TM_SECRET, event, { now: later(4) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((a) => (a.body as { data: { outcome: string } }).data.outcome);
    expect(outcomes.filter((o) => o === 'matched')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    const replay = await sendTrueMoneyEvent(url, TM_SECRET, event, { now: later(5) });
    expect(replay.body).toMatchObject({ data: { duplicate: true } });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(satangOf(d.pay_amount));
    await reconciled();
  });

  it('another amount, another sender or no request go to the unmatched queue, marked as the webhook’s', async () => {
    const { m, d, url } = await walletRequest(330);
    const send = (e: { amount: number; sender_mobile: string }) =>
      sendTrueMoneyEvent(url, TM_SECRET, { ...e, received_time: later(3) }, { now: later(3) });
    const other = await send({ amount: satangOf(d.pay_amount) + 1, sender_mobile: m.phone });
    const stranger = await send({ amount: satangOf(d.pay_amount), sender_mobile: '0800000001' });
    const nobody = await send({ amount: 12_345, sender_mobile: '0800000002' });
    for (const r of [other, stranger, nobody])
      expect(r.body).toMatchObject({ data: { outcome: 'unmatched' } });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);
    const queue = await call<{ items: { source: string; amount: string; counterparty: string }[] }>(
      t.app,
      'GET',
      '/api/admin/payments/statement_lines?status=unmatched&page_size=100',
      { token: finance },
    );
    const mine = queue.body.data.items.filter((l) => l.source === 'wallet_webhook');
    expect(mine.map((l) => l.counterparty)).toEqual(expect.arrayContaining(['0800000001', '0800000002']));
  });

  it('a receipt after the request’s window (expiry + 10 minutes) pays nothing and waits in the queue', async () => {
    const { m, d, url } = await walletRequest(335);
    clock.advance(40 * 60_000);
    try {
      const r = await sendTrueMoneyEvent(
        url,
        TM_SECRET,
        { amount: satangOf(d.pay_amount), sender_mobile: m.phone, received_time: clock.now() },
        { now: clock.now() },
      );
      expect(r.body).toMatchObject({ data: { outcome: 'unmatched' } });
    } finally {
      clock.advance(-40 * 60_000);
    }
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);
  });

  it('no input yields a 5xx: garbage tokens, an unknown wallet, garbage relay bodies', async () => {
    const { url } = await walletRequest(336);
    const garbage = [
      'x',
      'a.b.c',
      'eyJhbGciOiJub25lIn0.e30.',
      `${'A'.repeat(50)}.${'B'.repeat(50)}.C`,
      '...',
    ];
    for (const message of garbage) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
      });
      expect(res.status, message).toBe(401);
    }
    // Signed right but missing fields, or for a wallet that does not exist.
    const noFields = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: await signTrueMoneyEvent(TM_SECRET, { amount: -5, sender_mobile: '' }),
      }),
    });
    expect(noFields.status).toBe(400);
    const unknown = await sendTrueMoneyEvent(
      `${base}/webhooks/truemoney/999999`,
      TM_SECRET,
      {
        amount: 100,
        sender_mobile: '0800000000',
        received_time: clock.now(),
      },
      { now: clock.now() },
    );
    expect(unknown.status).toBe(404);
    for (const text of ['', '0'.repeat(1999), 'เงินเข้า 99999999999999.99 บ. บ/ช X1 99-99-99@99:99 จาก X']) {
      const r = await sendRelay(base, RELAY_SECRET, { account_id: 1, text }, { now: clock.now() });
      expect(r.status, text.slice(0, 20)).toBeLessThan(500);
    }
    const nowhere = await sendRelay(
      base,
      RELAY_SECRET,
      { account_id: 999999, text: bankTexts[0]!.example },
      { now: clock.now() },
    );
    expect(nowhere.body).toMatchObject({ error: 1008 });
  });

  it('a webhook receipt and the TrueMoney statement line of the same transfer credit once', async () => {
    const { m, d, url } = await walletRequest(340);
    await sendTrueMoneyEvent(
      url,
      TM_SECRET,
      {
        transaction_id: `tm-${d.request_id}`,
        amount: satangOf(d.pay_amount),
        sender_mobile: m.phone,
        received_time: later(3),
      },
      { now: later(3) },
    );
    // The export numbers the transfer its own way: matched as the same transfer by amount, time and phone.
    const csv = `วันที่-เวลา,ประเภท,จำนวนเงิน,จาก,เลขที่รายการ\n${bangkok(later(4))},รับเงิน,${d.pay_amount},${m.phone},EXP-${d.request_id}\n`;
    const imp = await importCsv('truemoney', d.receiving.id, 'truemoney', csv);
    expect(imp.body.data).toMatchObject({ lines_new: 0, duplicates: 1, matched: 0, unmatched: 0 });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    await reconciled();
  });
});

async function bankRequest(amount: number) {
  const m = await newMember(t, `5${String(Date.now() + amount).slice(-9)}`);
  const d = (await generateQr(t, m.token, { channel_id: 1, amount })).body.data;
  const acct = (
    await t.db
      .selectFrom('member')
      .select('account_no')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow()
  ).account_no;
  return { m, d, acct };
}

/** The mask a KBANK SMS shows of the member's account: X + digits 4–9 from the left + X (`X678912X`). */
const kbankMask = (acct: string) => `X${acct.slice(3, 9)}X`;

describe('bank-notification relay', () => {
  it('every bank of the registration list has a reader, and each reads its example', () => {
    expect(bankTexts.map((b) => b.code).sort()).toEqual(banks.map((b) => b.code).sort());
    const now = new Date('2026-12-06T09:00:00Z');
    for (const b of bankTexts) {
      const r = readBankText(b.example, now, b.code);
      expect(r, b.short).not.toBeNull();
      expect(r!.bank).toBe(b.code);
      expect(r!.line.amountSatang).toBe(50_037);
      // The end of the notice's minute.
      expect(r!.line.postedAt.toISOString()).toBe('2026-12-06T07:07:59.000Z');
    }
    expect(readBankText('โอนเงินออก 500.37 บ. จากบ/ช X1234', now)).toBeNull();
  });

  it('pays the matching bank request; refuses a bad signature, a stale time, a reused nonce, unknown text', async () => {
    const { m, d, acct } = await bankRequest(400);
    const text = kbankText({ at: later(2), amount: d.pay_amount, fromMask: kbankMask(acct) });
    const body = { account_id: d.receiving.id, text };
    const bad = await sendRelay(base, RELAY_SECRET, body, { now: later(2), signWith: 'wrong' });
    expect(bad.status).toBe(401);
    const stale = await sendRelay(base, RELAY_SECRET, body, { now: later(-6) });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ error: 2741 });
    const unknown = await sendRelay(base, RELAY_SECRET, { ...body, text: 'สวัสดีครับ' }, { now: later(2) });
    expect(unknown.body).toMatchObject({ error: 2744 });
    const relayErrors = await t.db
      .selectFrom('connector_call')
      .select('error')
      .where('connector', '=', 'relay')
      .where('outcome', '=', 'error')
      .execute();
    expect(relayErrors).toContainEqual({ error: 'RELAY_TEXT_UNKNOWN' });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);

    const ok = await sendRelay(base, RELAY_SECRET, body, {
      now: later(2),
      nonce: `nonce-${d.request_id}-abcdefgh`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ error: 0, data: { outcome: 'matched' } });
    const line = await lineOf((ok.body as { data: { line_id: number } }).data.line_id);
    expect(line).toMatchObject({ source: 'relay', status: 'matched', request_id: d.request_id });
    const again = await sendRelay(base, RELAY_SECRET, body, {
      now: later(2),
      nonce: `nonce-${d.request_id}-abcdefgh`,
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: 2743 });
    // The phone sending the same notification twice (a new nonce) adds nothing either.
    const twice = await sendRelay(base, RELAY_SECRET, body, { now: later(2) });
    expect(twice.body).toMatchObject({ data: { outcome: 'duplicate' } });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    await reconciled();
  });

  it('a notice of the minute the request was made in still pays it (the notice shows minutes only)', async () => {
    clock.advance(30_000); // the request at 14:00:30, paid at 14:00:50, the SMS says 14:00
    try {
      const { m, d, acct } = await bankRequest(405);
      clock.advance(20_000);
      const text = kbankText({ at: clock.now(), amount: d.pay_amount, fromMask: kbankMask(acct) });
      expect(text).toContain(' 14:00 ');
      const r = await sendRelay(
        base,
        RELAY_SECRET,
        { account_id: d.receiving.id, text },
        { now: clock.now() },
      );
      expect(r.body).toMatchObject({ data: { outcome: 'matched' } });
      // The phone relays the same notice again a little later: the same line, nothing more.
      clock.advance(5_000);
      const again = await sendRelay(
        base,
        RELAY_SECRET,
        { account_id: d.receiving.id, text },
        { now: clock.now() },
      );
      expect(again.body).toMatchObject({ data: { outcome: 'duplicate' } });
      expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    } finally {
      clock.advance(-55_000);
    }
  });

  it('relay first, statement after: credited once, the statement line a twin', async () => {
    const { m, d, acct } = await bankRequest(410);
    const text = kbankText({ at: later(3), amount: d.pay_amount, fromMask: kbankMask(acct) });
    const r = await sendRelay(base, RELAY_SECRET, { account_id: d.receiving.id, text }, { now: later(3) });
    expect(r.body).toMatchObject({ data: { outcome: 'matched' } });
    const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(later(3))}:41,${d.pay_amount},in,xxx-x-x${acct.slice(5, 9)}-x,STMT${d.request_id}\n`;
    const imp = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(imp.body.data).toMatchObject({ lines_new: 0, duplicates: 1, matched: 0, unmatched: 0 });
    const again = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(again.body.data).toMatchObject({ lines_new: 0, duplicates: 1 });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    const twin = await t.db
      .selectFrom('statement_line')
      .selectAll()
      .where('bank_ref', '=', `STMT${d.request_id}`)
      .executeTakeFirstOrThrow();
    expect(twin).toMatchObject({ status: 'twin', source: 'import' });
    await reconciled();
  });

  it('statement first, relay after: credited once, the relay line a twin', async () => {
    const { m, d, acct } = await bankRequest(420);
    const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(later(5))},${d.pay_amount},in,xxx-x-x${acct.slice(5, 9)}-x,S2${d.request_id}\n`;
    const imp = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(imp.body.data).toMatchObject({ lines_new: 1, matched: 1 });
    const text = kbankText({ at: later(5), amount: d.pay_amount, fromMask: kbankMask(acct) });
    const r = await sendRelay(base, RELAY_SECRET, { account_id: d.receiving.id, text }, { now: later(1) });
    expect(r.body).toMatchObject({ data: { outcome: 'twin' } });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    await reconciled();
  });

  it('an unmatched relay line and its statement line leave one line in the queue; relay and import racing credit once', async () => {
    // No request at all: the relay's line waits for the operator, the statement's joins it as a twin.
    const { d, acct } = await bankRequest(430);
    const amount = '777.77';
    const text = kbankText({ at: later(1), amount, fromMask: kbankMask(acct) });
    const r = await sendRelay(base, RELAY_SECRET, { account_id: d.receiving.id, text }, { now: later(1) });
    expect(r.body).toMatchObject({ data: { outcome: 'unmatched' } });
    const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(later(2))},${amount},in,xxx-x-x${acct.slice(5, 9)}-x,U${d.request_id}\n`;
    expect((await importCsv('bank', d.receiving.id, 'generic', csv)).body.data).toMatchObject({
      lines_new: 0,
    });
    const queued = await t.db
      .selectFrom('statement_line')
      .select(['source', 'status'])
      .where('account_id', '=', d.receiving.id)
      .where('amount_satang', '=', 77_777)
      .execute();
    expect(queued.filter((l) => l.status === 'unmatched')).toEqual([
      { source: 'relay', status: 'unmatched' },
    ]);

    // Both at once, several times over: one credit.
    const { m: m2, d: d2, acct: acct2 } = await bankRequest(440);
    const text2 = kbankText({ at: later(4), amount: d2.pay_amount, fromMask: kbankMask(acct2) });
    const csv2 = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(later(4))},${d2.pay_amount},in,xxx-x-x${acct2.slice(5, 9)}-x,R${d2.request_id}\n`;
    await Promise.all([
      ...Array.from({ length: 3 }, () =>
        sendRelay(base, RELAY_SECRET, { account_id: d2.receiving.id, text: text2 }, { now: later(4) }),
      ),
      ...Array.from({ length: 3 }, () => importCsv('bank', d2.receiving.id, 'generic', csv2)),
    ]);
    expect(await depositCredits(t.db, m2.memberId)).toHaveLength(1);
    expect((await walletBalances(t.db, m2.memberId))[1]).toBe(satangOf(d2.pay_amount));
    await reconciled();
  });

  it('relay and import racing on a transfer no request matches leave exactly one line for the operator', async () => {
    const { d, acct } = await bankRequest(450);
    for (let round = 0; round < 5; round++) {
      const amount = `8${round}1.23`;
      const at = later(round);
      const text = kbankText({ at, amount, fromMask: kbankMask(acct) });
      const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(at)},${amount},in,xxx-x-x${acct.slice(5, 9)}-x,RACE${round}-${d.request_id}\n`;
      await Promise.all([
        sendRelay(base, RELAY_SECRET, { account_id: d.receiving.id, text }, { now: clock.now() }),
        importCsv('bank', d.receiving.id, 'generic', csv),
      ]);
      const lines = await t.db
        .selectFrom('statement_line')
        .select('status')
        .where('account_id', '=', d.receiving.id)
        .where('amount_satang', '=', satangOf(amount))
        .execute();
      expect(lines.map((l) => l.status).sort(), `round ${round}`).toEqual(['twin', 'unmatched']);
    }
  });
});

describe('demo stand-ins', () => {
  it('start only when their secret is unset, make one up, and deliver through Chok as the real senders would', async () => {
    expect(trueMoneyDemo.wanted({ TRUEMONEY_WEBHOOK_SECRET: 'set' })).toBe(false);
    expect(relayDemo.wanted({ RELAY_HMAC_SECRET: 'set' })).toBe(false);
    const port = new URL(base).port;
    const env: Record<string, string | undefined> = { PORT: port };
    const tm = await trueMoneyDemo.start(env);
    const phone = await relayDemo.start(env);
    try {
      expect(env.TRUEMONEY_WEBHOOK_SECRET).toMatch(/^[0-9a-f]{48}$/);
      expect(env.RELAY_HMAC_SECRET).toMatch(/^[0-9a-f]{48}$/);
      // This app reads other secrets: the stand-ins' deliveries reach it and are refused for their signature.
      const r = await fetch(`${tm.url}/send`, {
        method: 'POST',
        body: JSON.stringify({ account_id: 1, amount: 10_000, sender_mobile: '0800000000' }),
      });
      expect(await r.json()).toMatchObject({ status: 401, body: { error: 2108 } });
      const p = await fetch(`${phone.url}/send`, {
        method: 'POST',
        body: JSON.stringify({ account_id: 1, amount: '100.00', from: 'X000000X' }),
      });
      expect(await p.json()).toMatchObject({ status: 401 });
    } finally {
      await tm.close();
      await phone.close();
    }
  });
});
