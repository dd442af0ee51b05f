import type { CheckinMilestone, NextMilestone, Streak } from '@chok/engine/engagement/checkin';
import { formatBaht } from '@chok/engine/money';
import { BUDDHIST_ERA, THAI_MONTHS_SHORT } from '@chok/engine/thai-calendar';

export const streakView = (s: Streak) => ({ length: s.length, start: s.start });

export const milestoneView = (m: CheckinMilestone) => ({ day: m.day, free_credit: formatBaht(m.freeCredit) });

export const nextMilestoneView = (m: NextMilestone | null) =>
  m ? { ...milestoneView(m), stamps_to_go: m.stampsToGo } : null;

/** "2026-03-01" → "1 มี.ค. 2569" (Buddhist year), for the member's point statement. */
export function thaiDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${THAI_MONTHS_SHORT[m - 1]} ${y + BUDDHIST_ERA}`;
}
