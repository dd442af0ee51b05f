import { satang } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayRegistry } from '../src/modules/payments/gateway.ts';
import { requestWithdrawal } from '../src/modules/payments/withdrawals.ts';
import { inTransaction } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import { call, createTestApp, FixedClock, registerMember, staffToken, type TestApp } from './helpers.ts';
import { generateQr, newMember, type Withdrawal, walletBalances, withdraw } from './payments-fixtures.ts';

const clock = new FixedClock(new Date('2026-03-02T03:00:00Z')); // 10:00 Bangkok
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  finance = await staffToken(t, 'finance', clock);
});
afterAll(async () => {
  await t?.close();
});

async function fund(memberId: number, baht: number, wallet: 1 | 2 = 1) {
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: { system: 'sys:test' },
      to: { member: memberId, wallet },
      amount: satang(baht * 100),
      kind: 'adjustment',
      idempotencyKey: `test:fund:${memberId}:${wallet}:${Date.now()}:${baht}`,
    }),
  );
}

async function bet(memberId: number, baht: number, kind: 'bet' | 'refund' = 'bet', wallet: 1 | 2 = 2) {
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: kind === 'bet' ? { member: memberId, wallet } : { system: 'sys:lotto' },
      to: kind === 'bet' ? { system: 'sys:lotto' } : { member: memberId, wallet },
      amount: satang(baht * 100),
      kind,
      idempotencyKey: `test:${kind}:${memberId}:${process.hrtime.bigint()}`,
    }),
  );
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

const approve = (id: number, ref = 'KB-OUT-1') =>
  call<Withdrawal>(t.app, 'POST', `/api/admin/payments/withdrawals/${id}/approve`, {
    token: finance,
    body: { bank_ref: ref },
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
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'withdrawal')
      .where('entity_id', '=', String(w2.id))
      .execute();
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
    await approve(second.id);
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

  it('refuses while any open-bets check says a stake is open', async () => {
    const m = await newMember(t);
    await fund(m.memberId, 500);
    const deps = {
      db: t.db,
      ledger: t.ledger,
      events: t.app.events,
      clock,
      agentId: t.config.AGENT_ID,
      gateways: gatewayRegistry(t.db, () => clock.now(), { sandboxAllowed: true }),
      openBetsChecks: [
        async () => ({ open: false, reason: '' }),
        async () => ({ open: true, reason: 'โพยหวยรอผล 1 ใบ' }),
      ],
    };
    const err = await requestWithdrawal(deps, {
      memberId: m.memberId,
      amountBaht: 200,
      idempotencyKey: null,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('OPEN_BETS');
    expect((err as AppError).message).toContain('โพยหวยรอผล 1 ใบ');
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(500_00);
  });
});

describe('bonus turnover', () => {
  it('blocks withdrawal while unmet ("ยังทำเทิร์นไม่ครบ"), then the bonus moves to main', async () => {
    const m = await newMember(t);
    const promos = await call<{ items: { id: number; title: string }[] }>(
      t.app,
      'GET',
      '/api/member/payment/promotions',
      {
        token: m.token,
      },
    );
    const daily = promos.body.data.items.find((p) => p.title.includes('ฝากทั้งวัน'))!; // 10%, ×3
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 1000, promotion_id: daily.id })).body
      .data;
    await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
      token: finance,
      body: { bank_ref: 'K1' },
    });
    const deposit = Math.round(Number(d.pay_amount) * 100);
    const bonus = Math.floor(deposit / 10);
    const required = (deposit + bonus) * 3;
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: deposit + bonus, 3: 0 });
    await fund(m.memberId, 300); // money in main does not lift the block

    await bet(m.memberId, 1000);
    await bet(m.memberId, 500, 'refund');
    const refused = await withdraw(t, m.token, 100);
    expect(refused.body.code).toBe('TURNOVER_INCOMPLETE');
    const fmt = (s: number) =>
      s % 100 === 0
        ? (s / 100).toLocaleString('en-US')
        : (s / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(refused.body.message).toBe(`ยังทำเทิร์นไม่ครบ ${fmt(50_000)}/${fmt(required)}`);
    const info = await call<{ blocked_reason: string | null; turnover: { complete: boolean } | null }>(
      t.app,
      'GET',
      '/api/member/withdraw/info',
      { token: m.token },
    );
    expect(info.body.data.blocked_reason).toBe(refused.body.message);
    expect(info.body.data.turnover?.complete).toBe(false);

    // Meet the requirement exactly (bets out of the bonus wallet, partly won back).
    await fund(m.memberId, required / 100, 2);
    await bet(m.memberId, required / 100 - 500);
    const bonusLeft = (await walletBalances(t.db, m.memberId))[2];
    const ok = await withdraw(t, m.token, 100);
    expect(ok.body.error).toBe(0);
    const after = await walletBalances(t.db, m.memberId);
    expect(after[2]).toBe(0);
    expect(after[1]).toBe(300_00 + bonusLeft - 100_00);
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
