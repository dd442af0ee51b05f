/**
 * Thai dates and times, in Bangkok time: "5 มี.ค. 69 14:05", "5 มีนาคม 2569" — the one way the member
 * site (apps/web/src/lib/dates.ts) and the operator console (apps/backoffice/src/lib/format.ts) write
 * them.
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: the first date format a browser tab makes
 * loads ICU's calendar and pattern data, measured at 25–85 ms of the main thread on this project's
 * machine before anything else of the page could run (docs/benchmarks.md, "the main thread of a phone")
 * — on a phone, several times that, on every first visit. Bangkok is UTC+7 all year (no daylight
 * saving), the Buddhist year is the Gregorian one plus 543, and the month names are fixed, so the output
 * is the same as `th-TH` gives (apps/web/test/format.test.ts compares them), on the server's render and
 * in the browser alike.
 */

import { bangkokDate, bangkokWallClock } from './bangkok-calendar.ts';
import {
  BUDDHIST_ERA,
  THAI_MONTHS_LONG as MONTHS_LONG,
  THAI_MONTHS_SHORT as MONTHS_SHORT,
} from './thai-calendar.ts';

interface Parts {
  /** Buddhist year, e.g. 2569. */
  year: number;
  /** 0–11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** An instant's Bangkok wall clock. */
function bangkok(at: string | number | Date): Parts {
  const d = bangkokWallClock(new Date(at));
  return {
    year: d.getUTCFullYear() + BUDDHIST_ERA,
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

/** A calendar date "YYYY-MM-DD" (already a Bangkok day) as parts. */
function calendar(day: string): Pick<Parts, 'year' | 'month' | 'day'> {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { year: y + BUDDHIST_ERA, month: m - 1, day: d };
}

const two = (n: number) => String(n).padStart(2, '0');
const shortYear = (year: number) => two(year % 100);

/** The Bangkok calendar day of an instant, "YYYY-MM-DD" (Gregorian, as the API writes days). */
export function bangkokDay(at: string | number | Date): string {
  return bangkokDate(new Date(at));
}

/** Thai date-time in Bangkok, e.g. "5 มี.ค. 69 14:05". */
export function formatDateTime(at: string | number | Date): string {
  const p = bangkok(at);
  return `${p.day} ${MONTHS_SHORT[p.month]} ${shortYear(p.year)} ${two(p.hour)}:${two(p.minute)}`;
}

/** Thai date in Bangkok, e.g. "5 มีนาคม 2569". */
export function formatDate(at: string | number | Date): string {
  const p = bangkok(at);
  return `${p.day} ${MONTHS_LONG[p.month]} ${p.year}`;
}

/**
 * Bangkok clock time: "14:05", with `seconds` "14:05:09", with `millis` as well "14:05:09.123".
 */
export function formatTime(
  at: string | number | Date,
  precision: 'minutes' | 'seconds' | 'millis' = 'minutes',
): string {
  const p = bangkok(at);
  const hm = `${two(p.hour)}:${two(p.minute)}`;
  if (precision === 'minutes') return hm;
  const hms = `${hm}:${two(p.second)}`;
  return precision === 'seconds' ? hms : `${hms}.${String(p.ms).padStart(3, '0')}`;
}

/**
 * A calendar day "YYYY-MM-DD" in Thai: `long` "5 มีนาคม 2569", `short` "5 มี.ค." (tight spaces),
 * `short-year` "5 มี.ค. 69".
 */
export function formatDay(day: string, style: 'long' | 'short' | 'short-year' = 'long'): string {
  const p = calendar(day);
  if (style === 'long') return `${p.day} ${MONTHS_LONG[p.month]} ${p.year}`;
  const short = `${p.day} ${MONTHS_SHORT[p.month]}`;
  return style === 'short' ? short : `${short} ${shortYear(p.year)}`;
}

/** A month "YYYY-MM" in Thai: "มีนาคม 2569". */
export function formatMonth(month: string): string {
  const p = calendar(`${month}-01`);
  return `${MONTHS_LONG[p.month]} ${p.year}`;
}
