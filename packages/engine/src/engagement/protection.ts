import {
  addDays,
  bangkokDate,
  endOfBangkokDay,
  mondayOf,
  nextMonthStart,
  startOfBangkokDay,
} from '../bangkok-calendar.ts';

/**
 * Player protection (docs/rules/protection.md): the Bangkok periods limits count in, how a member's
 * change of a limit takes effect, and when a time-out or self-exclusion ends. Pure: the server's
 * use cases hold the state and the clock.
 */

export const limitKinds = ['deposit', 'loss'] as const;
export type LimitKind = (typeof limitKinds)[number];
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

export const timeoutChoices = ['1d', '7d', '30d'] as const;
export const exclusionChoices = ['6m', '1y', '5y', 'permanent'] as const;
export type TimeoutChoice = (typeof timeoutChoices)[number];
export type ExclusionChoice = (typeof exclusionChoices)[number];
export type BlockChoice = TimeoutChoice | ExclusionChoice;
export type BlockKind = 'timeout' | 'exclusion';

/** The Bangkok date ("YYYY-MM-DD") a period holding `at` starts on (§1: weeks start on Monday). */
export function periodStart(period: LimitPeriod, at: Date): string {
  const day = bangkokDate(at);
  if (period === 'day') return day;
  if (period === 'week') return mondayOf(day);
  return `${day.slice(0, 7)}-01`;
}

/** The instant the period holding `at` ends and the next one starts (when a limit resets). */
export function periodEnd(period: LimitPeriod, at: Date): Date {
  return nextPeriodStart(period, periodStart(period, at));
}

/** The instant the period that started on Bangkok date `start` ends and the next one starts. */
export function nextPeriodStart(period: LimitPeriod, start: string): Date {
  if (period === 'day') return endOfBangkokDay(start);
  if (period === 'week') return startOfBangkokDay(addDays(start, 7));
  return startOfBangkokDay(nextMonthStart(start));
}

/** A limit as stored: the one in force and a change waiting for its cooling-off to end. */
export interface LimitState {
  amount: number | null;
  pendingAmount: number | null;
  /** When the pending change (pendingAmount, or removal when it is null) takes effect; null: none. */
  pendingFrom: Date | null;
}

/** The limit in force at `now` (a pending change whose time has come counts). */
export function limitInForce(s: LimitState, now: Date): number | null {
  if (s.pendingFrom !== null && s.pendingFrom.getTime() <= now.getTime()) return s.pendingAmount;
  return s.amount;
}

/** A pending change whose time has come, applied. */
export function settled(s: LimitState, now: Date): LimitState {
  if (s.pendingFrom !== null && s.pendingFrom.getTime() <= now.getTime()) {
    return { amount: s.pendingAmount, pendingAmount: null, pendingFrom: null };
  }
  return s;
}

export type LimitEffect = 'now' | 'pending' | 'unchanged';

/**
 * A member's request to set a limit to `requested` (null: remove it), §1.2–1.4: a new limit or a
 * lower one applies at once and drops any waiting change; a higher one or a removal waits
 * `coolingOffHours`, the current limit staying in force meanwhile; asking for the limit already in
 * force drops a waiting change.
 */
export function changeLimit(
  current: LimitState,
  requested: number | null,
  now: Date,
  coolingOffHours: number,
): { state: LimitState; effect: LimitEffect } {
  const s = settled(current, now);
  const inForce = s.amount;
  if (requested === inForce) {
    const unchanged = s.pendingFrom === null;
    return {
      state: { amount: inForce, pendingAmount: null, pendingFrom: null },
      effect: unchanged ? 'unchanged' : 'now',
    };
  }
  if (requested !== null && (inForce === null || requested < inForce)) {
    return { state: { amount: requested, pendingAmount: null, pendingFrom: null }, effect: 'now' };
  }
  const from = new Date(now.getTime() + coolingOffHours * 3_600_000);
  return { state: { amount: inForce, pendingAmount: requested, pendingFrom: from }, effect: 'pending' };
}

/** Whether a choice is a time-out or a self-exclusion. */
export function blockKindOf(choice: BlockChoice): BlockKind {
  return (timeoutChoices as readonly string[]).includes(choice) ? 'timeout' : 'exclusion';
}

function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** When a block chosen at `from` ends (§3–4); null: a permanent self-exclusion. */
export function blockEnd(choice: BlockChoice, from: Date): Date | null {
  const hours = (h: number) => new Date(from.getTime() + h * 3_600_000);
  switch (choice) {
    case '1d':
      return hours(24);
    case '7d':
      return hours(7 * 24);
    case '30d':
      return hours(30 * 24);
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '5y':
      return addMonths(from, 60);
    case 'permanent':
      return null;
  }
}

/** A block as stored. */
export interface BlockState {
  kind: BlockKind;
  until: Date | null;
}

/** Whether a block is in force at `now`. */
export function blockActive(b: BlockState | null, now: Date): b is BlockState {
  return b !== null && (b.until === null || b.until.getTime() > now.getTime());
}

/**
 * Whether a new block may start while `current` is in force (§3.3, §4.3): a block is never shortened,
 * so the new one must end no earlier than the current one; a time-out never replaces a
 * self-exclusion.
 */
export function mayStartBlock(current: BlockState | null, next: BlockState, now: Date): boolean {
  if (!blockActive(current, now)) return true;
  if (current.kind === 'exclusion' && next.kind === 'timeout') return false;
  if (current.until === null) return false;
  return next.until === null || next.until.getTime() > current.until.getTime();
}
