import { satang } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { call, createTestApp, registerMember, type TestApp } from './helpers.ts';

let t: TestApp;
let member: { token: string; memberId: number };

interface Statement {
  items: {
    kind: string;
    kind_label: string;
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
