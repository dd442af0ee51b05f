import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bangkokMorning,
  claimsOf,
  confirmedDeposit,
  expectBalancesMatchTransfers,
  pointsOf,
  resetWriteQuota,
  SettableClock,
} from './checkin-quests-fixtures.ts';
import { addSimProvider, launchToken, SIM } from './games-support.ts';
import { auditRows, call, LONG_SESSIONS, registerMember, staffToken, type TestApp } from './helpers.ts';
import { newMember, walletBalances } from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

// Quests (docs/rules/engagement.md §6) against the real database: live progress from confirmed
// deposits, settled play and stamps; claims paid once per period; the operator's quests.
const clock = new SettableClock(new Date('2026-03-23T03:00:00Z')); // Mon 23 Mar 2026, 10:00 Bangkok
let t: TestApp;
let content: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ t, content } = await suiteApp({
    clock,
    env: LONG_SESSIONS,
    staff: ['content'],
  }));
  for (const q of await t.db.selectFrom('quest').select(['id', 'code']).execute()) ids[q.code!] = q.id;
});
afterAll(async () => {
  await t?.close();
});

interface QuestView {
  id: number;
  title: string;
  task: string;
  period: string;
  unit: string;
  target: string;
  progress: string;
  percent: number;
  reward: { kind: string; amount: string; label: string };
  period_start: string;
  period_end: string;
  complete: boolean;
  claimable: boolean;
  status: string;
  claim: { reward_kind: string; amount: string } | null;
}

const list = async (token: string) => {
  const r = await call<{ quests: QuestView[] }>(t.app, 'GET', '/api/quest/list', { token });
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data.quests;
};
const questOf = async (token: string, id: number) => (await list(token)).find((q) => q.id === id);
const redeem = (token: string, questId: unknown) =>
  call<{ repeated: boolean; quest: QuestView }>(t.app, 'POST', '/api/quest/redeem', {
    token,
    body: { quest_id: questId },
  });

async function checkinSettings(minDeposit: string) {
  const r = await call(t.app, 'PUT', '/api/admin/checkin/settings', {
    token: content,
    body: {
      enabled: true,
      min_deposit: minDeposit,
      points_per_stamp: 10,
      milestones: [
        { day: 3, free_credit: '10' },
        { day: 7, free_credit: '30' },
        { day: 15, free_credit: '70' },
        { day: 30, free_credit: '150' },
      ],
    },
  });
  expect(r.body.error, r.body.message).toBe(0);
}

describe('quests (docs/rules/engagement.md §6)', () => {
  it('lists the four default quests of §6 with their periods from Bangkok time and no progress yet', async () => {
    clock.set(bangkokMorning('2026-03-25')); // a Wednesday
    const m = await newMember(t);
    const quests = await list(m.token);
    expect(quests.map((q) => [q.title, q.task, q.period, q.target, q.reward.label])).toEqual([
      ['ฝากเงินครบ 300 บาท', 'deposit', 'daily', '300.00', '20 แต้ม'],
      ['เดิมพันครบ 1,000 บาท', 'bet', 'daily', '1000.00', '30 แต้ม'],
      ['เล่นเกมครบ 50 รอบ', 'rounds', 'daily', '50', '10 แต้ม'],
      ['เช็คอินครบ 5 วัน', 'checkin', 'weekly', '5', 'เครดิตฟรี 20 บาท'],
    ]);
    for (const q of quests)
      expect(q).toMatchObject({ percent: 0, status: 'in_progress', claimable: false, claim: null });
    // Daily from 00:00 Bangkok (17:00 UTC the day before), weekly from Monday 00:00 Bangkok.
    expect(quests[0]).toMatchObject({
      period_start: '2026-03-24T17:00:00.000Z',
      period_end: '2026-03-25T17:00:00.000Z',
      unit: 'baht',
      progress: '0.00',
    });
    expect(quests[3]).toMatchObject({
      period_start: '2026-03-22T17:00:00.000Z',
      period_end: '2026-03-29T17:00:00.000Z',
      unit: 'days',
      reward: { kind: 'free_credit', amount: '20.00' },
    });
  });

  it('an unknown, inactive or malformed quest is refused in Thai and changes nothing', async () => {
    const m = await newMember(t);
    const unknown = await redeem(m.token, 999_999);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      code: 'QUEST_NOT_FOUND',
      error: 2320,
      message: 'ไม่พบภารกิจนี้ หรือภารกิจหมดเวลาแล้ว',
    });
    for (const bad of ['abc', -1, 0, '1e3']) {
      const r = await redeem(m.token, bad);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe('VALIDATION_FAILED');
      expect(r.body.fields?.quest_id).toBe('รหัสอ้างอิงไม่ถูกต้อง');
    }
    expect(await claimsOf(t, m.memberId, 'quest')).toEqual([]);
    expect(await pointsOf(t, m.memberId)).toBe(0);
  });

  it('a quest not complete yet is refused (QUEST_NOT_COMPLETE) and changes nothing', async () => {
    clock.set(bangkokMorning('2026-03-25'));
    const m = await newMember(t);
    await confirmedDeposit(t, m.token, 100);
    const q = await questOf(m.token, ids['daily-deposit']!);
    expect(q).toMatchObject({ status: 'in_progress', complete: false, claimable: false, percent: 33 });
    expect(q!.progress).toMatch(/^100\.\d\d$/);
    const r = await redeem(m.token, ids['daily-deposit']);
    expect(r.body).toMatchObject({
      code: 'QUEST_NOT_COMPLETE',
      message: 'ภารกิจยังไม่สำเร็จ ทำต่ออีกนิดแล้วค่อยกดรับรางวัล',
    });
    expect(await claimsOf(t, m.memberId, 'quest')).toEqual([]);
    expect(await pointsOf(t, m.memberId)).toBe(0);
  });

  it('20 parallel redeems of a complete quest pay once; the next Bangkok day starts a new period', async () => {
    clock.set(bangkokMorning('2026-03-25'));
    const m = await newMember(t);
    await confirmedDeposit(t, m.token, 100);
    await confirmedDeposit(t, m.token, 200);
    const id = ids['daily-deposit']!;
    expect(await questOf(m.token, id)).toMatchObject({
      status: 'claimable',
      claimable: true,
      percent: 100,
      progress: '300.00',
    });

    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(m.token, id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(ok.map((a) => a.body.error)).toEqual(Array(10).fill(0));
    expect(ok.filter((a) => !a.body.data.repeated)).toHaveLength(1);
    for (const a of ok) {
      expect(a.body.data.quest).toMatchObject({
        id,
        status: 'claimed',
        claimable: false,
        claim: { reward_kind: 'points', amount: '20' },
      });
    }
    expect(await pointsOf(t, m.memberId)).toBe(20);
    const transfers = await t.db
      .selectFrom('point_transfer')
      .select(['amount', 'kind', 'idempotency_key'])
      .where('member_id', '=', m.memberId)
      .execute();
    expect(transfers).toEqual([
      { amount: 20, kind: 'quest', idempotency_key: `quest:${m.memberId}:${id}:2026-03-25` },
    ]);
    expect(await claimsOf(t, m.memberId, 'quest')).toEqual([
      { period_key: `${id}:2026-03-25`, reward_kind: 'points', amount: 20, status: 'paid' },
    ]);
    const qc = await t.db.selectFrom('quest_claim').selectAll().where('member_id', '=', m.memberId).execute();
    expect(qc).toHaveLength(1);

    // Next day (from 00:00 Bangkok): a new period with nothing counted yet; yesterday's claim stays.
    clock.set('2026-03-25T17:00:00Z');
    expect(await questOf(m.token, id)).toMatchObject({
      status: 'in_progress',
      progress: '0.00',
      claim: null,
    });
    await resetWriteQuota(t, m.memberId);
    expect((await redeem(m.token, id)).body.code).toBe('QUEST_NOT_COMPLETE');
    expect(await claimsOf(t, m.memberId, 'quest')).toHaveLength(1);
    await expectBalancesMatchTransfers(t);
  });

  it('the weekly check-in quest counts stamps from Monday and pays free credit; a flagged member waits (G5)', async () => {
    await checkinSettings('0');
    try {
      const id = ids['weekly-checkin']!;
      const m = await newMember(t);
      const days = ['2026-03-22', '2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26'];
      for (const day of days) {
        clock.set(bangkokMorning(day));
        expect((await call(t.app, 'POST', '/api/checkin/stamp', { token: m.token })).body.error).toBe(0);
      }
      // Sunday 22 March belongs to the week before: four stamps this week.
      const four = await questOf(m.token, id);
      expect(four).toMatchObject({ progress: '4', percent: 80, status: 'in_progress' });
      expect((await redeem(m.token, id)).body.code).toBe('QUEST_NOT_COMPLETE');

      clock.set(bangkokMorning('2026-03-27'));
      await call(t.app, 'POST', '/api/checkin/stamp', { token: m.token });
      const before = await walletBalances(t.db, m.memberId);
      const paid = await redeem(m.token, id);
      expect(paid.body.data).toMatchObject({
        repeated: false,
        quest: { status: 'claimed', progress: '5', claim: { reward_kind: 'free_credit', amount: '20.00' } },
      });
      expect((await walletBalances(t.db, m.memberId))[3] - before[3]).toBe(2000);
      expect(await claimsOf(t, m.memberId, 'quest')).toEqual([
        { period_key: `${id}:2026-03-23`, reward_kind: 'free_credit', amount: 2000, status: 'paid' },
      ]);

      // Two members sharing a bank-account name are flagged: the free credit waits for an operator.
      const flagged = await registerMember(t, { account_name: 'สมศรี ชื่อซ้ำ' });
      await registerMember(t, { account_name: 'สมศรี ชื่อซ้ำ' });
      for (const day of ['2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03']) {
        clock.set(bangkokMorning(day));
        await call(t.app, 'POST', '/api/checkin/stamp', { token: flagged.token });
      }
      const held = await redeem(flagged.token, id);
      expect(held.body.data.quest).toMatchObject({ status: 'held', claim: { amount: '20.00' } });
      expect((await walletBalances(t.db, flagged.memberId))[3]).toBe(0);
      expect(await questOf(flagged.token, id)).toMatchObject({ status: 'held', claimable: false });
      expect(await claimsOf(t, flagged.memberId, 'quest')).toEqual([
        { period_key: `${id}:2026-03-30`, reward_kind: 'free_credit', amount: 2000, status: 'held' },
      ]);
    } finally {
      await checkinSettings('100');
    }
  });

  it('bet and rounds quests count settled main-wallet play (G6): stake, and rounds of at least 1 baht', async () => {
    // Settled figures carry the database's time of settling: the server clock runs on real time here.
    clock.set(new Date());
    const sim = await addSimProvider(t, () => clock.now().getTime());
    const m = await newMember(t);
    await confirmedDeposit(t, m.token, 1100);
    const a = await sim.authenticate(await launchToken(t, m.memberId, 1, SIM.game, clock.now()));
    expect(a.status).toBe('OK');
    const player = String(m.memberId);
    let n = 0;
    const round = async (amount: string) => {
      n++;
      const bet = await sim.debit({ player, tx_id: `b${n}`, round_id: `r${n}`, game: SIM.game, amount });
      expect(bet.status).toBe('OK');
      const win = await sim.credit({
        player,
        tx_id: `w${n}`,
        bet_tx_id: `b${n}`,
        round_id: `r${n}`,
        game: SIM.game,
        amount: '0.00',
      });
      expect(win.status).toBe('OK');
    };
    for (let i = 0; i < 49; i++) await round('20.00');
    await round('0.50'); // counts towards the stake, not as a round
    // An open (unsettled) round counts for neither.
    expect(
      (await sim.debit({ player, tx_id: 'open', round_id: 'open', game: SIM.game, amount: '50.00' })).status,
    ).toBe('OK');

    const bet = ids['daily-bet']!;
    const rounds = ids['daily-rounds']!;
    expect(await questOf(m.token, bet)).toMatchObject({ progress: '980.50', status: 'in_progress' });
    expect(await questOf(m.token, rounds)).toMatchObject({ progress: '49', status: 'in_progress' });
    expect((await redeem(m.token, bet)).body.code).toBe('QUEST_NOT_COMPLETE');
    expect((await redeem(m.token, rounds)).body.code).toBe('QUEST_NOT_COMPLETE');

    await round('20.00');
    // No list read in between: redeem recomputes inside its own transaction.
    const paidBet = await redeem(m.token, bet);
    expect(paidBet.body.data.quest).toMatchObject({ status: 'claimed', progress: '1000.00', percent: 100 });
    const paidRounds = await redeem(m.token, rounds);
    expect(paidRounds.body.data.quest).toMatchObject({ status: 'claimed', progress: '50' });
    // 30 + 10 quest points, and 10 points of accrual from 1,000.50 baht of settled stake (§7).
    expect(await pointsOf(t, m.memberId)).toBe(50);
    await expectBalancesMatchTransfers(t);
  });

  it('campaign quests of an event, and the operator API (audited; claims keep what they paid)', async () => {
    clock.set(bangkokMorning('2026-04-09'));
    const body = {
      title: 'ฝากครบ 1,000 บาท ช่วงสงกรานต์',
      task: 'deposit',
      target: '1000',
      period: 'campaign',
      starts_at: '2026-04-10T00:00:00+07:00',
      ends_at: '2026-04-17T00:00:00+07:00',
      event_id: 1,
      reward_kind: 'free_credit',
      reward_amount: '50',
      sort_order: 1,
    };
    const support = await staffToken(t, 'support', clock);
    expect((await call(t.app, 'POST', '/api/admin/quests', { token: support, body })).status).toBe(403);
    const created = await call<{ id: number; target: string; reward_amount: string; claims: number }>(
      t.app,
      'POST',
      '/api/admin/quests',
      { token: content, body },
    );
    expect(created.body.error, created.body.message).toBe(0);
    expect(created.body.data).toMatchObject({ target: '1000.00', reward_amount: '50.00', claims: 0 });
    const id = created.body.data.id;

    for (const [bad, field] of [
      [{ ...body, starts_at: null }, 'ends_at'],
      [{ ...body, target: 'abc' }, 'target'],
      [{ ...body, task: 'rounds', target: '2.5' }, 'target'],
      [{ ...body, reward_kind: 'points', reward_amount: '0' }, 'reward_amount'],
      [{ ...body, ends_at: body.starts_at }, 'ends_at'],
      [{ ...body, period: 'daily' }, 'starts_at'],
    ] as const) {
      const r = await call(t.app, 'POST', '/api/admin/quests', { token: content, body: bad });
      expect(r.body.code).toBe('VALIDATION_FAILED');
      expect(r.body.fields?.[field]).toMatch(/[ก-๙]/);
    }

    const m = await newMember(t);
    // Not started yet: not listed, not claimable, no event quests.
    expect((await list(m.token)).some((q) => q.id === id)).toBe(false);
    expect((await redeem(m.token, id)).body.code).toBe('QUEST_NOT_FOUND');
    const early = await call(t.app, 'POST', '/api/event/quest', { token: m.token, body: { event_id: 1 } });
    expect(early.body).toMatchObject({ code: 'EVENT_NOT_FOUND', message: 'ไม่พบกิจกรรมนี้ หรือกิจกรรมสิ้นสุดแล้ว' });

    clock.set(bangkokMorning('2026-04-11'));
    await confirmedDeposit(t, m.token, 1000);
    const event = await call<{ event_id: number; quests: QuestView[] }>(t.app, 'POST', '/api/event/quest', {
      token: m.token,
      body: { event_id: 1 },
    });
    expect(event.body.error, event.body.message).toBe(0);
    expect(event.body.data.quests.map((q) => [q.id, q.period, q.status])).toEqual([
      [id, 'campaign', 'claimable'],
    ]);
    expect(event.body.data.quests[0]).toMatchObject({
      period_start: '2026-04-09T17:00:00.000Z',
      period_end: '2026-04-16T17:00:00.000Z',
    });
    expect(
      (await call(t.app, 'POST', '/api/event/quest', { token: m.token, body: { event_id: 999 } })).body.code,
    ).toBe('EVENT_NOT_FOUND');
    const paid = await redeem(m.token, id);
    expect(paid.body.data.quest).toMatchObject({ status: 'claimed', claim: { amount: '50.00' } });

    // The operator raises the reward: the claim already paid keeps its 50 baht.
    const raised = await call<{ reward_amount: string; claims: number }>(
      t.app,
      'PUT',
      `/api/admin/quests/${id}`,
      {
        token: content,
        body: { ...body, reward_amount: '80', ends_at: '2026-04-18T00:00:00+07:00' },
      },
    );
    expect(raised.body.data).toMatchObject({ reward_amount: '80.00', claims: 1 });
    expect(await questOf(m.token, id)).toMatchObject({
      reward: { amount: '80.00' },
      status: 'claimed',
      claim: { amount: '50.00' },
    });
    expect(await claimsOf(t, m.memberId, 'quest')).toEqual([
      {
        period_key: `${id}:2026-04-09T17:00:00.000Z`,
        reward_kind: 'free_credit',
        amount: 5000,
        status: 'paid',
      },
    ]);
    expect((await redeem(m.token, id)).body.data.repeated).toBe(true);
    // A quest with claims keeps what makes its period key.
    for (const change of [
      { period: 'daily', starts_at: null, ends_at: null },
      { starts_at: '2026-04-11T00:00:00+07:00' },
    ]) {
      const r = await call(t.app, 'PUT', `/api/admin/quests/${id}`, {
        token: content,
        body: { ...body, ...change },
      });
      expect(r.body.code).toBe('QUEST_HAS_CLAIMS');
    }
    expect((await call(t.app, 'PUT', '/api/admin/quests/999999', { token: content, body })).body.code).toBe(
      'RECORD_NOT_FOUND',
    );
    const audits = await auditRows(t, { entity: 'quest', entityId: id }, ['action']);
    expect(audits.map((a) => a.action)).toEqual(['quest.create', 'quest.update']);

    // Retired: gone from the list and refused.
    await call(t.app, 'PUT', `/api/admin/quests/${id}`, {
      token: content,
      body: { ...body, is_active: false },
    });
    expect((await list(m.token)).some((q) => q.id === id)).toBe(false);
    expect((await redeem(m.token, id)).body.code).toBe('QUEST_NOT_FOUND');
    const all = await call<{ id: number; claims: number; is_active: boolean }[]>(
      t.app,
      'GET',
      '/api/admin/quests',
      {
        token: content,
      },
    );
    expect(all.body.data.find((q) => q.id === id)).toMatchObject({ claims: 1, is_active: false });
    expect(all.body.data.length).toBeGreaterThanOrEqual(5);
    await expectBalancesMatchTransfers(t);
  });
});
