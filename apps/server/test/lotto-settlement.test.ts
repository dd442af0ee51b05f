import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { call, createTestApp, expectReconciled, FixedClock, staffToken, type TestApp } from './helpers.ts';
import {
  balanceOf,
  buy,
  closeNow,
  enterResult,
  fundedMember,
  lottoOf,
  openRound,
  winTransfers,
} from './lotto-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const R1 = { first: '845312', front3: ['207', '519'], back3: ['663', '048'], last2: '71' };

async function billStatus(billId: number) {
  const b = await t.db
    .selectFrom('lotto_bill')
    .selectAll()
    .where('id', '=', billId)
    .executeTakeFirstOrThrow();
  const items = await t.db
    .selectFrom('lotto_bill_item')
    .selectAll()
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
  return { status: b.status, win: b.total_win, items: items.map((i) => [i.status, i.win_amount]) };
}

/** Settles the round a second time and checks nothing more is paid. */
async function settleAgain(roundId: number, billIds: number[]) {
  const lotto = lottoOf(t, new FixedClock(new Date()));
  expect(await lotto.settlement.settleRound(roundId)).toEqual({ bills: 0, paid: 0 });
  expect((await lotto.tick(new Date())).settled).toBe(0);
  for (const id of billIds) expect(await winTransfers(t, id)).toBeLessThanOrEqual(1);
}

describe('docs/rules/lottery.md §11 known answers through bills, the database and the ledger', () => {
  it('cases 1–5 on R1 (GLO) at default rates, each won bill credited once', async () => {
    const m = await fundedMember(t, 10_000);
    const roundId = await openRound(t, 'glo');
    const bills = [
      [
        { bet_type: 'three_top', number: '312', amount: 10 },
        { bet_type: 'three_top', number: '213', amount: 10 },
      ],
      [{ bet_type: 'three_tod', number: '231', amount: 20 }],
      [
        { bet_type: 'three_front', number: '519', amount: 4 },
        { bet_type: 'three_back', number: '048', amount: 5 },
        { bet_type: 'three_back', number: '312', amount: 5 },
      ],
      [
        { bet_type: 'two_top', number: '12', amount: 100 },
        { bet_type: 'two_bottom', number: '17', amount: 100 },
      ],
      [
        { bet_type: 'run_top', number: '1', amount: 7 },
        { bet_type: 'run_bottom', number: '7', amount: 10 },
      ],
    ];
    const ids: number[] = [];
    for (const items of bills) {
      const res = await buy(t, m.token, roundId, items);
      expect(res.body.error).toBe(0);
      ids.push(res.body.data.bill.bill_id);
    }
    const before = await balanceOf(t, m.memberId);
    await closeNow(t, roundId);
    const res = await enterResult(t, roundId, R1);
    expect(res.body.data).toMatchObject({ status: 'settled', result_version: 1, settled_bills: 5 });
    expect(await billStatus(ids[0]!)).toEqual({
      status: 'won',
      win: 900_000,
      items: [
        ['won', 900_000],
        ['lost', 0],
      ],
    });
    expect(await billStatus(ids[1]!)).toMatchObject({ status: 'won', win: 300_000 });
    expect(await billStatus(ids[2]!)).toMatchObject({
      items: [
        ['won', 180_000],
        ['won', 225_000],
        ['lost', 0],
      ],
    });
    expect(await billStatus(ids[3]!)).toMatchObject({
      items: [
        ['won', 900_000],
        ['lost', 0],
      ],
    });
    expect(await billStatus(ids[4]!)).toMatchObject({
      items: [
        ['won', 2240],
        ['won', 4200],
      ],
    });
    const total = 900_000 + 300_000 + 405_000 + 900_000 + 6440;
    expect(res.body.data.paid).toBe((total / 100).toFixed(2));
    expect(await balanceOf(t, m.memberId)).toBe(before + total);
    for (const id of ids) expect(await winTransfers(t, id)).toBe(1);
    await settleAgain(roundId, ids);
    expect(await balanceOf(t, m.memberId)).toBe(before + total);
    await expectReconciled(t);
  });

  it('case 6: top3 121 — tod 112 wins 1,500, 122 loses; top3 555 — run_top 5 pays 32.00 once', async () => {
    const m = await fundedMember(t, 1000);
    const r121 = await openRound(t, 'lao');
    const a = await buy(t, m.token, r121, [
      { bet_type: 'three_tod', number: '112', amount: 10 },
      { bet_type: 'three_tod', number: '122', amount: 10 },
    ]);
    const r555 = await openRound(t, 'lao');
    const b = await buy(t, m.token, r555, [{ bet_type: 'run_top', number: '5', amount: 10 }]);
    await closeNow(t, r121);
    await closeNow(t, r555);
    await enterResult(t, r121, { number: '9121' });
    await enterResult(t, r555, { number: '0555' });
    expect(await billStatus(a.body.data.bill.bill_id)).toMatchObject({
      items: [
        ['won', 150_000],
        ['lost', 0],
      ],
    });
    expect(await billStatus(b.body.data.bill.bill_id)).toMatchObject({ win: 3200 });
    await settleAgain(r555, [b.body.data.bill.bill_id]);
    expect(await winTransfers(t, b.body.data.bill.bill_id)).toBe(1);
  });

  it('cases 7–8: BAAC 5098264 and Hang Seng 17,208.05 / +96.40', async () => {
    const m = await fundedMember(t, 1000);
    const baac = await openRound(t, 'baac');
    const b7 = await buy(t, m.token, baac, [{ bet_type: 'two_bottom', number: '98', amount: 50 }]);
    const hs = await openRound(t, 'hangseng_pm');
    const b8 = await buy(t, m.token, hs, [
      { bet_type: 'two_top', number: '05', amount: 20 },
      { bet_type: 'two_bottom', number: '04', amount: 20 },
    ]);
    await closeNow(t, baac);
    await closeNow(t, hs);
    await enterResult(t, baac, { first: '5098264' });
    const hsRes = await enterResult(t, hs, { close: '17,208.05', change: '+96.40' });
    expect(await billStatus(b7.body.data.bill.bill_id)).toMatchObject({ status: 'won', win: 450_000 });
    expect(await billStatus(b8.body.data.bill.bill_id)).toMatchObject({
      items: [
        ['won', 180_000],
        ['lost', 0],
      ],
    });
    expect(hsRes.body.data.status).toBe('settled');
    const result = await call<{ result: { top3: string; bottom2: string } }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${hs}`,
    );
    expect(result.body.data.result).toMatchObject({ top3: '805', top2: '05', bottom2: '40' });
    await settleAgain(baac, [b7.body.data.bill.bill_id]);
  });

  it('case 9: two_top 12 at 90 wins 9,000; after 12 is reduced to 45 the same bet wins 4,500', async () => {
    const m = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    const first = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 100 }]);
    const token = await staffToken(t, 'lotto');
    await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/number_limits`, {
      token,
      body: { bet_type: 'two_top', number: '12', action: 'reduced_rate', rate: '45.00' },
    });
    const second = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 100 }]);
    await closeNow(t, roundId);
    await enterResult(t, roundId, { number: '4312' });
    expect(await billStatus(first.body.data.bill.bill_id)).toMatchObject({ win: 900_000 });
    expect(await billStatus(second.body.data.bill.bill_id)).toMatchObject({ win: 450_000 });
    await settleAgain(roundId, [first.body.data.bill.bill_id, second.body.data.bill.bill_id]);
    await expectReconciled(t);
  });
});

describe('members hear of their settled bills', () => {
  it('once, as lotto_bills on their own topic, with each bill’s outcome', async () => {
    const [winner, loser] = [await fundedMember(t, 1_000), await fundedMember(t, 1_000)];
    const roundId = await openRound(t, 'glo');
    const won = await buy(t, winner.token, roundId, [{ bet_type: 'two_bottom', number: '71', amount: 10 }]);
    const lost = await buy(t, loser.token, roundId, [{ bet_type: 'two_bottom', number: '70', amount: 10 }]);
    const heard: Record<number, unknown[]> = { [winner.memberId]: [], [loser.memberId]: [] };
    const offs = [winner, loser].map((m) =>
      t.app.events.listen(`member:${m.memberId}`, (event, data) => {
        if (event === 'lotto_bills') heard[m.memberId]!.push(data);
      }),
    );
    await closeNow(t, roundId);
    expect((await enterResult(t, roundId, R1)).body.data).toMatchObject({ status: 'settled' });
    await expect.poll(() => [heard[winner.memberId]!.length, heard[loser.memberId]!.length]).toEqual([1, 1]);
    expect(heard[winner.memberId]).toEqual([
      {
        round_id: roundId,
        bills: [{ bill_id: won.body.data.bill.bill_id, status: 'won', total_win: '900.00' }],
      },
    ]);
    expect(heard[loser.memberId]).toEqual([
      {
        round_id: roundId,
        bills: [{ bill_id: lost.body.data.bill.bill_id, status: 'lost', total_win: '0.00' }],
      },
    ]);
    for (const off of offs) off();
  });
});

describe('result entry rules', () => {
  it('refuses a result before close, a malformed output, and a yeekee round', async () => {
    const roundId = await openRound(t, 'lao');
    const early = await enterResult(t, roundId, { number: '1234' });
    expect(early.body.code).toBe('LOTTO_RESULT_TOO_EARLY');
    await closeNow(t, roundId);
    const bad = await enterResult(t, roundId, { number: '12a4' });
    expect(bad.body.code).toBe('LOTTO_RESULT_INVALID');
    expect(bad.body.fields).toHaveProperty('raw.number');
    const y = await openRound(t, 'yeekee', { closeInMs: -1000 });
    expect((await enterResult(t, y, { r: '12345' })).body.code).toBe('LOTTO_RESULT_BY_SHOOTING');
    const member = await fundedMember(t, 10);
    const forbidden = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/result`, {
      token: member.token,
      body: { raw: {} },
    });
    expect(forbidden.status).toBe(401);
  });

  it('a correction reverses the first wins, books what the wallet cannot cover as debt, re-settles, and is audited', async () => {
    const rich = await fundedMember(t, 1000);
    const spender = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    const a = await buy(t, rich.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 10 }]);
    const _b = await buy(t, spender.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 10 }]);
    const c = await buy(t, rich.token, roundId, [{ bet_type: 'two_bottom', number: '98', amount: 10 }]);
    await closeNow(t, roundId);
    await enterResult(t, roundId, { number: '4321' });
    expect(await balanceOf(t, rich.memberId)).toBe(98_000 + 90_000);
    // The spender withdraws most of it, so the reversal cannot be covered in full.
    expect(await balanceOf(t, spender.memberId)).toBe(99_000 + 90_000);
    await inTransaction(t.db, (tx) =>
      t.ledger.transfer(tx, {
        from: { member: spender.memberId, wallet: 1 },
        to: { system: 'sys:test' },
        amount: satang(139_000),
        kind: 'withdraw_paid',
        idempotencyKey: `test-spend-${spender.memberId}`,
      }),
    );

    const noReason = await enterResult(t, roundId, { number: '9821' });
    expect(noReason.body.code).toBe('LOTTO_REASON_REQUIRED');
    const fixed = await enterResult(t, roundId, { number: '9821' }, 'พิมพ์ผลผิด');
    expect(fixed.body.data).toMatchObject({ status: 'settled', result_version: 2 });
    expect(await billStatus(a.body.data.bill.bill_id)).toMatchObject({ status: 'lost', win: 0 });
    expect(await billStatus(c.body.data.bill.bill_id)).toMatchObject({ status: 'won', win: 90_000 });
    expect(await balanceOf(t, rich.memberId)).toBe(98_000 + 90_000);
    expect(await balanceOf(t, spender.memberId)).toBe(0);
    const debt = await t.db
      .selectFrom('lotto_member_debt')
      .selectAll()
      .where('member_id', '=', spender.memberId)
      .execute();
    expect(debt.map((x) => [x.amount, x.recovered])).toEqual([[40_000, 0]]);
    // The debt blocks withdrawals under its own code, saying how much and until when.
    const blocked = await call(t.app, 'POST', '/api/member/withdraw', {
      token: spender.token,
      body: { amount: 100 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(blocked.body.code).toBe('LOTTO_MEMBER_DEBT');
    expect(blocked.body.message).toBe(
      'มียอดค้างชำระ 400 บาทจากการแก้ไขผลหวย ถอนได้เมื่อหักชำระครบจากยอดเงินเข้าครั้งถัดไป',
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lotto.result.correct')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ reason: 'พิมพ์ผลผิด', version: 2 });
    expect(audit[0]!.before).toMatchObject({ version: 1 });
    await settleAgain(roundId, [a.body.data.bill.bill_id, c.body.data.bill.bill_id]);
    await expectReconciled(t);
  });
});

describe('emergency close (docs/rules/lottery.md §6)', () => {
  it('before the scheduled close only the owner may close, audited; it reopens until the scheduled close; then the result is entered', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '21', amount: 10 }]);
    const close = async (who: 'lotto' | 'owner') =>
      call<{ status: string }>(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/close`, {
        token: await staffToken(t, who),
        body: { reason: 'ผลรั่วไหล' },
      });
    const audits = () =>
      t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', 'in', ['lotto.round.close', 'lotto.round.reopen'])
        .where('entity_id', '=', String(roundId))
        .orderBy('id')
        .execute();
    // The lotto role may not end betting early: refused, nothing changes.
    expect((await close('lotto')).body.code).toBe('LOTTO_EARLY_CLOSE_OWNER_ONLY');
    expect(
      (await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '22', amount: 10 }])).body.error,
    ).toBe(0);
    expect(await audits()).toHaveLength(0);

    const res = await close('owner');
    expect(res.body.data.status).toBe('closed');
    const late = await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '21', amount: 10 }]);
    expect(late.body.code).toBe('LOTTO_ROUND_CLOSED');
    const [closed] = await audits();
    expect(closed!.after).toMatchObject({ early: true, reason: 'ผลรั่วไหล' });

    // Reopened (owner only) until the scheduled close: betting runs again.
    const reopen = (who: 'lotto' | 'owner') =>
      staffToken(t, who).then((token) =>
        call<{ status: string; close_at: string }>(
          t.app,
          'POST',
          `/api/admin/lotto/rounds/${roundId}/reopen`,
          {
            token,
            body: { reason: 'ตรวจสอบแล้ว' },
          },
        ),
      );
    expect((await reopen('lotto')).body.code).toBe('FORBIDDEN');
    const reopened = await reopen('owner');
    expect(reopened.body.data.status).toBe('open');
    expect(
      (await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '23', amount: 10 }])).body.error,
    ).toBe(0);
    expect((await audits()).map((a) => a.action)).toEqual(['lotto.round.close', 'lotto.round.reopen']);

    // Closed early again, and its scheduled close passes: it can no longer be reopened.
    expect((await close('owner')).body.data.status).toBe('closed');
    await sql`UPDATE lotto_round SET scheduled_close_at = clock_timestamp() - interval '1 second' WHERE id = ${roundId}`.execute(
      t.db,
    );
    expect((await reopen('owner')).body.code).toBe('LOTTO_REOPEN_NOT_ALLOWED');

    // A result waits for the draw time, then is entered by two people.
    expect((await enterResult(t, roundId, { number: '4321' })).body.code).toBe('LOTTO_RESULT_TOO_EARLY');
    await closeNow(t, roundId);
    const result = await enterResult(t, roundId, { number: '4321' });
    expect(result.body.data).toMatchObject({ status: 'settled', paid: '900.00', confirmation: 'applied' });
  });
});

describe('round cancellation', () => {
  it('an operator cancel refunds every pending bill, releases exposure and is audited', async () => {
    const m = await fundedMember(t, 500);
    const roundId = await openRound(t, 'lao');
    await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '11', amount: 100 }]);
    await buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '11', amount: 50 }]);
    const token = await staffToken(t, 'lotto');
    const res = await call<{ refunded_bills: number; refunded: string }>(
      t.app,
      'POST',
      `/api/admin/lotto/rounds/${roundId}/cancel`,
      {
        token,
        body: { reason: 'ตลาดปิดทำการ' },
      },
    );
    expect(res.body.data).toMatchObject({ refunded_bills: 2, refunded: '150.00' });
    expect(await balanceOf(t, m.memberId)).toBe(50_000);
    const exp = await t.db.selectFrom('lotto_exposure').selectAll().where('round_id', '=', roundId).execute();
    expect(exp.every((e) => e.accepted_amount === 0)).toBe(true);
    const again = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/cancel`, {
      token,
      body: { reason: 'x' },
    });
    expect(again.body.code).toBe('LOTTO_ROUND_FINAL');
    const refunds = await t.db
      .selectFrom('ledger_transfer')
      .select('kind')
      .where('kind', '=', 'refund')
      .where('reference', 'like', 'lotto:bill:%')
      .execute();
    expect(refunds.length).toBeGreaterThanOrEqual(2);
    await expectReconciled(t);
  });

  it('auto-refunds a round without a result an hour after the expected time (markets with auto_refund_no_result)', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    await buy(t, m.token, roundId, [{ bet_type: 'run_top', number: '3', amount: 30 }]);
    await closeNow(t, roundId);
    const round = await t.db
      .selectFrom('lotto_round')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    const lotto = lottoOf(t, new FixedClock(new Date()));
    await lotto.tick(new Date(round.expected_result_at.getTime() + 30 * 60_000));
    expect(
      (
        await t.db
          .selectFrom('lotto_round')
          .select('status')
          .where('id', '=', roundId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('closed');
    await lotto.tick(new Date(round.expected_result_at.getTime() + 61 * 60_000));
    expect(
      (
        await t.db
          .selectFrom('lotto_round')
          .select('status')
          .where('id', '=', roundId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled');
    expect(await balanceOf(t, m.memberId)).toBe(10_000);
  });
});
