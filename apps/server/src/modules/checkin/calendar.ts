import { errorMessage } from '@chok/contract/errors';
import { addDays, bangkokDate, bangkokMonth, daysInMonth, parseMonth } from '@chok/engine/bangkok-calendar';
import { checkinCalendar, nextMilestone, streakOn } from '@chok/engine/engagement/checkin';
import { formatBaht } from '@chok/engine/money';
import { AppError } from '../../platform/errors.ts';
import { checkinSettings } from './settings.ts';
import { type CheckinDeps, depositRequiredMessage, depositsOn } from './stamp.ts';
import { cycleStampDates, stampDatesBetween } from './stamp-queries.ts';
import { milestoneView, nextMilestoneView, streakView } from './views.ts';

/**
 * `GET /api/checkin/get?month=YYYY-MM` (docs/rules/engagement.md §5): the month's days as the engine
 * marks them, the streak and next milestone (counted from the current cycle's stamps, whichever
 * month they fall in), and whether today can be stamped — with the Thai reason when it cannot.
 */
export async function monthCalendar(d: CheckinDeps, memberId: number, month: string | undefined) {
  const now = d.clock.now();
  const today = bangkokDate(now);
  const wanted = month ?? bangkokMonth(now);
  const parsed = parseMonth(wanted);
  if (!parsed) throw new AppError('VALIDATION_FAILED');
  const last = `${wanted}-${String(daysInMonth(parsed.year, parsed.month)).padStart(2, '0')}`;
  const rules = await checkinSettings(d.db);
  const [monthStamps, cycle, deposits] = await Promise.all([
    stampDatesBetween(d.db, memberId, `${wanted}-01`, last),
    cycleStampDates(d.db, memberId, today, addDays(today, -1)),
    depositsOn(d.db, memberId, today),
  ]);
  const calendar = checkinCalendar(wanted, monthStamps, now, rules);
  if (!calendar) throw new AppError('VALIDATION_FAILED');
  const streak = streakOn(cycle, today, rules);
  const stampedToday = cycle.includes(today);
  const min = rules.minDepositSatang;
  const met = min === 0 || deposits.some((a) => a >= min);
  const blocked = stampedToday
    ? null
    : !rules.enabled
      ? errorMessage('CHECKIN_CLOSED')
      : !met
        ? depositRequiredMessage(rules)
        : null;
  return {
    month: wanted,
    today,
    server_time: now.toISOString(),
    days: calendar.days,
    stamped_today: stampedToday,
    streak: streakView(streak),
    next_milestone: nextMilestoneView(nextMilestone(streak.length, rules)),
    milestones: rules.milestones.map(milestoneView),
    points_per_stamp: rules.pointsPerStamp,
    can_stamp: !stampedToday && rules.enabled && met,
    blocked_reason: blocked,
    deposit: {
      required: formatBaht(min),
      met,
      largest_today: formatBaht(deposits.reduce((a, b) => Math.max(a, b), 0)),
    },
  };
}
