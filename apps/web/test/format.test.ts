/**
 * The member site's hand-written Thai dates and numbers (apps/web/src/lib/dates.ts, numbers.ts) give
 * what `Intl` gives for th-TH in Asia/Bangkok, across random instants and amounts: they replace it
 * only because its first use is slow in a browser tab (docs/benchmarks.md, "the main thread of a
 * phone").
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMonth, formatTime } from '../src/lib/dates';
import { formatSatang, type Satang } from '../src/lib/money';
import { formatNumber, groupThousands } from '../src/lib/numbers';

const th = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('th-TH', options);
const bangkok = { timeZone: 'Asia/Bangkok' } as const;
const dateTime = th({
  ...bangkok,
  day: 'numeric',
  month: 'short',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const dateLong = th({ ...bangkok, day: 'numeric', month: 'long', year: 'numeric' });
const dateShortYear = th({ ...bangkok, day: 'numeric', month: 'short', year: '2-digit' });
const dateShort = th({ ...bangkok, day: 'numeric', month: 'short' });
const monthLong = th({ ...bangkok, month: 'long', year: 'numeric' });
const hm = th({ ...bangkok, hour: '2-digit', minute: '2-digit' });
const hms = th({ ...bangkok, hour: '2-digit', minute: '2-digit', second: '2-digit' });
const hmsMs = th({
  ...bangkok,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});

/** Random instants from 1999 to 2040, with the ends of days, months and years among them. */
function instants(): number[] {
  const from = Date.UTC(1999, 0, 1);
  const to = Date.UTC(2040, 0, 1);
  const random = Array.from({ length: 3000 }, () => from + randomInt(0, 2 ** 40) * ((to - from) / 2 ** 40));
  const edges = [
    Date.UTC(2026, 11, 31, 16, 59, 59, 999), // 23:59:59.999 on 31 Dec in Bangkok
    Date.UTC(2026, 11, 31, 17, 0, 0, 0), // midnight, 1 Jan
    Date.UTC(2028, 1, 28, 17, 0, 0, 0), // 29 Feb of a leap year
    Date.UTC(2026, 2, 4, 17, 0, 0, 0),
  ];
  return [...random.map(Math.floor), ...edges];
}

describe('Thai dates in Bangkok time, without Intl', () => {
  it('match Intl th-TH for date-time, date, day, month and clock times', () => {
    for (const t of instants()) {
      const iso = new Date(t).toISOString();
      expect(formatDateTime(iso), iso).toBe(dateTime.format(t));
      expect(formatDate(iso), iso).toBe(dateLong.format(t));
      expect(formatTime(iso), iso).toBe(hm.format(t));
      expect(formatTime(t, 'seconds'), iso).toBe(hms.format(t));
      expect(formatTime(new Date(t), 'millis'), iso).toBe(hmsMs.format(t));
      // A Bangkok calendar day, as the API sends days ("YYYY-MM-DD").
      const day = new Date(t + 7 * 3_600_000).toISOString().slice(0, 10);
      expect(formatDay(day), day).toBe(dateLong.format(t));
      expect(formatDay(day, 'short'), day).toBe(dateShort.format(t));
      expect(formatDay(day, 'short-year'), day).toBe(dateShortYear.format(t));
      expect(formatMonth(day.slice(0, 7)), day).toBe(monthLong.format(t));
    }
  });

  it('reads as members expect', () => {
    expect(formatDateTime('2026-03-05T07:05:09.123Z')).toBe('5 มี.ค. 69 14:05');
    expect(formatDate('2026-12-31T17:00:00Z')).toBe('1 มกราคม 2570');
    expect(formatTime('2026-03-05T17:00:00.007Z', 'millis')).toBe('00:00:00.007');
    expect(formatMonth('2026-03')).toBe('มีนาคม 2569');
  });
});

describe('numbers with Thai grouping, without Intl', () => {
  // A zero is written without a sign, whatever rounded to it (`signDisplay: 'negative'`).
  const intl = (min: number, max: number) =>
    new Intl.NumberFormat('th-TH', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
    });

  it('match Intl th-TH for whole numbers, baht and three-decimal values', () => {
    const whole = intl(0, 0);
    const baht = intl(2, 2);
    const plain = intl(0, 3);
    for (let i = 0; i < 3000; i++) {
      const n = randomInt(-(2 ** 46), 2 ** 46) * (i % 3 === 0 ? 1 : i % 3 === 1 ? 0.001 : 0.01);
      const k = Math.round(n);
      expect(formatNumber(k, 0, 0), String(k)).toBe(whole.format(k));
      expect(formatNumber(k), String(k)).toBe(plain.format(k));
      const cents = Math.round(n * 100) / 100;
      expect(formatNumber(cents, 2, 2), String(cents)).toBe(baht.format(cents));
      const milli = Math.round(n * 1000) / 1000;
      expect(formatNumber(milli), String(milli)).toBe(plain.format(milli));
    }
    for (const n of [0, -0, 1, 999, 1000, 999_999, 1_000_000, 0.5, -0.001, 12.3]) {
      expect(formatNumber(n), String(n)).toBe(plain.format(n));
    }
  });

  it('group digits and satang as before', () => {
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(formatSatang(535000 as Satang)).toBe('5,350.00');
    expect(formatSatang(-123456789 as Satang)).toBe('-1,234,567.89');
    expect(formatNumber(2500)).toBe('2,500');
  });
});

describe('a round time (features/lotto/labels.ts roundTime)', () => {
  it('is the clock time alone on the same Bangkok day, with its date on any other', async () => {
    const { roundTime } = await import('../src/features/lotto/labels');
    const close = '2026-12-16T08:20:00Z'; // 16 Dec 15:20 in Bangkok
    expect(roundTime(close, Date.parse('2026-12-16T00:00:00Z'))).toBe('15:20');
    // 23:59 the evening before in Bangkok, and ten days before: the date says which day.
    expect(roundTime(close, Date.parse('2026-12-15T16:59:00Z'))).toBe('16 ธ.ค. 69 15:20');
    expect(roundTime(close, Date.parse('2026-12-06T04:00:00Z'))).toBe('16 ธ.ค. 69 15:20');
    // Midnight in Bangkok is 17:00 UTC: 17:00 UTC on the 15th is already the 16th there.
    expect(roundTime(close, Date.parse('2026-12-15T17:00:00Z'))).toBe('15:20');
  });
});
