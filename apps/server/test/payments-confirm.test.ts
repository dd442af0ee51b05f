import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandbox } from '../src/modules/payments/gateway.ts';
import { verifyAuditChain } from '../src/platform/audit.ts';
import { auditRows, call, FixedClock, staffToken, type TestApp } from './helpers.ts';
import {
  type Deposit,
  depositCredits,
  depositStatus,
  generateQr,
  newMember,
  walletBalances,
  welcomePromotion,
} from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

const clock = new FixedClock(new Date('2026-03-01T07:00:00Z')); // 14:00 Bangkok
let t: TestApp;
let finance: string;
let owner: string;
let secret: Buffer;

beforeAll(async () => {
  ({ t, finance, owner } = await suiteApp({ clock, staff: ['finance', 'owner'] }));
  secret = (
    await t.db
      .selectFrom('payment_gateway')
      .select('webhook_secret')
      .where('code', '=', 'sandbox')
      .executeTakeFirstOrThrow()
  ).webhook_secret;
});
afterAll(async () => {
  await t?.close();
});

/** "2026-03-01 14:07" in Asia/Bangkok, `minutes` after the test clock. */
function bangkok(minutes: number): string {
  const d = new Date(clock.now().getTime() + minutes * 60_000 + 7 * 3_600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

function webhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signature ?? signSandbox(secret, raw),
    },
    payload: raw,
  });
}

function importCsv(
  kind: 'bank' | 'truemoney' | 'gateway',
  accountId: number,
  template: string,
  content: string,
) {
  return call<{ lines_new: number; matched: number; unmatched: number; duplicates: number }>(
    t.app,
    'POST',
    '/api/admin/payments/statements/import',
    {
      token: finance,
      body: { account_kind: kind, account_id: accountId, template, file_name: 'st.csv', content },
    },
  );
}

type AdminDeposit = Deposit & {
  first_approval_by: { username: string } | null;
  confirmed_by: { username: string } | null;
};

function confirm(id: number, token = finance, bankRef = 'REF123') {
  return call<{ outcome: string; deposit: AdminDeposit }>(
    t.app,
    'POST',
    `/api/admin/payments/deposits/${id}/confirm`,
    {
      token,
      body: { bank_ref: bankRef },
    },
  );
}

describe('a deposit is credited exactly once, whichever path confirms it', () => {
  it('sandbox webhook, operator confirmation and statement import, concurrently and many times over', async () => {
    const gateway = await t.db
      .selectFrom('payment_gateway')
      .select('id')
      .where('code', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    for (let round = 0; round < 4; round++) {
      const m = await newMember(t);
      const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 1000 + round }))
        .body.data;
      expect(d.gateway_ref).toMatch(/^sbx_/);
      expect(d.sandbox).toBe(true);
      const csv = `paid_at,gateway_ref,amount,status,transaction_id\n${bangkok(2)},${d.gateway_ref},${d.pay_amount},paid,TX${d.request_id}\n`;
      const attempts: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        attempts.push(
          webhook({
            event_id: `evt_${round}_${i}`,
            gateway_ref: d.gateway_ref,
            status: 'paid',
            amount: d.pay_amount,
          }),
          call(t.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {}),
          confirm(d.request_id),
          importCsv('gateway', gateway.id, 'sandbox', csv),
        );
      }
      const answers = await Promise.all(attempts);
      for (const a of answers) {
        const status =
          'statusCode' in (a as object)
            ? (a as { statusCode: number }).statusCode
            : (a as { status: number }).status;
        expect(status).toBe(200);
      }
      const credits = await depositCredits(t.db, m.memberId);
      expect(credits).toHaveLength(1);
      expect(credits[0]!.amount).toBe(Math.round(Number(d.pay_amount) * 100));
      expect((await walletBalances(t.db, m.memberId))[1]).toBe(credits[0]!.amount);
      const status = await depositStatus(t, m.token, d.request_id);
      expect(status.status).toBe('paid');
      expect(status.status_label).toBe('สำเร็จ');
      // The statement line is stored once and belongs to the request, whichever path paid it.
      const lines = await t.db
        .selectFrom('statement_line')
        .selectAll()
        .where('bank_ref', '=', `TX${d.request_id}`)
        .execute();
      expect(lines).toHaveLength(1);
      expect(lines[0]!.request_id).toBe(d.request_id);
    }
    const rec = await call<{ mismatches: unknown[]; net: string }>(
      t.app,
      'GET',
      '/api/admin/ledger/reconciliation',
      {
        token: finance,
      },
    );
    expect(rec.body.data.mismatches).toEqual([]);
    expect(rec.body.data.net).toBe('0.00');
  });

  it('a bank-transfer request raced by operator confirmations and statement imports', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 2500 })).body.data;
    const csv = `วันที่,เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด,เลขที่อ้างอิง\n${bangkok(3).replace(' ', ',')},รับโอนเงิน,,${d.pay_amount},99999.00,K PLUS,โอนจาก ${d.from_account.bank_short} X${d.from_account.account_no.slice(-6)},K${d.request_id}\n`;
    const attempts = [];
    for (let i = 0; i < 8; i++)
      attempts.push(confirm(d.request_id), importCsv('bank', d.receiving.id, 'kbank', csv));
    await Promise.all(attempts);
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
  });
});

describe('operator confirmation', () => {
  it('20,000 baht or more needs a second operator; every step is audited', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 25000 })).body.data;
    const first = await confirm(d.request_id, finance, 'KB001');
    expect(first.body.data.outcome).toBe('awaiting_second_approval');
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(0);
    const same = await confirm(d.request_id, finance, 'KB001');
    expect(same.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const second = await confirm(d.request_id, owner, 'KB001');
    expect(second.body.data.outcome).toBe('confirmed');
    expect(second.body.data.deposit.first_approval_by?.username).toBe('finance');
    expect(second.body.data.deposit.confirmed_by?.username).toBe('owner');
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(Math.round(Number(d.pay_amount) * 100));
    const again = await confirm(d.request_id, finance, 'KB001');
    expect(again.body.data.outcome).toBe('already_confirmed');
    const audit = await auditRows(t, { entity: 'deposit_request', entityId: d.request_id }, ['action']);
    expect(audit.map((a) => a.action)).toEqual([
      'payments.deposit_first_approval',
      'payments.deposit_confirmed',
    ]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('below 20,000 one operator is enough, and members cannot reach the operator endpoints', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 2, amount: 19999 })).body.data;
    const asMember = await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
      token: m.token,
      body: { bank_ref: 'X' },
    });
    expect(asMember.status).toBe(401);
    const lotto = await staffToken(t, 'lotto', clock);
    expect((await confirm(d.request_id, lotto)).status).toBe(403);
    expect((await confirm(d.request_id)).body.data.outcome).toBe('confirmed');
    const queue = await call<{ items: { request_id: number }[]; total: number }>(
      t.app,
      'GET',
      `/api/admin/payments/deposits?status=paid&phone=${m.phone}`,
      {
        token: finance,
      },
    );
    expect(queue.body.data.items.map((q) => q.request_id)).toEqual([d.request_id]);
    expect(queue.body.data.total).toBe(1);
  });
});

describe('statement import', () => {
  it('pays the worked example (KBANK 1234567890, 500.xx, xxx-x-x6789-x) and adds nothing on re-import', async () => {
    const m = await newMember(t, '1234567890');
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 500 })).body.data;
    const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(7)},${d.pay_amount},in,xxx-x-x6789-x,\n${bangkok(8)},120.00,out,,\n`;
    const first = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(first.body.data).toMatchObject({ lines_new: 1, matched: 1, unmatched: 0 });
    const again = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(again.body.data).toMatchObject({ lines_new: 0, duplicates: 1, matched: 0 });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    const [credit] = await depositCredits(t.db, m.memberId);
    expect(credit!.idempotency_key).toMatch(/^stmt:\d+$/);
  });

  it('a late posting within 10 minutes of expiry still pays an expired or cancelled request', async () => {
    const m = await newMember(t, '5550001234');
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 300 })).body.data;
    await call(t.app, 'POST', '/api/member/payment/cancel', {
      token: m.token,
      body: { request_id: d.request_id },
    });
    const csv = `posted_at,amount,direction,counterparty,bank_ref\n${bangkok(24)},${d.pay_amount},in,xxxxxx1234,LATE${d.request_id}\n`;
    const r = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(r.body.data.matched).toBe(1);
    const status = await depositStatus(t, m.token, d.request_id);
    expect(status.status).toBe('paid');
  });

  it('wrong digits, too few digits or a line after the window go to the unmatched queue; assign and ignore', async () => {
    const m = await newMember(t, '5550009876');
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 400 })).body.data;
    const csv = [
      'posted_at,amount,direction,counterparty,bank_ref',
      `${bangkok(5)},${d.pay_amount},in,xxxxxx1111,U1-${d.request_id}`,
      `${bangkok(5)},${d.pay_amount},in,xxxxxxx876,U2-${d.request_id}`,
      `${bangkok(40)},${d.pay_amount},in,,U3-${d.request_id}`,
    ].join('\n');
    const r = await importCsv('bank', d.receiving.id, 'generic', csv);
    expect(r.body.data).toMatchObject({ lines_new: 3, matched: 0, unmatched: 3 });
    const queue = await call<{ items: { id: number; bank_ref: string }[] }>(
      t.app,
      'GET',
      '/api/admin/payments/statement_lines?page_size=200',
      {
        token: finance,
      },
    );
    const mine = queue.body.data.items.filter((l) => l.bank_ref.endsWith(`-${d.request_id}`));
    expect(mine).toHaveLength(3);
    const u2 = mine.find((l) => l.bank_ref.startsWith('U2'))!;
    const assigned = await call<{ outcome: string }>(
      t.app,
      'POST',
      `/api/admin/payments/statement_lines/${u2.id}/assign`,
      {
        token: finance,
        body: { member_id: m.memberId, note: 'ลูกค้าส่งสลิปยืนยัน' },
      },
    );
    expect(assigned.body.data.outcome).toBe('confirmed');
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    const twice = await call(t.app, 'POST', `/api/admin/payments/statement_lines/${u2.id}/assign`, {
      token: finance,
      body: { member_id: m.memberId },
    });
    expect(twice.body.code).toBe('STATEMENT_LINE_CLOSED');
    const u3 = mine.find((l) => l.bank_ref.startsWith('U3'))!;
    const ignored = await call<{ status: string }>(
      t.app,
      'POST',
      `/api/admin/payments/statement_lines/${u3.id}/ignore`,
      {
        token: finance,
        body: { note: 'โอนซ้ำ คืนเงินแล้ว' },
      },
    );
    expect(ignored.body.data.status).toBe('ignored');
  });
});

describe('statement import: what a line shows', () => {
  it('a KBANK line whose masked counterparty shows only 3 digits confirms no request (§3.2 rule 4)', async () => {
    const m = await newMember(t, '7771234890');
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 500 })).body.data;
    const [day, time] = bangkok(7).split(' ');
    const [y, mo, dd] = day!.split('-');
    const csv = [
      'วันที่,เวลา,ฝากเงิน,ถอนเงิน,รายละเอียด,เลขที่อ้างอิง',
      `${dd}/${mo}/${Number(y) + 543},${time},${d.pay_amount},,รับโอนจาก xxx-x-xx890-x,K3D-${d.request_id}`,
    ].join('\n');
    const r = await importCsv('bank', d.receiving.id, 'kbank', csv);
    expect(r.body.data).toMatchObject({ lines_new: 1, matched: 0, unmatched: 1 });
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);
  });

  it('a time in UTC (…Z) is that instant; a date that does not exist or a broken file is refused in Thai', async () => {
    const m = await newMember(t, '5556767890');
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 500 })).body.data;
    const utc = new Date(clock.now().getTime() + 7 * 60_000).toISOString().slice(0, 19);
    const ok = await importCsv(
      'bank',
      d.receiving.id,
      'generic',
      `posted_at,amount,direction,counterparty,bank_ref\n${utc}Z,${d.pay_amount},in,xxx-x-x6789-x,Z-${d.request_id}\n`,
    );
    expect(ok.body.data).toMatchObject({ lines_new: 1, matched: 1 });
    for (const content of [
      `posted_at,amount,direction,counterparty,bank_ref\n2026-02-31 14:07,300.12,in,,F-${d.request_id}\n`,
      `posted_at,amount,direction,counterparty,bank_ref\n2026-03-01 24:07,300.12,in,,H-${d.request_id}\n`,
      'posted_at,amount,direction,counterparty,bank_ref\n2026-03-01 14:07,"300.12,in,,X1\n',
      'when,how_much\n2026-03-01 14:07,300.12\n',
    ]) {
      const r = await importCsv('bank', d.receiving.id, 'generic', content);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code).toBe('STATEMENT_FILE_INVALID');
      expect(r.body.message).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('gateway', () => {
  it('refuses a bad signature, dedupes events, and sends a different amount to review', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 700 })).body.data;
    const bad = await webhook(
      { event_id: 'x', gateway_ref: d.gateway_ref, status: 'paid', amount: d.pay_amount },
      'ab'.repeat(32),
    );
    expect(bad.statusCode).toBe(401);
    const short = await webhook({
      event_id: 'short1',
      gateway_ref: d.gateway_ref,
      status: 'paid',
      amount: '700.00',
    });
    expect(short.json().data).toEqual({ received: true, duplicate: false });
    const dup = await webhook({
      event_id: 'short1',
      gateway_ref: d.gateway_ref,
      status: 'paid',
      amount: '700.00',
    });
    expect(dup.json().data).toEqual({ received: true, duplicate: true });
    const st = await depositStatus(t, m.token, d.request_id);
    expect(st.status_label).toBe('กำลังตรวจสอบ');
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0);
    const rejected = await call<Deposit>(
      t.app,
      'POST',
      `/api/admin/payments/deposits/${d.request_id}/reject`,
      {
        token: finance,
        body: { reason: 'ยอดไม่ตรง คืนเงินผ่านเกตเวย์แล้ว' },
      },
    );
    expect(rejected.body.data.status_label).toBe('ไม่สำเร็จ');
    expect(rejected.body.data.reason).toBe('ยอดไม่ตรง คืนเงินผ่านเกตเวย์แล้ว');
  });

  it('inquiry finds a payment whose webhook never came (at most every 15 s)', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 150 })).body.data;
    await t.db
      .updateTable('sandbox_gateway_payment')
      .set({ status: 'paid', paid_satang: Math.round(Number(d.pay_amount) * 100) })
      .where('gateway_ref', '=', d.gateway_ref!)
      .execute();
    const st = await call<Deposit>(t.app, 'GET', '/api/member/payment/inquiry_status', { token: m.token });
    expect(st.body.data.status).toBe('paid');
    const [credit] = await depositCredits(t.db, m.memberId);
    expect(credit!.idempotency_key).toBe(`gw:sandbox:${d.gateway_ref}`);
  });

  it('the sandbox is refused when the production setting turns it off', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 160 })).body.data;
    await t.db.updateTable('payment_setting').set({ sandbox_enabled: false }).execute();
    try {
      const r = await call(t.app, 'POST', `/api/sandbox/payments/${d.gateway_ref}/pay`, {});
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('SANDBOX_DISABLED');
      const ch = await call<{ channel_id: number; sub_channels: { sub_channel_id: number }[] }[]>(
        t.app,
        'GET',
        '/api/member/payment/channels',
        { token: m.token },
      );
      expect(ch.body.data.find((c) => c.channel_id === 3)!.sub_channels.map((s) => s.sub_channel_id)).toEqual(
        [1],
      );
    } finally {
      await t.db.updateTable('payment_setting').set({ sandbox_enabled: true }).execute();
    }
  });
});

describe('the promotion chosen at deposit', () => {
  it('is evaluated at confirmation: deposit and bonus go to the bonus wallet', async () => {
    const m = await newMember(t);
    const welcome = await welcomePromotion(t, m.token);
    expect(welcome.eligible).toBe(true);
    const d = (
      await generateQr(t, m.token, { channel_id: 1, amount: 1200, promotion_id: welcome.id }, randomUUID())
    ).body.data;
    expect(d.promotion?.id).toBe(welcome.id);
    await confirm(d.request_id);
    const pay = Math.round(Number(d.pay_amount) * 100);
    // 50% capped at 500 baht.
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: pay + 500_00, 3: 0 });
    const after = await call<{
      active: { required_turnover: string } | null;
      items: { id: number; eligible: boolean }[];
    }>(t.app, 'GET', '/api/member/payment/promotions', { token: m.token });
    expect(after.body.data.active?.required_turnover).toBe((((pay + 500_00) * 5) / 100).toFixed(2));
    expect(after.body.data.items.find((p) => p.id === welcome.id)!.eligible).toBe(false);
  });
});
