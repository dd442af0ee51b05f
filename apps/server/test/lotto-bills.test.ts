import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBill, createBill } from '../src/modules/lotto/bills.ts';
import type { LottoDeps } from '../src/modules/lotto/deps.ts';
import { FixedClock, systemClock } from '../src/platform/clock.ts';
import { AppError, envelopeOf } from '../src/platform/errors.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import { call, createTestApp, expectReconciled, registerMember, type TestApp } from './helpers.ts';
import {
  balanceOf,
  buy,
  fund,
  fundedMember,
  lottoDeps,
  openRound,
  setNumberLimits,
} from './lotto-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('bill/validate', () => {
  it('returns per-item effective rates, potential wins, problems and totals without changing anything', async () => {
    const m = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    await setNumberLimits(t, roundId, { bet_type: 'two_bottom', number: '47', action: 'reduced_rate' });
    await setNumberLimits(t, roundId, { bet_type: 'two_top', number: '99', action: 'closed' });
    const res = await call<{
      ok: boolean;
      items: {
        rate: string;
        potential_win: string;
        problems: { code: string; warning: boolean; message: string }[];
      }[];
      total_amount: string;
      problems: { code: string }[];
    }>(t.app, 'POST', '/api/lotto/bill/validate', {
      token: m.token,
      body: {
        round_id: roundId,
        wallet_id: 1,
        items: [
          { bet_type: 'two_bottom', number: '47', amount: 10 },
          { bet_type: 'two_top', number: '99', amount: 10 },
          { bet_type: 'three_top', number: '12', amount: 10 },
          { bet_type: 'three_front', number: '123', amount: 10 },
          { bet_type: 'run_top', number: '5', amount: 20000 },
          { bet_type: 'two_bottom', number: '01', amount: 2000 },
        ],
      },
    });
    expect(res.body.error).toBe(0);
    const d = res.body.data;
    expect(d.ok).toBe(false);
    expect(d.items[0]).toMatchObject({ rate: '45.00', potential_win: '450.00' });
    expect(d.items[0]!.problems.map((p) => [p.code, p.warning])).toEqual([['RATE_REDUCED', true]]);
    expect(d.items[1]!.problems[0]!.code).toBe('NUMBER_CLOSED');
    expect(d.items[2]!.problems[0]!.code).toBe('INVALID_NUMBER');
    expect(d.items[3]!.problems[0]!.code).toBe('TYPE_DISABLED');
    expect(d.items[4]!.problems[0]!.code).toBe('ABOVE_MAX');
    expect(d.total_amount).toBe('22040.00');
    expect(d.problems.map((p) => p.code)).toEqual(['INSUFFICIENT_BALANCE']);
    expect(await balanceOf(t, m.memberId)).toBe(100000);
  });

  it('an amount too large to pay out is a form error on that line, not a 500 (found by the fuzz test)', async () => {
    const m = await fundedMember(t, 10);
    const roundId = await openRound(t, 'lao');
    for (const path of ['/api/lotto/bill/validate', '/api/lotto/bill/create']) {
      const res = await call(t.app, 'POST', path, {
        token: m.token,
        body: {
          round_id: roundId,
          wallet_id: 1,
          items: [{ bet_type: 'three_top', number: '123', amount: '625755482683' }],
        },
      });
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ error: 1001, message: 'จำนวนเงินสูงเกินไป' });
    }
    expect(await balanceOf(t, m.memberId)).toBe(1000);
  });
});

describe('bill/create', () => {
  it('debits the wallet, snapshots rates and potential wins, and replays on the same key', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    const key = crypto.randomUUID();
    const items = [
      { bet_type: 'three_top', number: '123', amount: 10 },
      { bet_type: 'run_bottom', number: '7', amount: 5 },
    ];
    const first = await buy(t, m.token, roundId, items, key);
    expect(first.body.error).toBe(0);
    expect(first.body.data.balance).toBe('485.00');
    expect(first.body.data.items).toMatchObject([
      { number: '123', rate: '900.00', potential_win: '9000.00', amount: '10.00', status: 'pending' },
      { number: '7', rate: '4.20', potential_win: '21.00' },
    ]);
    const again = await buy(t, m.token, roundId, items, key);
    expect(again.body.data.bill.bill_id).toBe(first.body.data.bill.bill_id);
    expect(await balanceOf(t, m.memberId)).toBe(48500);
    const conflict = await buy(
      t,
      m.token,
      roundId,
      [{ bet_type: 'three_top', number: '124', amount: 10 }],
      key,
    );
    expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
    // A later rate edit never changes the placed item.
    await sql`UPDATE lotto_round SET settings = jsonb_set(settings, '{rates,three_top,rate}', '"500.00"') WHERE id = ${roundId}`.execute(
      t.db,
    );
    const detail = await call<{ items: { rate: string }[] }>(
      t.app,
      'GET',
      `/api/lotto/bill/detail?bill_id=${first.body.data.bill.bill_id}`,
      { token: m.token },
    );
    expect(detail.body.data.items[0]!.rate).toBe('900.00');
    const ledger = await t.db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('reference', '=', `lotto:bill:${first.body.data.bill.bill_id}`)
      .execute();
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([['bet', 1500]]);
    await expectReconciled(t);
  });

  it('a bill whose round rules change before every try answers a Thai "try again" (503) and buys nothing', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    const items = [{ bet_type: 'three_top' as const, number: '321', amount: 10 }];
    // A first bill caches the round's rules (decision 0012).
    expect((await buy(t, m.token, roundId, items)).body.error).toBe(0);
    const balance = await balanceOf(t, m.memberId);
    const bills = async () =>
      Number(
        (
          await t.db
            .selectFrom('lotto_bill')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('member_id', '=', m.memberId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await bills();
    // Before each try an operator closes another number of the round (a real rules change through the
    // console's API, committed): every try meets rules newer than those it was checked against.
    const tries: number[] = [];
    const d = {
      db: t.db,
      ledger: t.ledger,
      events: t.app.events,
      jobs: disabledJobs,
      clock: systemClock,
      config: t.config,
      beforeBillAttempt: async (round: number, attempt: number) => {
        tries.push(attempt);
        await setNumberLimits(t, round, {
          bet_type: 'two_top',
          number: String(attempt).padStart(2, '0'),
          action: 'closed',
        });
      },
    };
    const refused = await createBill(d, m.memberId, { round_id: roundId, wallet_id: 1, items }, null).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(envelopeOf(refused as AppError)).toEqual({
      error: 2029,
      code: 'LOTTO_RULES_CHANGING',
      message: 'กติกาของงวดนี้เพิ่งมีการเปลี่ยนแปลง ยังไม่ได้ซื้อโพยนี้ กรุณาตรวจสอบโพยแล้วลองใหม่อีกครั้ง',
      data: null,
    });
    expect((refused as AppError).statusCode).toBe(503);
    expect(tries).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await balanceOf(t, m.memberId)).toBe(balance);
    expect(await bills()).toBe(before);
    // Once the rules hold still, the same bill goes through.
    expect((await buy(t, m.token, roundId, items)).body.error).toBe(0);
    await expectReconciled(t);
  });

  it('a repeated key sent while the first bill is tried again waits for its answer (decision 0084)', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    expect(
      (await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '55', amount: 1 }])).body.error,
    ).toBe(0);
    const balance = await balanceOf(t, m.memberId);
    const key = `retried-${roundId}`;
    const first = [{ bet_type: 'three_top' as const, number: '321', amount: 10 }];
    const repeat = [{ bet_type: 'three_top' as const, number: '654', amount: 20 }];
    // Between the first bill's tries the member's app sends the key again with other lines, and that
    // request reaches the queue of bills; the queue may send it (it must wait for the first's answer).
    const { d, other: repeated } = triedAgain(
      '01',
      (dRepeat) => createBill(dRepeat, m.memberId, { round_id: roundId, wallet_id: 1, items: repeat }, key),
      () => new Promise((r) => setImmediate(r)),
    );
    const answer = await createBill(d, m.memberId, { round_id: roundId, wallet_id: 1, items: first }, key);
    // The first bill is bought with its own lines; the repeat answers a conflict, not a bill of its own.
    expect(answer.items.map((i) => i.number)).toEqual(['321']);
    expect(await repeated()).toBe('IDEMPOTENCY_CONFLICT');
    const bills = await t.db
      .selectFrom('lotto_bill')
      .select('total_stake')
      .where('member_id', '=', m.memberId)
      .where('idempotency_key', '=', key)
      .execute();
    expect(bills).toEqual([{ total_stake: 1000 }]);
    expect(await balanceOf(t, m.memberId)).toBe(balance - 1000);
    await expectReconciled(t);
  });

  it('a bill tried again keeps its place before a bill that arrived after it (decision 0084)', async () => {
    const [a, b] = [await fundedMember(t, 500), await fundedMember(t, 500)];
    const roundId = await openRound(t, 'lao');
    expect(
      (await buy(t, a.token, roundId, [{ bet_type: 'two_top', number: '55', amount: 1 }])).body.error,
    ).toBe(0);
    // Room for one of the two bills on the number.
    await setNumberLimits(t, roundId, { bet_type: 'two_top', number: '77', action: 'capped', cap: 150 });
    const line = [{ bet_type: 'two_top' as const, number: '77', amount: 100 }];
    // Between the first bill's tries another member's bill for the same number arrives and is queued
    // first; the first's next try is queued before the queue sends (the queue sends on the turn after).
    const { d, other: later } = triedAgain(
      '02',
      (dLater) => createBill(dLater, b.memberId, { round_id: roundId, wallet_id: 1, items: line }, null),
      () => new Promise((r) => process.nextTick(r)),
    );
    const first = await createBill(d, a.memberId, { round_id: roundId, wallet_id: 1, items: line }, null);
    // The bill that arrived first is judged first: it takes the room, the later one is over the ceiling.
    expect(first.items.map((i) => i.number)).toEqual(['77']);
    expect(await later()).toBe('LOTTO_OVER_CEILING');
    await expectReconciled(t);
  });

  it("keeps every line in its bill's round: the database refuses a line naming another round", async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    const other = await openRound(t, 'hanoi');
    const res = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 10 }]);
    expect(res.body.error).toBe(0);
    const billId = res.body.data.bill.bill_id;
    const insert = sql`
      INSERT INTO lotto_bill_item (bill_id, round_id, bet_type, number, stake, rate_snapshot, potential_win)
      VALUES (${billId}, ${other}, 'two_bottom', '34', 1000, 90, 90000)`.execute(t.db);
    await expect(insert).rejects.toMatchObject({ code: '23503' });
    const moved = sql`UPDATE lotto_bill_item SET round_id = ${other} WHERE bill_id = ${billId}`.execute(t.db);
    await expect(moved).rejects.toMatchObject({ code: '23503' });
  });

  it('refuses a closed round, a closed number, an over-ceiling line — naming the line — and insufficient funds, changing nothing', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    await setNumberLimits(t, roundId, { bet_type: 'two_top', number: '13', action: 'closed' });
    const closedNo = await buy(t, m.token, roundId, [
      { bet_type: 'two_top', number: '12', amount: 1 },
      { bet_type: 'two_top', number: '13', amount: 1 },
    ]);
    expect(closedNo.body.code).toBe('LOTTO_NUMBER_CLOSED');
    expect(Object.keys(closedNo.body.fields ?? {})).toEqual(['items.1']);
    const poor = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 101 }]);
    expect(poor.body.code).toBe('INSUFFICIENT_FUNDS');
    const exp = await t.db.selectFrom('lotto_exposure').selectAll().where('round_id', '=', roundId).execute();
    expect(exp.every((e) => e.accepted_amount === 0)).toBe(true);
    const past = await openRound(t, 'lao', { closeInMs: -1000 });
    const late = await buy(t, m.token, past, [{ bet_type: 'two_top', number: '12', amount: 1 }]);
    expect(late.body.code).toBe('LOTTO_ROUND_CLOSED');
    expect(await balanceOf(t, m.memberId)).toBe(10000);
  });

  it('caps a number: 29 capped at 3,000 with 2,800 accepted refuses 300 (200 remaining) and accepts 200', async () => {
    const roundId = await openRound(t, 'lao');
    await setNumberLimits(t, roundId, { bet_type: 'two_bottom', number: '29', action: 'capped', cap: 3000 });
    const a = await fundedMember(t, 5000);
    expect(
      (await buy(t, a.token, roundId, [{ bet_type: 'two_bottom', number: '29', amount: 2800 }])).body.error,
    ).toBe(0);
    const over = await buy(t, a.token, roundId, [{ bet_type: 'two_bottom', number: '29', amount: 300 }]);
    expect(over.body.code).toBe('LOTTO_OVER_CEILING');
    expect(over.body.message).toContain('200');
    expect(over.body.fields?.['items.0']).toContain('200');
    const fill = await buy(t, a.token, roundId, [{ bet_type: 'two_bottom', number: '29', amount: 200 }]);
    expect(fill.body.error).toBe(0);
    const limit = await call<{ numbers: { number: string; remaining: number }[] }>(
      t.app,
      'GET',
      `/api/lotto/limit?round_id=${roundId}`,
    );
    expect(limit.body.data.numbers.find((n) => n.number === '29')?.remaining).toBe(0);
  });

  it("refuses wallets that are not the member's or not lotto-eligible", async () => {
    const m = await fundedMember(t, 100);
    await fund(t, m.memberId, 50, 3);
    const roundId = await openRound(t, 'lao');
    const res = await call(t.app, 'POST', '/api/lotto/bill/create', {
      token: m.token,
      body: { round_id: roundId, wallet_id: 3, items: [{ bet_type: 'run_top', number: '1', amount: 1 }] },
    });
    expect(res.body.code).toBe('LOTTO_WALLET_NOT_ELIGIBLE');
    const wallets = await call<{ wallet_type_id: number }[]>(t.app, 'POST', '/api/lotto/wallets', {
      token: m.token,
      body: { agent_id: 34 },
    });
    expect(wallets.body.data.map((w) => w.wallet_type_id)).toEqual([1]);
  });
});

describe('bill/cancel', () => {
  it('refunds a pending bill up to 30 minutes before close and releases exposure; not after', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao', { closeInMs: 3 * 3600_000 });
    const b = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '55', amount: 40 }]);
    const res = await call<{ refunded: string; bill: { status: string } }>(
      t.app,
      'POST',
      '/api/lotto/bill/cancel',
      {
        token: m.token,
        body: { agent_id: 34, bill_id: b.body.data.bill.bill_id },
      },
    );
    expect(res.body.data).toMatchObject({ refunded: '40.00', bill: { status: 'cancelled' } });
    expect(await balanceOf(t, m.memberId)).toBe(10000);
    const exp = await t.db.selectFrom('lotto_exposure').selectAll().where('round_id', '=', roundId).execute();
    expect(exp[0]!.accepted_amount).toBe(0);
    const kinds = await t.db
      .selectFrom('ledger_transfer')
      .select('kind')
      .where('reference', '=', `lotto:bill:${b.body.data.bill.bill_id}`)
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['bet', 'refund']);
    const again = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
      token: m.token,
      body: { bill_id: b.body.data.bill.bill_id },
    });
    expect(again.body.code).toBe('LOTTO_BILL_NOT_PENDING');

    const soon = await openRound(t, 'lao', { closeInMs: 20 * 60_000 });
    const b2 = await buy(t, m.token, soon, [{ bet_type: 'two_top', number: '55', amount: 10 }]);
    const late = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
      token: m.token,
      body: { bill_id: b2.body.data.bill.bill_id },
    });
    expect(late.body.code).toBe('LOTTO_CANCEL_NOT_ALLOWED');
    const other = await registerMember(t);
    const notMine = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
      token: other.token,
      body: { bill_id: b2.body.data.bill.bill_id },
    });
    expect(notMine.body.code).toBe('LOTTO_BILL_NOT_FOUND');
    await expectReconciled(t);
  });

  it('records the cancel at the server clock’s time', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao', { closeInMs: 3 * 3600_000 });
    const b = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '56', amount: 10 }]);
    const billId = b.body.data.bill.bill_id as number;
    // A clock an hour ahead of the wall: the record must carry its time, not the machine's.
    const clock = new FixedClock(new Date(Date.now() + 3600_000));
    await cancelBill(lottoDeps(t, clock), m.memberId, billId);
    const row = await t.db
      .selectFrom('lotto_bill')
      .select(['status', 'cancelled_at'])
      .where('id', '=', billId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at?.toISOString()).toBe(clock.now().toISOString());
    await expectReconciled(t);
  });

  it('never cancels a yeekee bill', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'yeekee', { closeInMs: 3 * 3600_000 });
    const b = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '55', amount: 10 }]);
    const res = await call(t.app, 'POST', '/api/lotto/bill/cancel', {
      token: m.token,
      body: { bill_id: b.body.data.bill.bill_id },
    });
    expect(res.body.code).toBe('LOTTO_YEEKEE_NOT_CANCELLABLE');
  });
});

describe('bill list and detail', () => {
  it('lists own bills newest first, filterable by status', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    const b1 = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '01', amount: 1 }]);
    const b2 = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '02', amount: 2 }]);
    const list = await call<{ items: { bill_id: number }[]; total: number }>(
      t.app,
      'GET',
      '/api/lotto/bill/list?status=pending',
      { token: m.token },
    );
    expect(list.body.data.items.map((b) => b.bill_id)).toEqual([
      b2.body.data.bill.bill_id,
      b1.body.data.bill.bill_id,
    ]);
    const none = await call<{ total: number }>(t.app, 'GET', '/api/lotto/bill/list?status=won', {
      token: m.token,
    });
    expect(none.body.data.total).toBe(0);
    const anon = await call(t.app, 'GET', '/api/lotto/bill/list');
    expect(anon.status).toBe(401);
  });
});

describe('many members bill concurrently on the same numbers while the round closes', () => {
  it('commits every bill before close_at or refuses it; no number over its ceiling; the ledger balances', async () => {
    const members = [];
    for (let i = 0; i < 24; i++) members.push(await fundedMember(t, 10_000));
    const roundId = await openRound(t, 'lao', { closeInMs: 1500 });
    await setNumberLimits(t, roundId, { bet_type: 'two_bottom', number: '29', action: 'capped', cap: 3000 });
    const before = new Map<number, number>();
    for (const m of members) before.set(m.memberId, await balanceOf(t, m.memberId));
    const results: { memberId: number; error: number; code?: string | undefined; total?: number }[] = [];
    const deadline = Date.now() + 3000;
    await Promise.all(
      members.map(async (m, i) => {
        let n = 0;
        while (Date.now() < deadline) {
          n++;
          const items = [
            { bet_type: 'two_bottom', number: '29', amount: 100 + (i % 5) * 50 },
            { bet_type: 'three_top', number: '123', amount: 300 + (n % 3) * 100 },
            { bet_type: 'run_top', number: '1', amount: 20 },
          ];
          const res = await buy(t, m.token, roundId, items);
          results.push({
            memberId: m.memberId,
            error: res.body.error,
            code: res.body.code,
            total: items.reduce((s, x) => s + x.amount, 0),
          });
        }
      }),
    );
    const accepted = results.filter((r) => r.error === 0);
    const refused = results.filter((r) => r.error !== 0);
    expect(accepted.length).toBeGreaterThan(10);
    expect(refused.some((r) => r.code === 'LOTTO_ROUND_CLOSED')).toBe(true);
    expect(refused.some((r) => r.code === 'LOTTO_OVER_CEILING')).toBe(true);
    for (const r of refused)
      expect(['LOTTO_ROUND_CLOSED', 'LOTTO_OVER_CEILING', 'INSUFFICIENT_FUNDS']).toContain(r.code);

    // Every committed bill was created before close_at by the database clock.
    const { rows: late } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lotto_bill b JOIN lotto_round r ON r.id = b.round_id
      WHERE b.round_id = ${roundId} AND b.created_at >= r.close_at`.execute(t.db);
    expect(late[0]!.n).toBe(0);
    // No number's accepted total is over its ceiling, and exposure equals the items sold.
    const { rows: exposure } = await sql<{
      bet_type: string;
      number: string;
      accepted_amount: number;
      sold: number;
    }>`
      SELECT e.bet_type, e.number, e.accepted_amount,
        (SELECT coalesce(sum(stake), 0)::bigint FROM lotto_bill_item i
         WHERE i.round_id = e.round_id AND i.bet_type = e.bet_type AND i.number = e.number) AS sold
      FROM lotto_exposure e WHERE e.round_id = ${roundId}`.execute(t.db);
    const ceilings: Record<string, number> = {
      'two_bottom:29': 300_000,
      'three_top:123': 2_000_000,
      'run_top:1': 10_000_000,
    };
    for (const e of exposure) {
      expect(e.accepted_amount).toBe(e.sold);
      expect(e.accepted_amount).toBeLessThanOrEqual(ceilings[`${e.bet_type}:${e.number}`]!);
    }
    // Each member paid exactly for the bills that were accepted.
    for (const m of members) {
      const paid = accepted.filter((r) => r.memberId === m.memberId).reduce((s, r) => s + r.total! * 100, 0);
      expect(await balanceOf(t, m.memberId)).toBe(before.get(m.memberId)! - paid);
    }
    const billCount = await t.db
      .selectFrom('lotto_bill')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(Number(billCount.n)).toBe(accepted.length);
    await expectReconciled(t);
  });
});

describe('bill idempotency on the bill itself (decision 0011)', () => {
  it('concurrent requests with one key make one bill and one debit; a retry after close still answers with it', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    const key = crypto.randomUUID();
    const items = [
      { bet_type: 'two_top', number: '58', amount: 20 },
      { bet_type: 'run_top', number: '3', amount: 5 },
    ];
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(t, m.token, roundId, items, key)));
    for (const a of answers) expect(a.body.error).toBe(0);
    const ids = new Set(answers.map((a) => a.body.data.bill.bill_id));
    expect(ids.size).toBe(1);
    const bills = await t.db
      .selectFrom('lotto_bill')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(bills).toHaveLength(1);
    expect(await balanceOf(t, m.memberId)).toBe(47500);
    const exposure = await t.db
      .selectFrom('lotto_exposure')
      .select('accepted_amount')
      .where('round_id', '=', roundId)
      .where('bet_type', '=', 'two_top')
      .where('number', '=', '58')
      .executeTakeFirstOrThrow();
    expect(exposure.accepted_amount).toBe(2000);
    await sql`UPDATE lotto_round SET close_at = clock_timestamp() - interval '1 second', status = 'closed' WHERE id = ${roundId}`.execute(
      t.db,
    );
    const late = await buy(t, m.token, roundId, items, key);
    expect(late.body.error).toBe(0);
    expect(late.body.data.bill.bill_id).toBe([...ids][0]);
    expect((await buy(t, m.token, roundId, items)).body.code).toBe('LOTTO_ROUND_CLOSED');
    await expectReconciled(t);
  });
});

/**
 * Lotto deps for a bill that meets newer rules on its first try (an operator closes two_top `closes`)
 * and is tried again. Between its tries, `between` starts another bill with deps whose hook tells
 * when that bill's try is about to be queued; after that, `wait` lets the event loop turn as the case
 * needs, then the first bill's second try goes on. `other()`: the other bill's outcome ('bought' or
 * its error code).
 */
function triedAgain(
  closes: string,
  between: (d: LottoDeps) => Promise<unknown>,
  wait: () => Promise<unknown>,
) {
  let outcome: Promise<unknown> | null = null;
  const d: LottoDeps = {
    ...lottoDeps(t, systemClock),
    beforeBillAttempt: async (round: number, attempt: number) => {
      if (attempt === 0)
        await setNumberLimits(t, round, { bet_type: 'two_top', number: closes, action: 'closed' });
      if (attempt !== 1) return;
      let queued!: () => void;
      const reached = new Promise<void>((r) => {
        queued = r;
      });
      outcome = between({ ...lottoDeps(t, systemClock), beforeBillAttempt: async () => queued() }).then(
        () => 'bought',
        (err: unknown) => (err instanceof AppError ? err.code : err),
      );
      await reached;
      await wait();
    },
  };
  return { d, other: () => outcome };
}
