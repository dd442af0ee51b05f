import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, bangkokTime, daysBetween, mondayOf, parseMonth } from '../src/bangkok-calendar.ts';
import {
  CHECKIN_DEFAULTS,
  checkinCalendar,
  decideStamp,
  milestoneKey,
  nextMilestone,
  streakOn,
} from '../src/engagement/checkin.ts';
import { satang } from '../src/money.ts';

/** Consecutive dates from `first`, `n` of them. */
const run = (first: string, n: number) => Array.from({ length: n }, (_, i) => addDays(first, i));
const baht = (n: number) => satang(n * 100);

describe('check-in streak (docs/rules/engagement.md §5)', () => {
  it('defaults: 100-baht deposit, 10 points a stamp, 30-day cycle, milestones 3/7/15/30 → 10/30/70/150 baht', () => {
    expect(CHECKIN_DEFAULTS.minDepositSatang).toBe(10_000);
    expect(CHECKIN_DEFAULTS.pointsPerStamp).toBe(10);
    expect(CHECKIN_DEFAULTS.cycleDays).toBe(30);
    expect(CHECKIN_DEFAULTS.milestones.map((m) => [m.day, m.freeCredit / 100])).toEqual([
      [3, 10],
      [7, 30],
      [15, 70],
      [30, 150],
    ]);
  });

  it('continues across months and years', () => {
    expect(streakOn(run('2025-01-29', 5), '2025-02-02')).toEqual({ length: 5, start: '2025-01-29' });
    expect(streakOn(run('2024-12-30', 4), '2025-01-02')).toEqual({ length: 4, start: '2024-12-30' });
    // Leap day.
    expect(streakOn(run('2024-02-27', 4), '2024-03-01')).toEqual({ length: 4, start: '2024-02-27' });
  });

  it('stays alive through today until today is over, and a missed day resets it to 0', () => {
    const stamps = run('2025-03-01', 3);
    expect(streakOn(stamps, '2025-03-04')).toEqual({ length: 3, start: '2025-03-01' });
    expect(streakOn(stamps, '2025-03-05')).toEqual({ length: 0, start: null });
    // After a gap the run starts again from 1.
    expect(streakOn([...stamps, '2025-03-05'], '2025-03-05')).toEqual({ length: 1, start: '2025-03-05' });
    // Stamps after `today` do not count.
    expect(streakOn(run('2025-03-01', 10), '2025-03-02')).toEqual({ length: 2, start: '2025-03-01' });
  });

  it('after day 30 it starts again at 1', () => {
    expect(streakOn(run('2025-01-01', 30), '2025-01-30')).toEqual({ length: 30, start: '2025-01-01' });
    expect(streakOn(run('2025-01-01', 31), '2025-01-31')).toEqual({ length: 1, start: '2025-01-31' });
    expect(streakOn(run('2025-01-01', 65), '2025-03-06')).toEqual({ length: 5, start: '2025-03-02' });
  });

  it('property: equals a day-by-day replay of the rule (stamp → +1, 30 → 1, miss → 0)', () => {
    // Runs of stamped days (up to 70, so past day 30) separated by gaps of 0–3 missed days.
    const days = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 0, max: 3 })), {
        minLength: 1,
        maxLength: 5,
      })
      .map((runs) =>
        runs.flatMap(([on, off]) => [...Array(on).fill(true), ...Array(off).fill(false)] as boolean[]),
      );
    fc.assert(
      fc.property(days, (days) => {
        const first = '2024-11-15';
        const stamps = days.flatMap((stamped, i) => (stamped ? [addDays(first, i)] : []));
        let s = 0;
        const after: number[] = [];
        for (const stamped of days) {
          s = stamped ? (s === 30 ? 1 : s + 1) : 0;
          after.push(s);
        }
        const last = days.length - 1;
        const today = addDays(first, last);
        // Today not stamped yet: the streak shown is yesterday's.
        const expected = days[last] ? after[last]! : (after[last - 1] ?? 0);
        const got = streakOn(stamps, today);
        expect(got.length).toBe(expected);
        expect(got.length).toBeGreaterThanOrEqual(0);
        expect(got.length).toBeLessThanOrEqual(30);
        if (got.start)
          expect(daysBetween(got.start, days[last] ? today : addDays(today, -1))).toBe(got.length - 1);
      }),
    );
  });

  it('the next milestone and the stamps to go, wrapping after day 30', () => {
    const at = (n: number) => {
      const m = nextMilestone(n);
      return m && [m.day, m.freeCredit / 100, m.stampsToGo];
    };
    expect(at(0)).toEqual([3, 10, 3]);
    expect(at(2)).toEqual([3, 10, 1]);
    expect(at(3)).toEqual([7, 30, 4]);
    expect(at(14)).toEqual([15, 70, 1]);
    expect(at(15)).toEqual([30, 150, 15]);
    expect(at(29)).toEqual([30, 150, 1]);
    expect(at(30)).toEqual([3, 10, 3]);
    expect(() => nextMilestone(31)).toThrow(RangeError);
    expect(nextMilestone(0, { ...CHECKIN_DEFAULTS, milestones: [] })).toBeNull();
  });

  it('refuses inconsistent settings', () => {
    const bad = {
      ...CHECKIN_DEFAULTS,
      milestones: [
        { day: 7, freeCredit: baht(30) },
        { day: 3, freeCredit: baht(10) },
      ],
    };
    expect(() => nextMilestone(0, bad)).toThrow(RangeError);
    expect(() => nextMilestone(0, { ...CHECKIN_DEFAULTS, cycleDays: 20 })).toThrow(RangeError);
  });
});

describe('stamping (docs/rules/engagement.md §5 rules 1–4)', () => {
  // 00:30 on 3 March in Bangkok is still 2 March in UTC: the stamp date is the Bangkok one.
  const now = bangkokTime('2025-03-03', '00:30');

  it('stamps the Bangkok date of the server instant', () => {
    expect(now.toISOString()).toBe('2025-03-02T17:30:00.000Z');
    const d = decideStamp({ stamps: [], now, depositsToday: [baht(100)] });
    expect(d).toEqual({
      kind: 'stamp',
      date: '2025-03-03',
      points: 10,
      streak: { length: 1, start: '2025-03-03' },
      milestone: null,
    });
    expect(
      decideStamp({ stamps: [], now: bangkokTime('2025-03-02', '23:59'), depositsToday: [baht(100)] }),
    ).toMatchObject({
      date: '2025-03-02',
    });
  });

  it('needs one confirmed deposit of at least 100 baht today, unless the minimum is 0', () => {
    expect(decideStamp({ stamps: [], now, depositsToday: [] })).toEqual({
      kind: 'refused',
      reason: 'CHECKIN_DEPOSIT_REQUIRED',
      date: '2025-03-03',
    });
    expect(decideStamp({ stamps: [], now, depositsToday: [satang(9_999)] }).kind).toBe('refused');
    // Two small deposits do not add up to the condition: it asks for a deposit of at least 100.
    expect(decideStamp({ stamps: [], now, depositsToday: [baht(60), baht(60)] }).kind).toBe('refused');
    expect(decideStamp({ stamps: [], now, depositsToday: [baht(60), baht(100)] }).kind).toBe('stamp');
    const off = { ...CHECKIN_DEFAULTS, minDepositSatang: satang(0) };
    expect(decideStamp({ stamps: [], now, depositsToday: [] }, off).kind).toBe('stamp');
  });

  it('a second stamp the same day returns the existing one', () => {
    const d = decideStamp({ stamps: ['2025-03-02', '2025-03-03'], now, depositsToday: [] });
    expect(d).toEqual({
      kind: 'already_stamped',
      date: '2025-03-03',
      streak: { length: 2, start: '2025-03-02' },
    });
  });

  it('pays the milestones on streak days 3, 7, 15 and 30, again in the next cycle, with distinct keys', () => {
    const paid: [string, number, number, string][] = [];
    const stamps: string[] = [];
    for (const date of run('2025-01-01', 64)) {
      const d = decideStamp({ stamps, now: bangkokTime(date, '12:00'), depositsToday: [baht(100)] });
      if (d.kind !== 'stamp') throw new Error('expected a stamp');
      stamps.push(d.date);
      if (d.milestone)
        paid.push([
          d.date,
          d.milestone.day,
          d.milestone.freeCredit / 100,
          milestoneKey(42, d.streak.start!, d.milestone.day),
        ]);
    }
    expect(paid).toEqual([
      ['2025-01-03', 3, 10, 'checkin:42:2025-01-01:3'],
      ['2025-01-07', 7, 30, 'checkin:42:2025-01-01:7'],
      ['2025-01-15', 15, 70, 'checkin:42:2025-01-01:15'],
      ['2025-01-30', 30, 150, 'checkin:42:2025-01-01:30'],
      ['2025-02-02', 3, 10, 'checkin:42:2025-01-31:3'],
      ['2025-02-06', 7, 30, 'checkin:42:2025-01-31:7'],
      ['2025-02-14', 15, 70, 'checkin:42:2025-01-31:15'],
      ['2025-03-01', 30, 150, 'checkin:42:2025-01-31:30'],
      ['2025-03-04', 3, 10, 'checkin:42:2025-03-02:3'],
    ]);
  });

  it('a missed day starts over: the next milestone is day 3 of the new run', () => {
    const stamps = ['2025-03-01', '2025-03-02'];
    const d = decideStamp({ stamps, now: bangkokTime('2025-03-04', '08:00'), depositsToday: [baht(500)] });
    expect(d).toMatchObject({ kind: 'stamp', streak: { length: 1, start: '2025-03-04' }, milestone: null });
  });
});

describe('the month calendar (GET /api/checkin/get?month=YYYY-MM)', () => {
  it('marks stamped, missed, today and locked days, with the streak and the next milestone', () => {
    const now = bangkokTime('2025-02-03', '10:00');
    const cal = checkinCalendar('2025-02', ['2025-01-31', '2025-02-01', '2025-02-02'], now)!;
    expect(cal.days).toHaveLength(28);
    expect(cal.days.slice(0, 5).map((d) => [d.date, d.state])).toEqual([
      ['2025-02-01', 'stamped'],
      ['2025-02-02', 'stamped'],
      ['2025-02-03', 'open'],
      ['2025-02-04', 'locked'],
      ['2025-02-05', 'locked'],
    ]);
    expect(cal).toMatchObject({
      month: '2025-02',
      today: '2025-02-03',
      stampedToday: false,
      streak: { length: 3, start: '2025-01-31' },
      next: { day: 7, stampsToGo: 4 },
    });
    const jan = checkinCalendar('2025-01', ['2025-01-31', '2025-01-05'], now)!;
    expect(jan.days).toHaveLength(31);
    expect(jan.days[3]!.state).toBe('missed');
    expect(jan.days[4]!.state).toBe('stamped');
    expect(checkinCalendar('2024-02', [], now)!.days).toHaveLength(29);
    expect(checkinCalendar('2025-03', [], now)!.days.every((d) => d.state === 'locked')).toBe(true);
  });

  it('answers null for anything that is not a month', () => {
    const now = new Date('2025-02-03T03:00:00Z');
    for (const bad of ['2025-13', '2025-00', '2025-2', '25-02', '2025-02-01', '', 'abcd-ef'])
      expect(checkinCalendar(bad, [], now)).toBeNull();
    expect(parseMonth('2025-12')).toEqual({ year: 2025, month: 12 });
    expect(() => streakOn(['2025-02-30'], '2025-03-01')).toThrow(RangeError);
  });

  it('weeks start on Monday', () => {
    expect(mondayOf('2025-03-02')).toBe('2025-02-24'); // a Sunday
    expect(mondayOf('2025-03-03')).toBe('2025-03-03');
    expect(mondayOf('2025-03-09')).toBe('2025-03-03');
  });
});
