import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bangkokDate,
  bangkokDayStart,
  bangkokMonth,
  bangkokTime,
  bangkokWallClock,
  daysBetween,
  daysInMonth,
  endOfBangkokDay,
  fromBangkok,
  isCalendarDate,
  mondayOf,
  nextMonthStart,
  parseMonth,
  startOfBangkokDay,
  weekdayOf,
} from '../src/bangkok-calendar.ts';

const at = (iso: string) => new Date(iso);
/** 2000-01-01 … 2100-01-01, whole milliseconds. */
const instants = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((t) => new Date(t));
/** What Intl (ICU's time-zone data) says the Bangkok date of an instant is. */
const intlDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Bangkok',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('the Bangkok day of an instant', () => {
  it('turns at 17:00 UTC (00:00 in Bangkok)', () => {
    expect(bangkokDate(at('2026-03-04T16:59:59.999Z'))).toBe('2026-03-04');
    expect(bangkokDate(at('2026-03-04T17:00:00.000Z'))).toBe('2026-03-05');
    expect(bangkokDate(at('2026-12-31T17:00:00.000Z'))).toBe('2027-01-01');
    expect(bangkokMonth(at('2026-03-31T17:00:00.000Z'))).toBe('2026-04');
  });

  it('is the date Intl gives for Asia/Bangkok', () => {
    fc.assert(fc.property(instants, (t) => bangkokDate(t) === intlDate.format(t)));
  });

  it('starts and ends at the instants of its 00:00', () => {
    expect(startOfBangkokDay('2026-03-05').toISOString()).toBe('2026-03-04T17:00:00.000Z');
    expect(endOfBangkokDay('2026-03-05').toISOString()).toBe('2026-03-05T17:00:00.000Z');
    expect(endOfBangkokDay('2026-12-31').toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(() => startOfBangkokDay('2026-02-30')).toThrow(RangeError);
    fc.assert(
      fc.property(instants, (t) => {
        const day = bangkokDate(t);
        const start = bangkokDayStart(t);
        return (
          start.getTime() === startOfBangkokDay(day).getTime() &&
          start.getTime() <= t.getTime() &&
          t.getTime() < endOfBangkokDay(day).getTime()
        );
      }),
    );
  });
});

describe('Bangkok wall-clock times', () => {
  it('convert with the fixed +7 h offset', () => {
    expect(bangkokTime('2026-03-05', '14:30').toISOString()).toBe('2026-03-05T07:30:00.000Z');
    expect(bangkokTime('2026-03-05', '05:00', 1).toISOString()).toBe('2026-03-05T22:00:00.000Z');
    expect(fromBangkok(2026, 3, 5, 14, 30, 15).toISOString()).toBe('2026-03-05T07:30:15.000Z');
    expect(fromBangkok(2026, 3, 5).getTime()).toBe(startOfBangkokDay('2026-03-05').getTime());
    expect(bangkokWallClock(at('2026-03-05T07:30:15.000Z')).toISOString()).toBe('2026-03-05T14:30:15.000Z');
    expect(
      bangkokWallClock(Date.UTC(2026, 2, 5, 20))
        .toISOString()
        .slice(0, 16),
    ).toBe('2026-03-06T03:00');
  });
});

describe('dates and months', () => {
  it('step by whole days over months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-05', '2026-03-12')).toBe(7);
    expect(daysBetween('2026-03-12', '2026-03-05')).toBe(-7);
    fc.assert(
      fc.property(instants, fc.integer({ min: -400, max: 400 }), (t, n) => {
        const day = bangkokDate(t);
        return daysBetween(day, addDays(day, n)) === n && addDays(addDays(day, n), -n) === day;
      }),
    );
  });

  it('step by whole months', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-03', -11)).toBe('2025-04');
    expect(nextMonthStart('2026-12-15')).toBe('2027-01-01');
    expect(nextMonthStart('2026-02-01')).toBe('2026-03-01');
  });

  it('know weekdays, Mondays and month lengths', () => {
    expect(weekdayOf('2026-03-05')).toBe(4); // a Thursday
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23'); // a Sunday ends the week before
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-03')).toEqual({ year: 2026, month: 3 });
  });
});
