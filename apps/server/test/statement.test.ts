import { satang } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { addSimProvider, launchToken, SIM } from './games-support.ts';
import { call, createTestApp, registerMember, type TestApp } from './helpers.ts';
import { buy, fundedMember, openRound } from './lotto-fixtures.ts';

let t: TestApp;
let member: { token: string; memberId: number };

interface Statement {
  items: {
    kind: string;
    kind_label: string;
    description: string;
    reference: string | null;
    direction: string;
    amount: string;
    wallet_type_id: number;
    created_at: string;
  }[];
  page: number;
  per_page: number;
  total: number;
}

beforeAll(async () => {
  t = await createTestApp();
  member = await registerMember(t);
  const main = { member: member.memberId, wallet: 1 as const };
  const moves = [
    { from: { system: 'sys:bank:1' }, to: main, amount: 100_000, kind: 'deposit' as const },
    { from: main, to: { system: 'sys:game' }, amount: 2_000, kind: 'bet' as const },
    { from: { system: 'sys:game' }, to: main, amount: 5_550, kind: 'win' as const },
    {
      from: { system: 'sys:promo' },
      to: { member: member.memberId, wallet: 2 as const },
      amount: 10_000,
      kind: 'bonus' as const,
    },
    { from: main, to: { system: 'sys:withdraw_pending' }, amount: 50_000, kind: 'withdraw_hold' as const },
    { from: { system: 'sys:withdraw_pending' }, to: main, amount: 50_000, kind: 'withdraw_release' as const },
    { from: { system: 'sys:game' }, to: main, amount: 300, kind: 'refund' as const },
  ];
  for (const [i, m] of moves.entries()) {
    await inTransaction(t.db, (tx) =>
      t.ledger.transfer(tx, {
        ...m,
        amount: satang(m.amount),
        reference: `ref-${i}`,
        idempotencyKey: `stmt:${i}`,
      }),
    );
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/member/statement', () => {
  it('lists the member’s transfers newest first with direction and Thai labels', async () => {
    const res = await call<Statement>(t.app, 'GET', '/api/member/statement', { token: member.token });
    expect(res.body.data.total).toBe(7);
    expect(res.body.data.items.map((i) => [i.kind, i.direction, i.amount])).toEqual([
      ['refund', 'in', '3.00'],
      ['withdraw', 'in', '500.00'],
      ['withdraw', 'out', '500.00'],
      ['bonus', 'in', '100.00'],
      ['win', 'in', '55.50'],
      ['bet', 'out', '20.00'],
      ['deposit', 'in', '1000.00'],
    ]);
    expect(res.body.data.items[6]!.kind_label).toBe('ฝากเงิน');
    expect(res.body.data.items[3]!.wallet_type_id).toBe(2);
  });

  it('filters by kind and pages', async () => {
    const w = await call<Statement>(t.app, 'GET', '/api/member/statement?kind=withdraw', {
      token: member.token,
    });
    expect(w.body.data.items.map((i) => i.direction)).toEqual(['in', 'out']);
    const p2 = await call<Statement>(t.app, 'GET', '/api/member/statement?page=2&per_page=3', {
      token: member.token,
    });
    expect(p2.body.data).toMatchObject({ page: 2, per_page: 3, total: 7 });
    expect(p2.body.data.items.map((i) => i.kind)).toEqual(['bonus', 'win', 'bet']);
    const beyond = await call<Statement>(t.app, 'GET', '/api/member/statement?page=9&per_page=3', {
      token: member.token,
    });
    expect(beyond.body.data).toMatchObject({ items: [], total: 7 });
  });

  it('filters by Bangkok date', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const todays = await call<Statement>(t.app, 'GET', `/api/member/statement?from=${today}&to=${today}`, {
      token: member.token,
    });
    expect(todays.body.data.total).toBe(7);
    const old = await call<Statement>(t.app, 'GET', '/api/member/statement?from=2020-01-01&to=2020-01-31', {
      token: member.token,
    });
    expect(old.body.data.total).toBe(0);
    const bad = await call(t.app, 'GET', '/api/member/statement?from=yesterday', { token: member.token });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('shows only the member’s own transfers and needs a login', async () => {
    const other = await registerMember(t);
    const res = await call<Statement>(t.app, 'GET', '/api/member/statement', { token: other.token });
    expect(res.body.data.total).toBe(0);
    expect((await call(t.app, 'GET', '/api/member/statement')).status).toBe(401);
  });
});

describe('statement descriptions', () => {
  it('names every line in Thai words (lotto bill, game by its catalogue name, deposit, withdrawal, promotion), never an internal reference', async () => {
    const m = await fundedMember(t, 1_000);
    // A lotto bill bought and cancelled through the API.
    const roundId = await openRound(t, 'lao', { closeInMs: 3 * 3600_000 });
    const bill = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '55', amount: 40 }]);
    expect(bill.body.error).toBe(0);
    const billId = bill.body.data.bill.bill_id;
    const cancelled = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
      token: m.token,
      body: { bill_id: billId },
    });
    expect(cancelled.body.error).toBe(0);
    // A provider game's bet, win and a rolled-back bet through the seamless wallet.
    const sim = await addSimProvider(t);
    const player = String(m.memberId);
    expect((await sim.authenticate(await launchToken(t, m.memberId, 1))).status).toBe('OK');
    const game = { game: SIM.game, round_id: 'r-77' };
    expect((await sim.debit({ player, tx_id: 'd-1', amount: '20.00', ...game })).status).toBe('OK');
    expect(
      (await sim.credit({ player, tx_id: 'c-1', bet_tx_id: 'd-1', amount: '35.00', ...game })).status,
    ).toBe('OK');
    expect((await sim.debit({ player, tx_id: 'd-2', amount: '10.00', ...game })).status).toBe('OK');
    expect((await sim.rollback({ player, tx_id: 'd-2' })).status).toBe('OK');
    // Payments and lotto settlement write these reference formats (payments/confirm.ts,
    // payments/withdrawals.ts, payments/promotions.ts, lotto/settlement.ts).
    const main = { member: m.memberId, wallet: 1 as const };
    const bonusWallet = { member: m.memberId, wallet: 2 as const };
    const moves = [
      { from: { system: 'sys:bank:1' }, to: main, amount: 50_000, kind: 'deposit', reference: 'DEP-41' },
      { from: main, to: bonusWallet, amount: 50_000, kind: 'wallet_move', reference: 'DEP-41' },
      {
        from: { system: 'sys:promo' },
        to: bonusWallet,
        amount: 5_000,
        kind: 'bonus',
        reference: 'ฝากแรกรับ 10%',
      },
      {
        from: main,
        to: { system: 'sys:withdraw_pending' },
        amount: 10_000,
        kind: 'withdraw_hold',
        reference: 'WD-9',
      },
      {
        from: { system: 'sys:withdraw_pending' },
        to: main,
        amount: 10_000,
        kind: 'withdraw_release',
        reference: 'WD-9',
      },
      {
        from: { system: 'sys:house' },
        to: main,
        amount: 3_000,
        kind: 'bonus',
        reference: 'lotto:yeekee_reward:5:16',
      },
      {
        from: main,
        to: { system: 'sys:house' },
        amount: 1_000,
        kind: 'adjustment',
        reference: `lotto:win_reversal:${billId}`,
      },
    ] as const;
    for (const [i, x] of moves.entries()) {
      await inTransaction(t.db, (tx) =>
        t.ledger.transfer(tx, {
          ...x,
          amount: satang(x.amount),
          idempotencyKey: `describe:${m.memberId}:${i}`,
        }),
      );
    }

    const res = await call<Statement>(t.app, 'GET', '/api/member/statement?per_page=100', { token: m.token });
    expect(res.body.error).toBe(0);
    const lines = res.body.data.items.map((i) => [i.direction, i.description]).reverse();
    expect(lines).toEqual([
      ['in', 'ฝากเงิน'],
      ['out', `ซื้อหวย บิล #${billId}`],
      ['in', `คืนเงินหวย บิล #${billId}`],
      ['out', 'เดิมพันเกม Sim Slot'],
      ['in', 'ได้รางวัลจากเกม Sim Slot'],
      ['out', 'เดิมพันเกม Sim Slot'],
      ['in', 'คืนเงินเดิมพันเกม Sim Slot'],
      ['in', 'ฝากเงิน รายการ #41'],
      // A move between two of the member's wallets shows on both (out of main, into bonus).
      ['out', 'ย้ายยอดฝาก #41 เข้ากระเป๋าโปรโมชั่น'],
      ['in', 'ย้ายยอดฝาก #41 เข้ากระเป๋าโปรโมชั่น'],
      ['in', 'โบนัสโปรโมชั่น ฝากแรกรับ 10%'],
      ['out', 'ถอนเงิน รายการ #9'],
      ['in', 'คืนยอดถอน รายการ #9'],
      ['in', 'รางวัลผู้ยิงเลขหวยยี่กี ลำดับที่ 16'],
      ['out', `เรียกคืนเงินรางวัลหวย บิล #${billId} (แก้ไขผลรางวัล)`],
    ]);
    for (const item of res.body.data.items) expect(item.description).not.toMatch(/[a-z]:|DEP-|WD-|lotto/i);
  });

  it('falls back to the kind’s label for a reference it does not know', async () => {
    const res = await call<Statement>(t.app, 'GET', '/api/member/statement', { token: member.token });
    expect(res.body.data.items.map((i) => i.description)).toEqual([
      'คืนเงินเดิมพัน',
      'คืนยอดถอน',
      'ถอนเงิน',
      'โบนัส',
      'ได้รางวัลจากเกม',
      'เดิมพันเกม',
      'ฝากเงิน',
    ]);
  });
});
