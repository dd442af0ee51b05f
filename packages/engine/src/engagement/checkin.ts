import { addDays, assertCalendarDate, bangkokDate, daysInMonth, parseMonth } from '../bangkok-calendar.ts';
import { type Satang, satang } from '../money.ts';

/**
 * Daily check-in (เช็คอิน), docs/rules/engagement.md §5:
 * 1. One stamp per Bangkok day, only on a day with a confirmed deposit of at least 100 baht (0 turns
 *    the condition off).
 * 2. A stamp gives 10 points. The streak counts consecutive stamped days across months; a missed day
 *    resets it to 0; after day 30 it starts again at 1.
 * 3. Milestones pay free credit: day 3 → 10 baht, 7 → 30, 15 → 70, 30 → 150.
 * 4. Past days cannot be stamped afterwards, future days are locked: only today can be stamped.
 * A milestone's ledger key is `checkin:member:streak_start:day`.
 * Every number is a setting per operator; `CHECKIN_DEFAULTS` holds the defaults.
 */
export interface CheckinMilestone {
  /** Streak day that pays (1 … cycleDays). */
  day: number;
  freeCredit: Satang;
}

export interface CheckinRules {
  /** A confirmed deposit of at least this much today allows the stamp; 0 = no condition. */
  minDepositSatang: Satang;
  pointsPerStamp: number;
  /** The streak runs 1 … cycleDays, then starts again at 1. */
  cycleDays: number;
  /** Ascending by day. */
  milestones: readonly CheckinMilestone[];
}

export const CHECKIN_DEFAULTS: CheckinRules = {
  minDepositSatang: satang(10_000),
  pointsPerStamp: 10,
  cycleDays: 30,
  milestones: [
    { day: 3, freeCredit: satang(1_000) },
    { day: 7, freeCredit: satang(3_000) },
    { day: 15, freeCredit: satang(7_000) },
    { day: 30, freeCredit: satang(15_000) },
  ],
};

function checkRules(rules: CheckinRules): void {
  const whole = (n: number, min: number) => Number.isSafeInteger(n) && n >= min;
  if (!whole(rules.minDepositSatang, 0) || !whole(rules.pointsPerStamp, 0) || !whole(rules.cycleDays, 1))
    throw new RangeError('check-in settings must be whole numbers (cycle ≥ 1)');
  let previous = 0;
  for (const m of rules.milestones) {
    if (!whole(m.day, previous + 1) || m.day > rules.cycleDays || !whole(m.freeCredit, 1))
      throw new RangeError('milestones need ascending days within the cycle and a positive credit');
    previous = m.day;
  }
}

export interface Streak {
  /** 0 when broken, else 1 … cycleDays. */
  length: number;
  /** The Bangkok date of streak day 1 in the current cycle (the milestone key's streak_start). */
  start: string | null;
}

/**
 * The streak as of `today`: the run of consecutive stamped days ending today, or yesterday when today
 * is not stamped yet (the member may still stamp today). Stamps after `today` are ignored.
 */
export function streakOn(
  stamps: Iterable<string>,
  today: string,
  rules: CheckinRules = CHECKIN_DEFAULTS,
): Streak {
  checkRules(rules);
  assertCalendarDate(today);
  const set = new Set<string>();
  for (const s of stamps) set.add(assertCalendarDate(s));
  const end = set.has(today) ? today : addDays(today, -1);
  let run = 0;
  while (set.has(addDays(end, -run))) run++;
  if (run === 0) return { length: 0, start: null };
  const length = ((run - 1) % rules.cycleDays) + 1;
  return { length, start: addDays(end, -(length - 1)) };
}

export interface NextMilestone extends CheckinMilestone {
  /** Stamps still needed, counting the next one. */
  stampsToGo: number;
}

/** The next milestone from a streak of `length` (wrapping into the next cycle after the last). */
export function nextMilestone(length: number, rules: CheckinRules = CHECKIN_DEFAULTS): NextMilestone | null {
  checkRules(rules);
  if (!Number.isSafeInteger(length) || length < 0 || length > rules.cycleDays)
    throw new RangeError(`streak must be 0 … ${rules.cycleDays}: ${length}`);
  const ahead = rules.milestones.find((m) => m.day > length);
  if (ahead) return { ...ahead, stampsToGo: ahead.day - length };
  const first = rules.milestones[0];
  return first ? { ...first, stampsToGo: rules.cycleDays - length + first.day } : null;
}

/** The milestone's ledger and reward_claim key (docs/rules/engagement.md §5 guards). */
export function milestoneKey(memberId: string | number, streakStart: string, day: number): string {
  return `checkin:${memberId}:${streakStart}:${day}`;
}

export type StampDecision =
  /** A repeat: the server answers the existing stamp with HTTP 200. */
  | { kind: 'already_stamped'; date: string; streak: Streak }
  | { kind: 'refused'; reason: 'CHECKIN_DEPOSIT_REQUIRED'; date: string }
  | {
      kind: 'stamp';
      date: string;
      points: number;
      streak: Streak;
      /** The milestone this stamp reaches, if any. */
      milestone: CheckinMilestone | null;
    };

/**
 * Today's stamp. `depositsToday` are the amounts of today's confirmed deposits; one of them must be at
 * least the minimum (a single deposit, not a sum). `now` is the server's instant (SQL `now()`).
 */
export function decideStamp(
  input: { stamps: Iterable<string>; now: Date; depositsToday: readonly Satang[] },
  rules: CheckinRules = CHECKIN_DEFAULTS,
): StampDecision {
  checkRules(rules);
  const date = bangkokDate(input.now);
  const stamps = [...input.stamps];
  if (stamps.includes(date)) return { kind: 'already_stamped', date, streak: streakOn(stamps, date, rules) };
  const min = rules.minDepositSatang;
  if (min > 0 && !input.depositsToday.some((d) => d >= min))
    return { kind: 'refused', reason: 'CHECKIN_DEPOSIT_REQUIRED', date };
  const streak = streakOn([...stamps, date], date, rules);
  const milestone = rules.milestones.find((m) => m.day === streak.length) ?? null;
  return { kind: 'stamp', date, points: rules.pointsPerStamp, streak, milestone };
}

export type CalendarDayState = 'stamped' | 'missed' | 'open' | 'locked';

export interface CalendarDay {
  date: string;
  day: number;
  /** stamped; missed (past, not stamped); open (today, not stamped yet); locked (future). */
  state: CalendarDayState;
}

export interface CheckinCalendar {
  month: string;
  today: string;
  stampedToday: boolean;
  days: CalendarDay[];
  streak: Streak;
  next: NextMilestone | null;
}

/** The month view of `GET /api/checkin/get?month=YYYY-MM`; null when `month` is not a month. */
export function checkinCalendar(
  month: string,
  stamps: Iterable<string>,
  now: Date,
  rules: CheckinRules = CHECKIN_DEFAULTS,
): CheckinCalendar | null {
  const parsed = parseMonth(month);
  if (!parsed) return null;
  const today = bangkokDate(now);
  const set = new Set([...stamps].map(assertCalendarDate));
  const days = Array.from({ length: daysInMonth(parsed.year, parsed.month) }, (_, i): CalendarDay => {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    const state: CalendarDayState =
      date > today ? 'locked' : set.has(date) ? 'stamped' : date === today ? 'open' : 'missed';
    return { date, day: i + 1, state };
  });
  const streak = streakOn(set, today, rules);
  return {
    month,
    today,
    stampedToday: set.has(today),
    days,
    streak,
    next: nextMilestone(streak.length, rules),
  };
}
