import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  call,
  FixedClock,
  lockWaiters,
  registerMember,
  staffLogin,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { fund as fundFromTest } from './lotto-fixtures.ts';
import { newMember, type Withdrawal, walletBalances, withdraw } from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

const clock = new FixedClock(new Date('2026-03-02T03:00:00Z')); // 10:00 Bangkok
let t: TestApp;
let finance: string;

beforeAll(async () => {
  ({ t, finance } = await suiteApp({ clock, staff: ['finance'] }));
});
afterAll(async () => {
  await t?.close();
});

/** Money in as an operator's adjustment, not a deposit. */
const fund = (memberId: number, baht: number) => fundFromTest(t, memberId, baht, 1, 'adjustment');

/** A withdrawal's status as the database holds it. */
async function storedStatus(id: number) {
  return (await t.db.selectFrom('withdrawal').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}

const pendingHeld = async () =>
  (
    await call<{ system_balances: { code: string; balance: string }[] }>(
      t.app,
      'GET',
      '/api/admin/ledger/reconciliation',
      {
        token: finance,
      },
    )
  ).body.data.system_balances.find((s) => s.code === 'sys:withdraw_pending')?.balance ?? '0.00';

/** The name the bank shows for the member's account: here the registered one (docs/rules/payments.md §4). */
async function bankName(id: number): Promise<string> {
  const w = await t.db.selectFrom('withdrawal').select('member_id').where('id', '=', id).executeTakeFirst();
  if (!w) return 'ไม่มีรายการ';
  const m = await t.db
    .selectFrom('member')
    .select('account_name')
    .where('id', '=', w.member_id)
    .executeTakeFirstOrThrow();
  return m.account_name;
}
const approve = async (id: number, ref = 'KB-OUT-1') =>
  call<Withdrawal>(t.app, 'POST', `/api/admin/payments/withdrawals/${id}/approve`, {
    token: finance,
    body: { bank_ref: ref, bank_account_name: await bankName(id) },
  });
const reject = (id: number, reason = 'ชื่อบัญชีไม่ตรง') =>
  call<Withdrawal>(t.app, 'POST', `/api/admin/payments/withdrawals/${id}/reject`, {
    token: finance,
    body: { reason },
  });

let capped: { token: string } | null = null;

describe('withdrawal requests', () => {
  it('concurrent requests from one member never hold more than the balance', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 1000);
    const before = Number(await pendingHeld());
    const answers = await Promise.all(Array.from({ length: 12 }, () => withdraw(t, m.token, 600)));
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.error !== 0)) {
      expect(['WITHDRAW_PENDING', 'INSUFFICIENT_FUNDS']).toContain(a.body.code);
    }
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(400_00);
    expect(Number(await pendingHeld()) - before).toBeCloseTo(600, 2);
    expect(ok[0]!.body.data).toMatchObject({
      status: 'pending',
      status_label: 'รอดำเนินการ',
      amount: '600.00',
    });

    await approve(ok[0]!.body.data.id);
    const more = await Promise.all(Array.from({ length: 8 }, () => withdraw(t, m.token, 500)));
    for (const a of more) expect(a.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(400_00);
    const list = await call<Withdrawal[]>(t.app, 'GET', '/api/member/withdraw/list', { token: m.token });
    expect(list.body.data.map((w) => w.status)).toEqual(['paid']);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 500);
    const a = await withdraw(t, m.token, 200, 'f7a5c1e0-0000-4000-8000-000000000001');
    const b = await withdraw(t, m.token, 200, 'f7a5c1e0-0000-4000-8000-000000000001');
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(300_00);
  });

  it('reject (reason required) returns the funds; approve never pays twice', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 1000);
    const w = (await withdraw(t, m.token, 700)).body.data;
    const noReason = await call(t.app, 'POST', `/api/admin/payments/withdrawals/${w.id}/reject`, {
      token: finance,
      body: { reason: '' },
    });
    expect(noReason.body.code).toBe('VALIDATION_FAILED');
    const r = await reject(w.id);
    expect(r.body.data).toMatchObject({ status: 'rejected', status_label: 'ไม่สำเร็จ', reason: 'ชื่อบัญชีไม่ตรง' });
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(1000_00);
    expect((await approve(w.id)).body.code).toBe('WITHDRAWAL_STATE_CHANGED');

    const w2 = (await withdraw(t, m.token, 800)).body.data;
    const clicks = await Promise.all([
      ...Array.from({ length: 8 }, () => approve(w2.id)),
      ...Array.from({ length: 4 }, () => reject(w2.id)),
    ]);
    const won = clicks.filter((c) => c.body.error === 0);
    expect(won).toHaveLength(1);
    const paidOut = await t.db
      .selectFrom('ledger_transfer')
      .select(['kind'])
      .where('reference', '=', `WD-${w2.id}`)
      .execute();
    const kinds = paidOut.map((p) => p.kind).sort();
    expect(kinds.filter((k) => k !== 'withdraw_hold')).toHaveLength(1);
    const balance = (await walletBalances(t.db, m.memberId))[1];
    expect(balance).toBe(won[0]!.body.data.status === 'paid' ? 200_00 : 1000_00);
    const audit = await auditRows(t, { entity: 'withdrawal', entityId: w2.id }, ['action']);
    expect(audit).toHaveLength(1);
  });

  it('enforces the minimum, the one-open rule and the daily cap (counting pending, review and paid)', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 250_000);
    expect((await withdraw(t, m.token, 99)).body.message).toBe('ถอนขั้นต่ำ 100 บาท');
    const big = (await withdraw(t, m.token, 49_999)).body.data;
    expect((await withdraw(t, m.token, 100)).body.code).toBe('WITHDRAW_PENDING');
    await approve(big.id);
    const second = (await withdraw(t, m.token, 100_000)).body.data;
    expect(second.status).toBe('review'); // 50,000 or more
    expect(second.status_label).toBe('กำลังตรวจสอบ');
    const moved = await call<Withdrawal>(
      t.app,
      'POST',
      `/api/admin/payments/withdrawals/${second.id}/release_review`,
      {
        token: finance,
        body: { note: 'ตรวจสอบแล้ว' },
      },
    );
    expect(moved.body.data.status).toBe('pending');
    // The supervisor who released it cannot also pay it: another operator does.
    const same = await approve(second.id);
    expect(same.body.code).toBe('WITHDRAW_SECOND_OPERATOR');
    expect(same.body.message).toContain('50,000 บาท');
    const other = await call<Withdrawal>(
      t.app,
      'POST',
      `/api/admin/payments/withdrawals/${second.id}/approve`,
      {
        token: await staffLogin(t, 'owner', clock),
        body: { bank_ref: 'KB-OUT-2', bank_account_name: await bankName(second.id) },
      },
    );
    expect(other.body.data.status).toBe('paid');
    const over = await withdraw(t, m.token, 50_002);
    expect(over.body.code).toBe('WITHDRAW_DAILY_CAP');
    expect(over.body.message).toBe('เกินวงเงินถอนต่อวัน วันนี้ถอนได้อีก 50,001 บาท');
    capped = m;
  });

  it('sends a member whose account name another member shares to review', async () => {
    const a = await registerMember(t, { account_name: 'สมปอง ซ้ำชื่อ' });
    await registerMember(t, { account_name: 'สมปอง  ซ้ำชื่อ' });
    await fund(a.memberId, 500);
    const w = (await withdraw(t, a.token, 300)).body.data;
    expect(w.status).toBe('review');
  });

  it('sends a member who shares a device with another member to review (every G5 flag, as rewards read it)', async () => {
    const a = await registerMember(t, { account_name: 'สมใจ อุปกรณ์ร่วม' });
    const b = await registerMember(t, { account_name: 'สมหมาย อุปกรณ์ร่วม' });
    const alone = await registerMember(t, { account_name: 'สมศรี อุปกรณ์เดียว' });
    await t.db
      .updateTable('member')
      .set({ device_id: 'device-withdraw-shared-01' })
      .where('id', 'in', [a.memberId, b.memberId])
      .execute();
    await t.db
      .updateTable('member')
      .set({ device_id: 'device-withdraw-alone-01' })
      .where('id', '=', alone.memberId)
      .execute();
    await fund(a.memberId, 500);
    await fund(alone.memberId, 500);
    expect((await withdraw(t, a.token, 300)).body.data.status).toBe('review');
    expect((await withdraw(t, alone.token, 300)).body.data.status).toBe('pending');
  });
});

describe('two clicks of one operator that overlap', () => {
  it('a release still being written and a pay of the same request: the pay waits and is refused (two people)', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 60_000);
    const w = (await withdraw(t, m.token, 55_000)).body.data;
    expect(w.status).toBe('review');
    // Another operator's audited action holds the audit chain: the release waits in its last step,
    // its move to pending written but not committed.
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(7341002)');
      const release = call<Withdrawal>(
        t.app,
        'POST',
        `/api/admin/payments/withdrawals/${w.id}/release_review`,
        {
          token: finance,
          body: { note: 'ตรวจสอบแล้ว' },
        },
      );
      await lockWaiters(t, 1, ['advisory']);
      const pay = approve(w.id);
      // The pay waits for the release's row (before the fix it read "review", skipped its checks and
      // waited in its update instead).
      await lockWaiters(t, 1, ['transactionid']);
      await other.query('SELECT pg_advisory_unlock(7341002)');
      const [released, paid] = await Promise.all([release, pay]);
      expect(released.body.data.status).toBe('pending');
      expect(paid.body.code).toBe('WITHDRAW_SECOND_OPERATOR');
      expect(await storedStatus(w.id)).toBe('pending');
    } finally {
      await other.end();
    }
  });
});

describe('the next Bangkok day', () => {
  it('starts a new daily cap', async () => {
    expect(capped).not.toBeNull();
    // 10:00 → 18:00 (the session is used, so it stays alive) → 01:00 the next day.
    clock.advance(8 * 3_600_000);
    await call(t.app, 'GET', '/api/member/withdraw/list', { token: capped!.token });
    clock.advance(7 * 3_600_000);
    const next = await withdraw(t, capped!.token, 50_002);
    expect(next.body.error).toBe(0);
  });
});

describe("the first payout checks the bank's account name (docs/rules/payments.md §4)", () => {
  // The earlier tests moved the clock past the finance session's idle limit: the owner signs in now.
  let owner: string;
  beforeAll(async () => {
    owner = await staffToken(t, 'owner', clock);
  });
  const approveWith = (id: number, body: object) =>
    call<Withdrawal & { member: { name_check_required: boolean } }>(
      t.app,
      'POST',
      `/api/admin/payments/withdrawals/${id}/approve`,
      { token: owner, body: { bank_ref: 'KB-NAME-1', ...body } },
    );

  it('no name or another name pays nothing; the registered name (with a title) pays and is remembered', async () => {
    const m = await registerMember(t, { account_name: 'มานี มีนา' });
    await fund(m.memberId, 1000);
    const w = (await withdraw(t, m.token, 300)).body.data;
    const queue = await call<{ items: { id: number; member: { name_check_required: boolean } }[] }>(
      t.app,
      'GET',
      `/api/admin/payments/withdrawals?phone=${m.phone}`,
      { token: owner },
    );
    expect(queue.body.data.items.map((x) => x.id)).toEqual([w.id]);
    expect(queue.body.data.items[0]?.member.name_check_required).toBe(true);
    const held = await walletBalances(t.db, m.memberId);

    expect((await approveWith(w.id, {})).body.code).toBe('WITHDRAW_NAME_CHECK_REQUIRED');
    const wrong = await approveWith(w.id, { bank_account_name: 'มานะ มีนา' });
    expect(wrong.body).toMatchObject({ code: 'WITHDRAW_NAME_MISMATCH' });
    expect(wrong.body.message).toContain('มานะ มีนา');
    expect(await walletBalances(t.db, m.memberId)).toEqual(held);
    expect(await storedStatus(w.id)).toBe('pending');

    const paid = await approveWith(w.id, { bank_account_name: 'น.ส. มานี  มีนา' });
    expect(paid.body).toMatchObject({
      error: 0,
      data: { status: 'paid', member: { name_check_required: false } },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity', '=', 'withdrawal')
      .where('entity_id', '=', String(w.id))
      .where('action', '=', 'payments.withdrawal_paid')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ name_checked: 'น.ส. มานี  มีนา' });

    // Later payouts need no name.
    const next = (await withdraw(t, m.token, 200)).body.data;
    expect((await approveWith(next.id, {})).body).toMatchObject({ error: 0, data: { status: 'paid' } });
  });

  it('only an operator changes bank data or the name, audited, and the next payout checks the name again', async () => {
    const m = await registerMember(t, { account_name: 'ปิติ ชูใจ' });
    const other = await registerMember(t, { account_name: 'ชูใจ เลิศล้ำ' });
    await fund(m.memberId, 1000);
    const first = (await withdraw(t, m.token, 100)).body.data;
    expect((await approveWith(first.id, { bank_account_name: 'ปิติ ชูใจ' })).body.error).toBe(0);

    const path = `/api/admin/members/${m.memberId}/bank`;
    expect(
      (await call(t.app, 'PUT', path, { token: m.token, body: { account_no: '1234567890', reason: 'x' } }))
        .status,
    ).toBe(401);
    const support = await staffToken(t, 'support', clock);
    expect(
      (await call(t.app, 'PUT', path, { token: support, body: { account_no: '1234567890', reason: 'x' } }))
        .status,
    ).toBe(403);
    const otherAccount = await t.db
      .selectFrom('member')
      .select(['bank_code', 'account_no'])
      .where('id', '=', other.memberId)
      .executeTakeFirstOrThrow();
    const taken = await call(t.app, 'PUT', path, {
      token: owner,
      body: { ...otherAccount, reason: 'สมาชิกแจ้งเปลี่ยนบัญชี' },
    });
    expect(taken.body.code).toBe('BANK_ACCOUNT_TAKEN');
    const noReason = await call(t.app, 'PUT', path, {
      token: owner,
      body: { account_no: '9876543210123', reason: ' ' },
    });
    expect(noReason.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: 'กรุณาระบุเหตุผล' } });

    const changed = await call<{ account_no: string; name_check_required: boolean }>(t.app, 'PUT', path, {
      token: owner,
      body: { account_no: '9876543210123', account_name: 'ปิติ ชูใจยิ่ง', reason: 'สมาชิกแจ้งเปลี่ยนบัญชี' },
    });
    expect(changed.body).toMatchObject({
      error: 0,
      data: { account_no: '9876543210123', name_check_required: true },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'member.bank_update')
      .where('entity_id', '=', String(m.memberId))
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ account_name: 'ปิติ ชูใจ' });
    expect(audit.after).toMatchObject({ account_name: 'ปิติ ชูใจยิ่ง', reason: 'สมาชิกแจ้งเปลี่ยนบัญชี' });

    const next = (await withdraw(t, m.token, 100)).body.data;
    expect((await approveWith(next.id, {})).body.code).toBe('WITHDRAW_NAME_CHECK_REQUIRED');
    expect((await approveWith(next.id, { bank_account_name: 'ปิติ ชูใจ' })).body.code).toBe(
      'WITHDRAW_NAME_MISMATCH',
    );
    expect((await approveWith(next.id, { bank_account_name: 'นาย ปิติ ชูใจยิ่ง' })).body.error).toBe(0);
  });
});
