import { sql } from 'kysely';
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
import {
  type ApiAnswer,
  auditRows,
  call,
  LONG_SESSIONS,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { newMember, walletBalances } from './payments-fixtures.ts';
import { suiteApp } from './suite-app.ts';

// The daily check-in (docs/rules/engagement.md §5) against the real database, on a server clock the
// tests move from day to day (sessions outlive the moves).
const clock = new SettableClock(new Date('2026-03-27T03:00:00Z')); // Fri 27 Mar 2026, 10:00 Bangkok
let t: TestApp;
let content: string;

beforeAll(async () => {
  ({ t, content } = await suiteApp({
    clock,
    env: LONG_SESSIONS,
    staff: ['content'],
  }));
});
afterAll(async () => {
  await t?.close();
});

interface Calendar {
  month: string;
  today: string;
  days: { date: string; day: number; state: string }[];
  stamped_today: boolean;
  streak: { length: number; start: string | null };
  next_milestone: { day: number; free_credit: string; stamps_to_go: number } | null;
  can_stamp: boolean;
  blocked_reason: string | null;
  deposit: { required: string; met: boolean; largest_today: string };
}
interface Stamp {
  repeated: boolean;
  date: string;
  streak: { length: number; start: string | null };
  points: number;
  milestone: { day: number; free_credit: string; status: string } | null;
  next_milestone: { day: number; stamps_to_go: number } | null;
}

const calendar = (token: string, month?: string) =>
  call<Calendar>(t.app, 'GET', `/api/checkin/get${month ? `?month=${month}` : ''}`, { token });
const stamp = (token: string) => call<Stamp>(t.app, 'POST', '/api/checkin/stamp', { token });

async function stampsOf(memberId: number) {
  return t.db
    .selectFrom('checkin_stamp')
    .select(['stamp_date', 'streak_day', 'streak_start', 'points'])
    .where('member_id', '=', memberId)
    .orderBy('stamp_date')
    .execute();
}

/** Deposits 100 on the clock's day and stamps it. */
async function depositAndStamp(m: { token: string }): Promise<ApiAnswer<Stamp>> {
  await confirmedDeposit(t, m.token, 100);
  const r = await stamp(m.token);
  expect(r.body.error, r.body.message).toBe(0);
  return r;
}

async function settings(body: object) {
  const r = await call(t.app, 'PUT', '/api/admin/checkin/settings', { token: content, body });
  expect(r.body.error, r.body.message).toBe(0);
  return r;
}
const DEFAULT_SETTINGS = {
  enabled: true,
  min_deposit: '100',
  points_per_stamp: 10,
  milestones: [
    { day: 3, free_credit: '10' },
    { day: 7, free_credit: '30' },
    { day: 15, free_credit: '70' },
    { day: 30, free_credit: '150' },
  ],
};

describe('daily check-in (docs/rules/engagement.md §5)', () => {
  it('refuses a stamp without a confirmed deposit of 100 today, in Thai, and changes nothing', async () => {
    clock.set(bangkokMorning('2026-03-27'));
    const m = await newMember(t);
    const cal = await calendar(m.token);
    expect(cal.body.error).toBe(0);
    expect(cal.body.data).toMatchObject({
      month: '2026-03',
      today: '2026-03-27',
      stamped_today: false,
      can_stamp: false,
      blocked_reason: 'เช็คอินได้หลังมียอดฝากที่ยืนยันแล้วอย่างน้อย 100 บาทในวันนี้',
      deposit: { required: '100.00', met: false, largest_today: '0.00' },
      streak: { length: 0, start: null },
      next_milestone: { day: 3, free_credit: '10.00', stamps_to_go: 3 },
    });
    expect(cal.body.data.days).toHaveLength(31);
    expect(cal.body.data.days[26]).toEqual({ date: '2026-03-27', day: 27, state: 'open' });
    expect(cal.body.data.days[27]!.state).toBe('locked');

    const refused = await stamp(m.token);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      code: 'CHECKIN_DEPOSIT_REQUIRED',
      error: 2310,
      message: 'เช็คอินได้หลังมียอดฝากที่ยืนยันแล้วอย่างน้อย 100 บาทในวันนี้',
    });
    expect(await stampsOf(m.memberId)).toEqual([]);
    expect(await pointsOf(t, m.memberId)).toBe(0);
    expect(await claimsOf(t, m.memberId, 'checkin')).toEqual([]);

    // A deposit yesterday does not count for today.
    clock.set(bangkokMorning('2026-03-26'));
    await confirmedDeposit(t, m.token, 500);
    clock.set(bangkokMorning('2026-03-27'));
    expect((await stamp(m.token)).body.code).toBe('CHECKIN_DEPOSIT_REQUIRED');
    expect(await stampsOf(m.memberId)).toEqual([]);
  });

  it('a bad month is a Thai validation error', async () => {
    const m = await newMember(t);
    for (const month of ['2026-13', '2026-3', 'march', '1899-01']) {
      const r = await calendar(m.token, month);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe('VALIDATION_FAILED');
      expect(r.body.fields?.month).toMatch(/เดือน/);
    }
  });

  it('20 parallel stamps by one member make one stamp, give 10 points once and pay the day-3 milestone once', async () => {
    const m = await newMember(t);
    for (const day of ['2026-03-25', '2026-03-26']) {
      clock.set(bangkokMorning(day));
      await depositAndStamp(m);
    }
    clock.set(bangkokMorning('2026-03-27'));
    await confirmedDeposit(t, m.token, 100);
    const before = await walletBalances(t.db, m.memberId);
    await resetWriteQuota(t, m.memberId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => stamp(m.token)));

    // G4: ten writes a minute, the rest 429 with the Thai message; of the ten, one stamped.
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]!.body.message).toBe('ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่');
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(ok.map((a) => a.body.error)).toEqual(Array(10).fill(0));
    expect(ok.filter((a) => !a.body.data.repeated)).toHaveLength(1);
    for (const a of ok) {
      expect(a.body.data).toMatchObject({
        date: '2026-03-27',
        streak: { length: 3, start: '2026-03-25' },
        points: 10,
        milestone: { day: 3, free_credit: '10.00', status: 'paid' },
        next_milestone: { day: 7, free_credit: '30.00', stamps_to_go: 4 },
      });
    }

    expect(await stampsOf(m.memberId)).toEqual([
      { stamp_date: '2026-03-25', streak_day: 1, streak_start: '2026-03-25', points: 10 },
      { stamp_date: '2026-03-26', streak_day: 2, streak_start: '2026-03-25', points: 10 },
      { stamp_date: '2026-03-27', streak_day: 3, streak_start: '2026-03-25', points: 10 },
    ]);
    expect(await pointsOf(t, m.memberId)).toBe(30);
    const pointRows = await t.db
      .selectFrom('point_transfer')
      .select(['amount', 'kind', 'idempotency_key'])
      .where('member_id', '=', m.memberId)
      .orderBy('id')
      .execute();
    expect(pointRows.map((p) => [p.amount, p.kind])).toEqual([
      [10, 'checkin'],
      [10, 'checkin'],
      [10, 'checkin'],
    ]);
    expect(await claimsOf(t, m.memberId, 'checkin')).toEqual([
      { period_key: '2026-03-25:3', reward_kind: 'free_credit', amount: 1000, status: 'paid' },
    ]);
    const after = await walletBalances(t.db, m.memberId);
    expect(after[3] - before[3]).toBe(1000);
    expect(after[1]).toBe(before[1]);
    const credit = await t.db
      .selectFrom('ledger_transfer')
      .select(['amount', 'kind'])
      .where('idempotency_key', '=', `checkin:${m.memberId}:2026-03-25:3`)
      .execute();
    expect(credit).toEqual([{ amount: 1000, kind: expect.any(String) }]);
    const state = await t.db
      .selectFrom('free_credit_state')
      .select(['requirement_satang', 'cap_satang'])
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    // docs/rules/casino.md §1.3: the grant × 5 and 300 baht of cap.
    expect(state).toEqual({ requirement_satang: 5000, cap_satang: 30000 });

    // The calendar agrees.
    const cal = (await calendar(m.token)).body.data;
    expect(cal).toMatchObject({
      stamped_today: true,
      can_stamp: false,
      blocked_reason: null,
      streak: { length: 3, start: '2026-03-25' },
    });
    expect(cal.days.slice(23, 28).map((d) => d.state)).toEqual([
      'missed',
      'stamped',
      'stamped',
      'stamped',
      'locked',
    ]);
    await expectBalancesMatchTransfers(t);
  });

  it('G4: the 11th stamp within a minute answers 429, also when they arrive together; the minute rolls', async () => {
    // Eleven stamps one after another, a new member and a burst of fifteen: all in one minute.
    const one = await newMember(t);
    for (let i = 0; i < 10; i++) expect((await stamp(one.token)).status).toBe(200);
    const eleventh = await stamp(one.token);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('RATE_LIMITED');

    const two = await newMember(t);
    const burst = await Promise.all(Array.from({ length: 15 }, () => stamp(two.token)));
    expect(burst.filter((a) => a.status === 200)).toHaveLength(10);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(5);

    // A rolling minute, not the clock's: ten writes 30 s ago still count; ten 61 s ago no longer do.
    const three = await newMember(t);
    const setRecent = (secondsAgo: number) =>
      sql`INSERT INTO member_write_quota (member_id, endpoint, recent)
          VALUES (${three.memberId}, 'POST /api/checkin/stamp',
                  array_fill(now() - make_interval(secs => ${secondsAgo}), ARRAY[10]))
          ON CONFLICT (member_id, endpoint) DO UPDATE SET recent = EXCLUDED.recent`.execute(t.db);
    await setRecent(30);
    expect((await stamp(three.token)).status).toBe(429);
    await setRecent(61);
    expect((await stamp(three.token)).status).toBe(200);
  });

  it('the streak runs across a month boundary, a missed day resets it, and milestones key on the streak start', async () => {
    const m = await newMember(t);
    const days = ['2026-03-30', '2026-03-31', '2026-04-01'];
    const answers: Stamp[] = [];
    for (const day of days) {
      clock.set(bangkokMorning(day));
      answers.push((await depositAndStamp(m)).body.data);
    }
    expect(answers.map((a) => [a.date, a.streak.length, a.streak.start])).toEqual([
      ['2026-03-30', 1, '2026-03-30'],
      ['2026-03-31', 2, '2026-03-30'],
      ['2026-04-01', 3, '2026-03-30'],
    ]);
    expect(answers[2]!.milestone).toEqual({ day: 3, free_credit: '10.00', status: 'paid' });

    const april = (await calendar(m.token, '2026-04')).body.data;
    expect(april).toMatchObject({ month: '2026-04', today: '2026-04-01', streak: { length: 3 } });
    expect(april.days).toHaveLength(30);
    expect(april.days[0]!.state).toBe('stamped');
    expect(april.days[1]!.state).toBe('locked');
    const march = (await calendar(m.token, '2026-03')).body.data;
    expect(march.days.filter((d) => d.state === 'stamped').map((d) => d.date)).toEqual([
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(march.streak).toEqual({ length: 3, start: '2026-03-30' });

    // 2 April missed: on the 3rd the streak shows 0 and the next stamp starts again at 1.
    clock.set(bangkokMorning('2026-04-03'));
    const broken = (await calendar(m.token)).body.data;
    expect(broken.streak).toEqual({ length: 0, start: null });
    expect(broken.days[1]!.state).toBe('missed');
    const again = (await depositAndStamp(m)).body.data;
    expect(again.streak).toEqual({ length: 1, start: '2026-04-03' });
    expect(again.milestone).toBeNull();

    // Just after midnight Bangkok (17:00 UTC) it is the next day already.
    clock.set('2026-04-03T17:00:00Z');
    expect((await calendar(m.token)).body.data.today).toBe('2026-04-04');
    expect((await calendar(m.token)).body.data.streak.length).toBe(1);
    expect(await claimsOf(t, m.memberId, 'checkin')).toEqual([
      { period_key: '2026-03-30:3', reward_kind: 'free_credit', amount: 1000, status: 'paid' },
    ]);
  });

  it('after day 30 the streak starts again at 1 and the milestones pay again; 0 turns the deposit condition off', async () => {
    await settings({ ...DEFAULT_SETTINGS, min_deposit: '0' });
    try {
      const m = await newMember(t);
      const start = Date.parse('2026-05-01T03:00:00Z');
      const got: Stamp[] = [];
      for (let i = 0; i < 33; i++) {
        if (i % 10 === 0) await resetWriteQuota(t, m.memberId);
        clock.set(new Date(start + i * 86_400_000));
        const r = await stamp(m.token);
        expect(r.body.error, r.body.message).toBe(0);
        got.push(r.body.data);
      }
      expect(got.map((s) => s.streak.length)).toEqual([
        ...Array.from({ length: 30 }, (_, i) => i + 1),
        1,
        2,
        3,
      ]);
      expect(got[29]!.milestone).toEqual({ day: 30, free_credit: '150.00', status: 'paid' });
      expect(got[29]!.next_milestone).toMatchObject({ day: 3, stamps_to_go: 3 });
      expect(got[30]!.streak.start).toBe('2026-05-31');
      expect((await claimsOf(t, m.memberId, 'checkin')).map((c) => [c.period_key, c.amount])).toEqual([
        ['2026-05-01:3', 1000],
        ['2026-05-01:7', 3000],
        ['2026-05-01:15', 7000],
        ['2026-05-01:30', 15000],
        ['2026-05-31:3', 1000],
      ]);
      expect(await pointsOf(t, m.memberId)).toBe(330);
    } finally {
      await settings(DEFAULT_SETTINGS);
    }
  });

  it("a flagged member's milestone is held for an operator (G5); the stamp's points are paid", async () => {
    clock.set(bangkokMorning('2026-06-10'));
    await settings({ ...DEFAULT_SETTINGS, milestones: [{ day: 1, free_credit: '5' }] });
    try {
      // Two members with the same bank-account name: both flagged (G5).
      const a = await registerMember(t, { account_name: 'สมปอง ซ้ำกัน' });
      await registerMember(t, { account_name: 'สมปอง ซ้ำกัน' });
      const before = await walletBalances(t.db, a.memberId);
      const r = await depositAndStamp(a);
      expect(r.body.data.milestone).toEqual({ day: 1, free_credit: '5.00', status: 'held' });
      expect(await pointsOf(t, a.memberId)).toBe(10);
      expect((await walletBalances(t.db, a.memberId))[3]).toBe(before[3]);
      expect(await claimsOf(t, a.memberId, 'checkin')).toEqual([
        { period_key: '2026-06-10:1', reward_kind: 'free_credit', amount: 500, status: 'held' },
      ]);
      // A repeat answers the same stamp and the held claim.
      const repeat = await stamp(a.token);
      expect(repeat.body.data).toMatchObject({ repeated: true, milestone: { status: 'held' } });
    } finally {
      await settings(DEFAULT_SETTINGS);
    }
  });

  it('operator settings: read and changed by content or owner (audited), refused for others, checked in Thai', async () => {
    const got = await call(t.app, 'GET', '/api/admin/checkin/settings', { token: content });
    expect(got.body.data).toEqual({
      enabled: true,
      min_deposit: '100.00',
      points_per_stamp: 10,
      cycle_days: 30,
      milestones: [
        { day: 3, free_credit: '10.00' },
        { day: 7, free_credit: '30.00' },
        { day: 15, free_credit: '70.00' },
        { day: 30, free_credit: '150.00' },
      ],
    });
    const support = await staffToken(t, 'support', clock);
    expect((await call(t.app, 'GET', '/api/admin/checkin/settings', { token: support })).status).toBe(403);

    const unordered = await call(t.app, 'PUT', '/api/admin/checkin/settings', {
      token: content,
      body: {
        ...DEFAULT_SETTINGS,
        milestones: [
          { day: 7, free_credit: '30' },
          { day: 3, free_credit: '10' },
        ],
      },
    });
    expect(unordered.body.code).toBe('REWARD_SETTING_INVALID');
    expect(unordered.body.message).toMatch(/เรียงจากน้อยไปมาก/);
    const zero = await call(t.app, 'PUT', '/api/admin/checkin/settings', {
      token: content,
      body: { ...DEFAULT_SETTINGS, milestones: [{ day: 3, free_credit: '0' }] },
    });
    expect(zero.body.code).toBe('REWARD_SETTING_INVALID');
    const day31 = await call(t.app, 'PUT', '/api/admin/checkin/settings', {
      token: content,
      body: { ...DEFAULT_SETTINGS, milestones: [{ day: 31, free_credit: '10' }] },
    });
    expect(day31.body.code).toBe('VALIDATION_FAILED');

    const audits = await auditRows(t, { action: 'reward_setting.update', entityId: 'checkin' }, [
      'action',
      'entity_id',
    ]);
    expect(audits.length).toBeGreaterThanOrEqual(4);

    // Closed: nobody can stamp, with the Thai reason on the calendar.
    await settings({ ...DEFAULT_SETTINGS, enabled: false });
    try {
      const m = await newMember(t);
      await confirmedDeposit(t, m.token, 100);
      expect((await calendar(m.token)).body.data.blocked_reason).toBe('ระบบเช็คอินปิดให้บริการชั่วคราว');
      expect((await stamp(m.token)).body.code).toBe('CHECKIN_CLOSED');
      expect(await stampsOf(m.memberId)).toEqual([]);
    } finally {
      await settings(DEFAULT_SETTINGS);
    }
    await expectBalancesMatchTransfers(t);
  });
});
