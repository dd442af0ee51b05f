import { addDays, bangkokTime, DAY_MS, weekdayOf } from '../bangkok-calendar.ts';

/**
 * Round times from a market's schedule (docs/rules/lottery.md §5, §6, §9). Bangkok wall-clock times
 * become instants through `bangkok-calendar.ts`.
 */

export type MarketSchedule =
  | {
      type: 'monthly';
      /** Nominal draw days of the month. */
      dates: number[];
      /** Draws moved off their nominal day, "MM-DD" → "MM-DD" (1 Jan → 30 Dec is the year before). */
      shifts?: { from: string; to: string }[];
      close: string;
      result: string;
      open_before_minutes: number;
    }
  | {
      type: 'weekly';
      /** 0 = Sunday … 6 = Saturday, of the business date. */
      weekdays: number[];
      close: string;
      result: string;
      /** Betting closes this many calendar days after the business date (Dow Jones: 1). */
      close_day_offset?: number;
      open_before_minutes: number;
    }
  | {
      type: 'yeekee';
      rounds: number;
      first_close: string;
      interval_minutes: number;
      open: string;
      shoot_extra_minutes: number;
    };

export interface RoundTimes {
  business_date: string;
  round_no: number;
  open_at: Date;
  close_at: Date;
  shoot_close_at: Date | null;
  expected_result_at: Date;
}

/** Whether a monthly market draws on `date`, after shifts. */
function monthlyDrawsOn(s: Extract<MarketSchedule, { type: 'monthly' }>, date: string): boolean {
  const mmdd = date.slice(5);
  // The target day of a shifted draw draws (1 Jan → 30 Dec of the year before, 16 Jan → 17 Jan).
  if ((s.shifts ?? []).some((sh) => sh.to === mmdd)) return true;
  const day = Number(date.slice(8));
  if (!s.dates.includes(day)) return false;
  // A nominal day that is shifted away does not draw on itself.
  return !(s.shifts ?? []).some((sh) => sh.from === mmdd);
}

/** The rounds of a market whose business date is `date`. */
export function roundsOn(s: MarketSchedule, date: string): RoundTimes[] {
  if (s.type === 'yeekee') {
    const open_at = bangkokTime(date, s.open);
    const first = bangkokTime(date, s.first_close);
    return Array.from({ length: s.rounds }, (_, i) => {
      const close_at = new Date(first.getTime() + i * s.interval_minutes * 60_000);
      const shoot_close_at = new Date(close_at.getTime() + s.shoot_extra_minutes * 60_000);
      return {
        business_date: date,
        round_no: i + 1,
        open_at,
        close_at,
        shoot_close_at,
        expected_result_at: shoot_close_at,
      };
    });
  }
  const draws = s.type === 'monthly' ? monthlyDrawsOn(s, date) : s.weekdays.includes(weekdayOf(date));
  if (!draws) return [];
  const offset = s.type === 'weekly' ? (s.close_day_offset ?? 0) : 0;
  const close_at = bangkokTime(date, s.close, offset);
  let expected_result_at = bangkokTime(date, s.result, offset);
  if (expected_result_at < close_at) expected_result_at = new Date(expected_result_at.getTime() + DAY_MS);
  return [
    {
      business_date: date,
      round_no: 1,
      open_at: new Date(close_at.getTime() - s.open_before_minutes * 60_000),
      close_at,
      shoot_close_at: null,
      expected_result_at,
    },
  ];
}

/** Every round with a business date in [from, from + days). */
export function roundsBetween(s: MarketSchedule, from: string, days: number): RoundTimes[] {
  return Array.from({ length: days }, (_, i) => roundsOn(s, addDays(from, i))).flat();
}
