/**
 * Bangkok calendar arithmetic, the one place it is done (server, engine, member site and console):
 * the Bangkok day and month of an instant, the instants a Bangkok day starts and ends, wall-clock times
 * in Bangkok as instants, and whole-day steps on dates. Asia/Bangkok is UTC+7 all year (no daylight
 * saving), so every conversion is a fixed offset. A day is keyed by its date "YYYY-MM-DD", a month by
 * "YYYY-MM" (docs/rules/engagement.md §0 G3: periods are Bangkok dates as the server computes them).
 * Writing dates out in Thai is `thai-dates.ts`'s.
 */

/** Asia/Bangkok is UTC+7 all year (no daylight saving). */
export const BANGKOK_OFFSET_MS = 7 * 3600_000;
export const DAY_MS = 86_400_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/**
 * An instant moved by Bangkok's offset: its UTC fields (`getUTCHours`, `toISOString`…) read Bangkok's
 * wall clock. For writing a time out, never for comparing instants.
 */
export function bangkokWallClock(at: Date | number): Date {
  return new Date(new Date(at).getTime() + BANGKOK_OFFSET_MS);
}

/** The Bangkok calendar date of an instant, "YYYY-MM-DD" (the key of its Bangkok day). */
export function bangkokDate(at: Date): string {
  return bangkokWallClock(at).toISOString().slice(0, 10);
}

/** The Bangkok month "YYYY-MM" of an instant. */
export function bangkokMonth(at: Date): string {
  return bangkokDate(at).slice(0, 7);
}

/** The instant of a Bangkok wall-clock time "HH:MM" on `date`, `dayOffset` days later. */
export function bangkokTime(date: string, hhmm: string, dayOffset = 0): Date {
  const [y, m, d] = partsOf(date);
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d + dayOffset, hh, mm) - BANGKOK_OFFSET_MS);
}

/** A Bangkok wall-clock time as an instant (month 1–12). */
export function fromBangkok(y: number, m: number, d: number, hh = 0, mm = 0, ss = 0): Date {
  return new Date(Date.UTC(y, m - 1, d, hh, mm, ss) - BANGKOK_OFFSET_MS);
}

/** 00:00 Bangkok of `date` as an instant. */
export function startOfBangkokDay(date: string): Date {
  return bangkokTime(assertCalendarDate(date), '00:00');
}

/** The instant Bangkok day `date` ends: 00:00 Bangkok of the next day (exclusive end). */
export function endOfBangkokDay(date: string): Date {
  return startOfBangkokDay(addDays(date, 1));
}

/** The instant the Bangkok day holding `at` started. */
export function bangkokDayStart(at: Date): Date {
  const local = at.getTime() + BANGKOK_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS);
}

/** `date` moved by whole days (negative: earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = partsOf(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day "YYYY-MM-01" of the month after `date`'s (or after month "YYYY-MM"). */
export function nextMonthStart(date: string): string {
  const [y, m] = partsOf(date);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** Month "YYYY-MM" moved by whole months (negative: earlier). */
export function addMonths(month: string, months: number): string {
  const [y, m] = partsOf(month);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 7);
}

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

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = partsOf(assertCalendarDate(date));
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday on or before `date` (weeks start on Monday, docs/rules/engagement.md §6). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = bangkokTime(assertCalendarDate(from), '00:00').getTime();
  return Math.round((bangkokTime(assertCalendarDate(to), '00:00').getTime() - start) / DAY_MS);
}
