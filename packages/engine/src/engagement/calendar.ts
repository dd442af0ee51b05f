import { addDays, bangkokDate, bangkokTime } from '../lotto/schedule.ts';

/**
 * Bangkok calendar dates for the reward periods (docs/rules/engagement.md §0 G3: periods are Bangkok
 * dates as the server computes them). Asia/Bangkok is UTC+7 all year; the conversions are the
 * lottery schedule's (`bangkokDate`, `bangkokTime`, `addDays`). Dates are "YYYY-MM-DD", months "YYYY-MM".
 */
export { addDays, bangkokDate };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** Whether `text` is a real calendar date "YYYY-MM-DD" (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function assertCalendarDate(text: string): string {
  if (!isCalendarDate(text)) throw new RangeError(`not a calendar date YYYY-MM-DD: ${text}`);
  return text;
}

/** "YYYY-MM" → { year, month } or null when it is not a month (the caller answers a Thai error). */
export function parseMonth(text: string): { year: number; month: number } | null {
  const m = MONTH.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < 1970 || month < 1 || month > 12) return null;
  return { year, month };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The Bangkok month "YYYY-MM" of an instant. */
export function bangkokMonth(at: Date): string {
  return bangkokDate(at).slice(0, 7);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = assertCalendarDate(date).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday on or before `date` (weeks start on Monday, docs/rules/engagement.md §6). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = bangkokTime(assertCalendarDate(from), '00:00').getTime();
  return Math.round((bangkokTime(assertCalendarDate(to), '00:00').getTime() - start) / 86_400_000);
}

/** 00:00 Bangkok of `date` as an instant. */
export function startOfBangkokDay(date: string): Date {
  return bangkokTime(assertCalendarDate(date), '00:00');
}
