import type { CheckinMilestone, NextMilestone, Streak } from '@chok/engine/engagement/checkin';
import { formatBaht } from '@chok/engine/money';

export const streakView = (s: Streak) => ({ length: s.length, start: s.start });

export const milestoneView = (m: CheckinMilestone) => ({ day: m.day, free_credit: formatBaht(m.freeCredit) });

export const nextMilestoneView = (m: NextMilestone | null) =>
  m ? { ...milestoneView(m), stamps_to_go: m.stampsToGo } : null;

const THAI_MONTHS = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];

/** "2026-03-01" → "1 มี.ค. 2569" (Buddhist year), for the member's point statement. */
export function thaiDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${THAI_MONTHS[m - 1]} ${y + 543}`;
}
