import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiAnswer,
  call,
  createTestApp,
  expectReconciled,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';
import {
  balanceOf,
  buy,
  closeNow,
  enterResult,
  fundedMember,
  marketId,
  openRound,
  R1,
  winTransfers,
} from './lotto-fixtures.ts';

/** The console's lottery API (packages/contract/src/api/admin-lotto.ts; docs/rules/lottery.md). */

let t: TestApp;
let lotto: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  lotto = await staffToken(t, 'lotto');
});
afterAll(async () => {
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the contract by the app
type Any = any;
async function admin(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token = lotto,
): Promise<ApiAnswer<Any>['body']> {
  return (await call<Any>(t.app, method, path, { token, ...(body !== undefined ? { body } : {}) })).body;
}
/** The same call by the owner: the second person of a result (docs/rules/lottery.md §8). */
async function owner(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  return admin(method, path, body, await staffToken(t, 'owner'));
}

async function auditCount(action: string, entityId?: number): Promise<number> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .$if(entityId !== undefined, (q) => q.where('entity_id', '=', String(entityId)))
    .execute();
  return rows.length;
}

async function items(billId: number) {
  return t.db
    .selectFrom('lotto_bill_item')
    .select(['bet_type', 'number', 'rate_snapshot', 'potential_win', 'status', 'win_amount'])
    .where('bill_id', '=', billId)
    .orderBy('id')
    .execute();
}

describe('who may call the lottery console API', () => {
  it('the lotto role and the owner; finance, support and content get 403, members and anonymous callers 401', async () => {
    const owner = await staffToken(t, 'owner');
    const member = await registerMember(t);
    const paths = ['/api/admin/lotto/markets', '/api/admin/lotto/rounds', '/api/admin/lotto/yeekee/rounds'];
    for (const path of paths) {
      expect((await call(t.app, 'GET', path, { token: owner })).body.error).toBe(0);
      expect((await call(t.app, 'GET', path, { token: lotto })).body.error).toBe(0);
      for (const role of ['finance', 'support', 'content'] as const) {
        const res = await call(t.app, 'GET', path, { token: await staffToken(t, role) });
        expect(res.status).toBe(403);
      }
      expect((await call(t.app, 'GET', path, { token: member.token })).status).toBe(401);
      expect((await call(t.app, 'GET', path)).status).toBe(401);
    }
    const write = await call(t.app, 'PUT', `/api/admin/lotto/markets/${await marketId(t, 'lao')}`, {
      token: await staffToken(t, 'finance'),
      body: { is_active: false },
    });
    expect(write.status).toBe(403);
  });
});

describe('markets and schedules', () => {
  it('lists markets paged with schedules and rates; an edit is checked, audited, and reaches only rounds not yet open', async () => {
    const list = await admin('GET', '/api/admin/lotto/markets?page=1&page_size=5');
    expect(list.data.items).toHaveLength(5);
    expect(list.data.total).toBeGreaterThanOrEqual(13);
    const glo = (await admin('GET', '/api/admin/lotto/markets?page_size=200')).data.items.find(
      (m: Any) => m.code === 'glo',
    );
    expect(glo.schedule).toMatchObject({ type: 'monthly', dates: [1, 16], close: '15:20' });
    expect(glo.rates.three_top).toEqual({ enabled: true, rate: '900.00', min: 1, max: 2000, ceiling: 20000 });

    const id = await marketId(t, 'hanoi_vip');
    const openId = await openRound(t, 'hanoi_vip');
    // A round created but not yet open: no bill can be on it, so it takes the market's new rates.
    await sql`UPDATE lotto_round SET status = 'scheduled', open_at = clock_timestamp() + interval '10 minutes',
      close_at = clock_timestamp() + interval '1 hour' WHERE id = ${await openRound(t, 'hanoi_vip')}`.execute(
      t.db,
    );
    const scheduled = await t.db
      .selectFrom('lotto_round')
      .select('id')
      .where('market_id', '=', id)
      .where('status', '=', 'scheduled')
      .executeTakeFirstOrThrow();

    // Nothing to change (unknown fields are dropped; a reason alone edits nothing): refused in Thai.
    for (const body of [{}, { extra: 1 }, { reason: 'ไม่มีอะไรเปลี่ยน' }]) {
      const nothing = await admin('PUT', `/api/admin/lotto/markets/${id}`, body);
      expect(nothing.code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
      expect(nothing.message).toContain('กรุณาระบุสิ่งที่ต้องการแก้ไข');
    }
    const bad = await admin('PUT', `/api/admin/lotto/markets/${id}`, {
      rates: { two_top: { min: 100, max: 50 } },
    });
    expect(bad.code).toBe('LOTTO_RATE_INVALID');
    expect(bad.fields).toHaveProperty('rates.two_top.min');
    const front = await admin('PUT', `/api/admin/lotto/markets/${id}`, {
      rates: { three_front: { enabled: true } },
    });
    expect(front.code).toBe('LOTTO_RATE_INVALID');
    expect(front.message).toContain('หวยรัฐบาลไทย');
    const wrongSchedule = await admin('PUT', `/api/admin/lotto/markets/${id}`, {
      schedule: {
        type: 'yeekee',
        rounds: 88,
        first_close: '06:00',
        interval_minutes: 15,
        open: '05:00',
        shoot_extra_minutes: 2,
      },
    });
    expect(wrongSchedule.code).toBe('LOTTO_SCHEDULE_INVALID');
    const badTime = await admin('PUT', `/api/admin/lotto/markets/${id}`, {
      schedule: { type: 'weekly', weekdays: [1], close: '25:00', result: '19:30', open_before_minutes: 60 },
    });
    expect(badTime.error).not.toBe(0);
    expect(Object.values(badTime.fields ?? {})).toContain('เวลาต้องอยู่ในรูปแบบ ชช:นน');
    expect(await auditCount('lotto.market.update', id)).toBe(0);

    // A draw date or time is the owner's to change: the lotto role is refused and nothing changes.
    const notOwner = await admin('PUT', `/api/admin/lotto/markets/${id}`, {
      schedule: {
        type: 'weekly',
        weekdays: [1, 2],
        close: '19:10',
        result: '19:40',
        open_before_minutes: 600,
      },
    });
    expect(notOwner.code).toBe('LOTTO_SCHEDULE_OWNER_ONLY');
    expect(await auditCount('lotto.market.update', id)).toBe(0);
    const ok = await owner('PUT', `/api/admin/lotto/markets/${id}`, {
      rates: { two_top: { rate: '95', max: 6000, ceiling: 60000 } },
      schedule: {
        type: 'weekly',
        weekdays: [1, 2, 3, 4, 5],
        close: '19:10',
        result: '19:40',
        open_before_minutes: 600,
      },
      cancel_before_minutes: 45,
      reason: 'ปรับราคาตามตลาด',
    });
    expect(ok.error).toBe(0);
    expect(ok.data.rates.two_top).toEqual({
      enabled: true,
      rate: '95.00',
      min: 1,
      max: 6000,
      ceiling: 60000,
    });
    expect(ok.data.schedule).toMatchObject({ close: '19:10', weekdays: [1, 2, 3, 4, 5] });
    expect(ok.data.scheduled_rounds_updated).toBe(1);
    expect(await auditCount('lotto.market.update', id)).toBe(1);

    const rateOf = async (roundId: number) =>
      (await call<Any>(t.app, 'GET', `/api/lotto/rate?round_id=${roundId}`)).body.data.rates.find(
        (r: Any) => r.bet_type === 'two_top',
      ).rate;
    expect(await rateOf(openId)).toBe('90.00');
    expect(await rateOf(scheduled.id)).toBe('95.00');
  });
});

describe('rounds', () => {
  it('lists rounds paged by date, market and status, and shows one round with its bills', async () => {
    const m = await marketId(t, 'baac');
    const a = await openRound(t, 'baac', { businessDate: '2031-02-16' });
    const b = await openRound(t, 'baac', { businessDate: '2031-02-16' });
    const member = await fundedMember(t, 500);
    await buy(t, member.token, a, [{ bet_type: 'two_top', number: '12', amount: 30 }]);
    const page1 = await admin(
      'GET',
      `/api/admin/lotto/rounds?date=2031-02-16&market_id=${m}&page=1&page_size=1`,
    );
    expect(page1.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page1.data.items).toHaveLength(1);
    const page2 = await admin(
      'GET',
      `/api/admin/lotto/rounds?date=2031-02-16&market_id=${m}&page=2&page_size=1`,
    );
    expect(page2.data.items[0].round_id).not.toBe(page1.data.items[0].round_id);
    const ranged = await admin(
      'GET',
      `/api/admin/lotto/rounds?from=2031-02-01&to=2031-02-28&status=open&market_id=${m}`,
    );
    expect(ranged.data.items.map((r: Any) => r.round_id).sort()).toEqual([a, b].sort());
    const withBill = ranged.data.items.find((r: Any) => r.round_id === a);
    expect(withBill).toMatchObject({ bills: 1, total_stake: '30.00', rate_overridden: false });

    const detail = await admin('GET', `/api/admin/lotto/rounds/${a}`);
    expect(detail.data).toMatchObject({
      round_id: a,
      status: 'open',
      bill_counts: { pending: 1, won: 0, lost: 0, cancelled: 0, refunded: 0 },
      rate_overrides: null,
      result: null,
    });
    expect(detail.data.rates.two_top.rate).toBe('90.00');
    expect((await admin('GET', '/api/admin/lotto/rounds/999999999')).code).toBe('LOTTO_ROUND_NOT_FOUND');
  });

  it('opens a round as the scheduler would: creates the date, opens it now, idempotently; refuses a date without a draw', async () => {
    const lao = await marketId(t, 'lao');
    // 2031-03-03 is a Monday, 2031-03-01 a Saturday (Lao draws Monday to Friday).
    const none = await admin('POST', '/api/admin/lotto/rounds/open', {
      market_id: lao,
      business_date: '2031-03-01',
    });
    expect(none.code).toBe('LOTTO_NO_DRAW_ON_DATE');
    expect(none.message).toContain('2031-03-01');
    const opened = await admin('POST', '/api/admin/lotto/rounds/open', {
      market_id: lao,
      business_date: '2031-03-03',
      reason: 'เปิดรับล่วงหน้า',
    });
    expect(opened.data).toMatchObject({ status: 'open', created: 1, opened: true, round_no: 1 });
    expect(new Date(opened.data.open_at).getTime()).toBeLessThanOrEqual(Date.now());
    // close_at is the schedule's: 20:00 Bangkok on the business date.
    expect(opened.data.close_at).toBe('2031-03-03T13:00:00.000Z');
    const again = await admin('POST', '/api/admin/lotto/rounds/open', {
      market_id: lao,
      business_date: '2031-03-03',
    });
    expect(again.data).toMatchObject({ round_id: opened.data.round_id, created: 0, status: 'open' });
    expect(await auditCount('lotto.round.open', opened.data.round_id)).toBe(1);
    const member = await fundedMember(t, 100);
    const bill = await buy(t, member.token, opened.data.round_id, [
      { bet_type: 'two_bottom', number: '07', amount: 10 },
    ]);
    expect(bill.body.error).toBe(0);

    // A date whose draw has closed: the scheduler would not create it, nor may an operator open it.
    const late = await admin('POST', '/api/admin/lotto/rounds/open', {
      market_id: lao,
      business_date: '2020-03-02',
    });
    expect(late.code).toBe('LOTTO_OPEN_TOO_LATE');
    // A cancelled round stays cancelled.
    expect(
      (await admin('POST', `/api/admin/lotto/rounds/${opened.data.round_id}/cancel`, { reason: 'ทดสอบ' }))
        .error,
    ).toBe(0);
    const cancelled = await admin('POST', '/api/admin/lotto/rounds/open', {
      market_id: lao,
      business_date: '2031-03-03',
    });
    expect(cancelled.code).toBe('LOTTO_OPEN_NOT_ALLOWED');
    expect(cancelled.message).toBe('งวดนี้ถูกยกเลิกแล้ว เปิดรับแทงอีกไม่ได้');
  });
});

describe('result preview and the correction flow (docs/rules/lottery.md §8.3)', () => {
  it('a preview derives the numbers and what they pay and saves nothing; a bad output names the field', async () => {
    const member = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    await buy(t, member.token, roundId, [
      { bet_type: 'three_top', number: '321', amount: 2 },
      { bet_type: 'three_tod', number: '132', amount: 2 },
      { bet_type: 'two_bottom', number: '43', amount: 10 },
      { bet_type: 'run_top', number: '2', amount: 5 },
      { bet_type: 'two_top', number: '99', amount: 10 },
    ]);
    await closeNow(t, roundId);
    const p = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/preview`, {
      raw: { number: '4321' },
    });
    expect(p.data.result).toEqual({ first: '4321', top3: '321', top2: '21', bottom2: '43' });
    const byType = Object.fromEntries(p.data.winning.map((w: Any) => [w.bet_type, w.numbers]));
    expect(byType).toMatchObject({
      three_top: ['321'],
      three_tod: ['123'],
      two_top: ['21'],
      two_bottom: ['43'],
      run_top: ['3', '2', '1'],
      run_bottom: ['4', '3'],
    });
    // 2 × 900 + 2 × 150 + 10 × 90 + 5 × 3.20 = 1,800 + 300 + 900 + 16
    expect(p.data).toMatchObject({
      would_pay: '3016.00',
      winning_items: 4,
      winning_bills: 1,
      current: null,
      paid_now: '0.00',
    });
    const bad = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/preview`, {
      raw: { number: '43a1' },
    });
    expect(bad.code).toBe('LOTTO_RESULT_INVALID');
    expect(bad.fields).toEqual({ 'raw.number': 'เลขที่ออก ต้องเป็นตัวเลข 4 หลัก' });
    const row = await t.db
      .selectFrom('lotto_round')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'closed', result: null, result_version: 0 });
  });

  it('a correction names the version it read, reverses and re-settles once, is audited, and a retry or a parallel twin changes nothing more', async () => {
    const a = await fundedMember(t, 1000);
    const b = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    const billA = (await buy(t, a.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 10 }]))
      .body.data.bill.bill_id;
    const billB = (await buy(t, b.token, roundId, [{ bet_type: 'two_bottom', number: '98', amount: 10 }]))
      .body.data.bill.bill_id;
    await closeNow(t, roundId);
    const none = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
      raw: { number: '9821' },
      reason: 'ทดสอบ',
      expected_version: 1,
    });
    expect(none.code).toBe('LOTTO_NO_RESULT_TO_CORRECT');
    expect((await enterResult(t, roundId, { number: '4321' })).body.data).toMatchObject({
      result_version: 1,
      status: 'settled',
    });
    expect(await balanceOf(t, a.memberId)).toBe(99_000 + 90_000);

    const preview = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/preview`, {
      raw: { number: '9821' },
    });
    expect(preview.data).toMatchObject({
      current_version: 1,
      same_as_current: false,
      would_pay: '900.00',
      paid_now: '900.00',
    });
    const same = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
      raw: { number: '4321' },
      reason: 'ทดสอบ',
      expected_version: 1,
    });
    expect(same.code).toBe('LOTTO_RESULT_SAME');
    const noReason = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
      raw: { number: '9821' },
      expected_version: 1,
    });
    expect(noReason.fields).toHaveProperty('reason');

    const body = { raw: { number: '9821' }, reason: 'พิมพ์ผลผิด', expected_version: 1 };
    // One person's correction alone changes nothing: it waits for a second person.
    const proposed = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, body);
    expect(proposed.data).toMatchObject({ confirmation: 'awaiting', result_version: 1, status: 'settled' });
    expect(await balanceOf(t, a.memberId)).toBe(99_000 + 90_000);
    // The second person presses twice at once: one applies it, the other is answered with the round as it is.
    const [x, y] = await Promise.all([
      owner('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, body),
      owner('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, body),
    ]);
    expect([x.error, y.error]).toEqual([0, 0]);
    expect([x.data.replayed, y.data.replayed].sort()).toEqual([false, true]);
    for (const r of [x, y]) expect(r.data).toMatchObject({ result_version: 2, status: 'settled' });
    const retry = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, body);
    expect(retry.data).toMatchObject({ replayed: true, result_version: 2 });

    expect(await balanceOf(t, a.memberId)).toBe(99_000);
    expect(await balanceOf(t, b.memberId)).toBe(99_000 + 90_000);
    expect(await winTransfers(t, billA)).toBe(1);
    expect(await winTransfers(t, billB)).toBe(1);
    const reversals = await t.db
      .selectFrom('ledger_transfer')
      .select('amount')
      .where('reference', '=', `lotto:win_reversal:${billA}`)
      .execute();
    expect(reversals.map((r) => r.amount)).toEqual([90_000]);
    expect(await auditCount('lotto.result.correct', roundId)).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'lotto.result.correct')
      .where('entity_id', '=', String(roundId))
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({
      reason: 'พิมพ์ผลผิด',
      version: 2,
      result: { top3: '821', bottom2: '98' },
    });
    expect(audit.before).toMatchObject({ version: 1, result: { top3: '321', bottom2: '43' } });

    // Someone read version 1 and asks for another result: refused, nothing changes.
    const stale = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
      raw: { number: '1111' },
      reason: 'ผิดอีก',
      expected_version: 1,
    });
    expect(stale.code).toBe('LOTTO_RESULT_VERSION_CHANGED');
    expect(stale.message).toContain('ครั้งที่ 2');
    const detail = await admin('GET', `/api/admin/lotto/rounds/${roundId}`);
    expect(detail.data).toMatchObject({
      result_version: 2,
      result_raw: { number: '9821' },
      bill_counts: { won: 1, lost: 1 },
      total_win: '900.00',
    });
    await expectReconciled(t);
  });
});

describe('a correction of the full first prize alone (docs/rules/lottery.md §8.3)', () => {
  it('is stored as a new version and audited, reverses nothing; a later correction reverses the win once', async () => {
    const m = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'glo');
    const bill = (await buy(t, m.token, roundId, [{ bet_type: 'three_top', number: '312', amount: 10 }])).body
      .data.bill.bill_id;
    await closeNow(t, roundId);
    expect((await enterResult(t, roundId, R1)).body.data).toMatchObject({
      result_version: 1,
      status: 'settled',
    });
    const paid = await balanceOf(t, m.memberId);

    const preview = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/preview`, {
      raw: { ...R1, first: '945312' },
    });
    expect(preview.data.same_as_current).toBe(false);
    // The operator typed the first prize's leading digit wrong: the same numbers win.
    const fixBody = { raw: { ...R1, first: '945312' }, reason: 'พิมพ์รางวัลที่ 1 ผิด', expected_version: 1 };
    expect(
      (await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, fixBody)).data,
    ).toMatchObject({
      confirmation: 'awaiting',
    });
    const fixed = await owner('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, fixBody);
    expect(fixed.error, fixed.message).toBe(0);
    expect(fixed.data).toMatchObject({ result_version: 2, status: 'settled', replayed: false });
    const published = await call<{ result: { first: string }; result_version: number }>(
      t.app,
      'GET',
      `/api/lotto/result?round_id=${roundId}`,
    );
    expect(published.body.data).toMatchObject({ result: { first: '945312' }, result_version: 2 });
    expect(await auditCount('lotto.result.correct', roundId)).toBe(1);
    expect(await balanceOf(t, m.memberId)).toBe(paid);
    expect(await winTransfers(t, bill)).toBe(1);
    // The same again is the same result.
    const again = await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
      raw: { ...R1, first: '945312' },
      reason: 'ซ้ำ',
      expected_version: 2,
    });
    expect(again.code).toBe('LOTTO_RESULT_SAME');

    // A correction that changes the winners reverses the one win paid, once.
    const changeBody = { raw: { ...R1, first: '945399' }, reason: 'เลขท้ายผิด', expected_version: 2 };
    await admin('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, changeBody);
    const changed = await owner('POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, changeBody);
    expect(changed.data).toMatchObject({ result_version: 3, status: 'settled' });
    const reversals = await t.db
      .selectFrom('ledger_transfer')
      .select('amount')
      .where('reference', '=', `lotto:win_reversal:${bill}`)
      .execute();
    expect(reversals).toHaveLength(1);
    expect(await balanceOf(t, m.memberId)).toBe(paid - reversals[0]!.amount);
    await expectReconciled(t);
  });
});

describe('per-round rate overrides (docs/rules/lottery.md §3)', () => {
  it('a round pays each bill at the rate in force when it was placed; members see the round is special; audited', async () => {
    const member = await fundedMember(t, 5000);
    const roundId = await openRound(t, 'gsb');
    const before = (await buy(t, member.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 10 }]))
      .body.data.bill.bill_id;

    const bad = await admin('PUT', `/api/admin/lotto/rounds/${roundId}/rates`, {
      rates: { two_top: { rate: '0' } },
      reason: 'ทดสอบ',
    });
    expect(bad.code).toBe('LOTTO_RATE_INVALID');
    const set = await admin('PUT', `/api/admin/lotto/rounds/${roundId}/rates`, {
      rates: { two_top: { rate: '100' }, run_top: { enabled: false } },
      reason: 'โปรโมชั่นงวดนี้',
    });
    expect(set.error).toBe(0);
    expect(set.data.rate_overrides).toEqual({ two_top: { rate: '100.00' }, run_top: { enabled: false } });
    expect(set.data.rates.two_top.rate).toBe('100.00');
    expect(await auditCount('lotto.round.rates', roundId)).toBe(1);

    const rate = (await call<Any>(t.app, 'GET', `/api/lotto/rate?round_id=${roundId}`)).body.data;
    expect(rate.special).toBe(true);
    expect(rate.rates.find((r: Any) => r.bet_type === 'two_top').rate).toBe('100.00');
    const table = (await call<Any>(t.app, 'GET', '/api/lotto/rates?category_id=thai')).body.data;
    const gsb = table.categories[0].markets.find((m: Any) => m.code === 'gsb');
    expect(gsb).toMatchObject({ round_id: roundId, special: true });
    expect(gsb.rates.find((r: Any) => r.bet_type === 'two_top').rate).toBe('100.00');
    const run = await buy(t, member.token, roundId, [{ bet_type: 'run_top', number: '1', amount: 10 }]);
    expect(run.body.code).toBe('LOTTO_TYPE_DISABLED');

    const after = (await buy(t, member.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 10 }]))
      .body.data.bill.bill_id;
    expect((await items(before))[0]).toMatchObject({ rate_snapshot: '90.00', potential_win: 90_000 });
    expect((await items(after))[0]).toMatchObject({ rate_snapshot: '100.00', potential_win: 100_000 });

    // Reset to the market's rates: later bills pay 90 again; the two placed keep theirs.
    const reset = await admin('PUT', `/api/admin/lotto/rounds/${roundId}/rates`, {
      reset_to_market: true,
      reason: 'จบโปร',
    });
    expect(reset.data.rate_overrides).toBeNull();
    const third = (await buy(t, member.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 10 }]))
      .body.data.bill.bill_id;
    expect((await items(third))[0]).toMatchObject({ rate_snapshot: '90.00' });

    await closeNow(t, roundId);
    const locked = await admin('PUT', `/api/admin/lotto/rounds/${roundId}/rates`, {
      rates: { two_top: { rate: '120' } },
      reason: 'สาย',
    });
    expect(locked.code).toBe('LOTTO_RATES_LOCKED');
    const balance = await balanceOf(t, member.memberId);
    await enterResult(t, roundId, { draw1: '512', draw2: '77' });
    expect((await items(before))[0]).toMatchObject({ status: 'won', win_amount: 90_000 });
    expect((await items(after))[0]).toMatchObject({ status: 'won', win_amount: 100_000 });
    expect((await items(third))[0]).toMatchObject({ status: 'won', win_amount: 90_000 });
    expect(await balanceOf(t, member.memberId)).toBe(balance + 280_000);
    await expectReconciled(t);
  });

  it('bills placed while the rate changes each keep the rate they were accepted at, consistently', async () => {
    const roundId = await openRound(t, 'gsb');
    const members = await Promise.all(Array.from({ length: 6 }, () => fundedMember(t, 1000)));
    const bills = members.map((m) =>
      buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '55', amount: 10 }]),
    );
    const change = admin('PUT', `/api/admin/lotto/rounds/${roundId}/rates`, {
      rates: { two_bottom: { rate: '80' } },
      reason: 'ลดราคา',
    });
    const done = await Promise.all(bills);
    expect((await change).error).toBe(0);
    for (const b of done) {
      expect(b.body.error).toBe(0);
      const [item] = await items(b.body.data.bill.bill_id);
      expect(['90.00', '80.00']).toContain(item!.rate_snapshot);
      expect(item!.potential_win).toBe(Math.round(Number(item!.rate_snapshot) * 10 * 100));
    }
  });
});

describe('เลขอั้น and exposure', () => {
  it('lists a round’s number limits with what is accepted and left', async () => {
    const roundId = await openRound(t, 'lao');
    const member = await fundedMember(t, 5000);
    for (const body of [
      { bet_type: 'two_bottom', number: '29', action: 'capped', cap: 3000 },
      { bet_type: 'two_top', number: '13', action: 'closed' },
      { bet_type: 'three_top', number: '555', action: 'reduced_rate' },
    ])
      expect((await admin('POST', `/api/admin/lotto/rounds/${roundId}/number_limits`, body)).error).toBe(0);
    await buy(t, member.token, roundId, [{ bet_type: 'two_bottom', number: '29', amount: 2800 }]);
    const list = await admin('GET', `/api/admin/lotto/rounds/${roundId}/number_limits`);
    expect(list.data.items).toEqual([
      {
        bet_type: 'three_top',
        label: '3 ตัวบน',
        number: '555',
        action: 'reduced_rate',
        rate: '450.00',
        cap: null,
        accepted: '0.00',
        remaining: '20000.00',
      },
      {
        bet_type: 'two_bottom',
        label: '2 ตัวล่าง',
        number: '29',
        action: 'capped',
        rate: null,
        cap: 3000,
        accepted: '2800.00',
        remaining: '200.00',
      },
      {
        bet_type: 'two_top',
        label: '2 ตัวบน',
        number: '13',
        action: 'closed',
        rate: null,
        cap: null,
        accepted: '0.00',
        remaining: null,
      },
    ]);
  });

  it('shows what the house pays per number if it comes: top N by payout, totals, and a lookup (tod by its digits)', async () => {
    const roundId = await openRound(t, 'lao');
    const [m1, m2] = await Promise.all([fundedMember(t, 5000), fundedMember(t, 5000)]);
    await buy(t, m1.token, roundId, [
      { bet_type: 'two_top', number: '12', amount: 20 },
      { bet_type: 'three_tod', number: '123', amount: 4 },
      { bet_type: 'run_bottom', number: '7', amount: 200 },
    ]);
    await buy(t, m2.token, roundId, [
      { bet_type: 'two_top', number: '12', amount: 10 },
      { bet_type: 'three_tod', number: '321', amount: 6 },
      { bet_type: 'two_bottom', number: '12', amount: 5 },
    ]);
    const e = await admin('GET', `/api/admin/lotto/rounds/${roundId}/exposure?top=3`);
    expect(e.data.top).toEqual([
      {
        bet_type: 'two_top',
        label: '2 ตัวบน',
        number: '12',
        stake: '30.00',
        payout: '2700.00',
        items: 2,
        ceiling: '50000.00',
        remaining: '49970.00',
        limit: null,
      },
      {
        bet_type: 'three_tod',
        label: '3 ตัวโต๊ด',
        number: '123',
        stake: '10.00',
        payout: '1500.00',
        items: 2,
        ceiling: '30000.00',
        remaining: '29990.00',
        limit: null,
      },
      {
        bet_type: 'run_bottom',
        label: 'วิ่งล่าง',
        number: '7',
        stake: '200.00',
        payout: '840.00',
        items: 1,
        ceiling: '100000.00',
        remaining: '99800.00',
        limit: null,
      },
    ]);
    expect(e.data.totals.find((x: Any) => x.bet_type === 'two_top')).toMatchObject({
      stake: '30.00',
      max_payout: '2700.00',
      items: 2,
    });
    const look = await admin('GET', `/api/admin/lotto/rounds/${roundId}/exposure?number=12`);
    expect(look.data.lookup.map((x: Any) => [x.bet_type, x.payout])).toEqual([
      ['two_top', '2700.00'],
      ['two_bottom', '450.00'],
    ]);
    const tod = await admin(
      'GET',
      `/api/admin/lotto/rounds/${roundId}/exposure?number=231&bet_type=three_tod`,
    );
    expect(tod.data.lookup).toMatchObject([{ bet_type: 'three_tod', number: '123', payout: '1500.00' }]);
    const nothing = await admin('GET', `/api/admin/lotto/rounds/${roundId}/exposure?number=9`);
    expect(nothing.data.lookup.map((x: Any) => [x.bet_type, x.payout])).toEqual([
      ['run_top', '0.00'],
      ['run_bottom', '0.00'],
    ]);
    // The stake on each number is the exposure the ceiling guards.
    const slots = await sql<{ s: string }>`SELECT sum(accepted_amount)::text AS s FROM lotto_exposure
      WHERE round_id = ${roundId} AND bet_type = 'two_top' AND number = '12'`.execute(t.db);
    expect(slots.rows[0]!.s).toBe('3000');
    expect((await admin('GET', `/api/admin/lotto/rounds/${roundId}/exposure?number=12a`)).error).not.toBe(0);
  });
});

describe('yeekee rounds and their shot lists', () => {
  it('lists yeekee rounds; the shot list is published with masked members only once shooting has closed', async () => {
    const roundId = await openRound(t, 'yeekee', { businessDate: '2031-05-05' });
    const shooters = await Promise.all([registerMember(t), registerMember(t), registerMember(t)]);
    for (const [i, s] of shooters.entries()) {
      const res = await call(t.app, 'POST', '/api/lotto/yeekee/shoot_number', {
        token: s.token,
        body: { round_id: roundId, number: `1234${i}` },
      });
      expect(res.body.error).toBe(0);
    }
    const list = await admin('GET', '/api/admin/lotto/yeekee/rounds?date=2031-05-05');
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ round_id: roundId, shot_count: 3, result: null, sum: null });
    const hidden = await admin('GET', `/api/admin/lotto/yeekee/rounds/${roundId}/shots`);
    expect(hidden.data).toMatchObject({ published: false, shot_count: 3, items: [], total: 0 });

    // Closed early by the owner: below the minimum of shots, the round is void and its list published.
    expect((await owner('POST', `/api/admin/lotto/rounds/${roundId}/close`, { reason: 'ทดสอบ' })).error).toBe(
      0,
    );
    const shots = await admin('GET', `/api/admin/lotto/yeekee/rounds/${roundId}/shots?page=1&page_size=2`);
    expect(shots.data).toMatchObject({ published: true, total: 3, shot_count: 3 });
    expect(shots.data.items.map((s: Any) => [s.seq, s.number])).toEqual([
      [1, '12340'],
      [2, '12341'],
    ]);
    const first = shots.data.items[0];
    expect(first.member).toBe(`${shooters[0]!.phone.slice(0, 3)}xxxx${shooters[0]!.phone.slice(-3)}`);
    expect(first.member).not.toContain(shooters[0]!.phone.slice(3, 7));
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const notYeekee = await admin('GET', `/api/admin/lotto/yeekee/rounds/${await openRound(t, 'lao')}/shots`);
    expect(notYeekee.code).toBe('LOTTO_NOT_YEEKEE');
  });
});
