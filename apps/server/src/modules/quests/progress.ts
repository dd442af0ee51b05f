import {
  type Quest,
  type QuestPeriod,
  questPeriod,
  questProgress,
  ROUND_MIN_STAKE,
} from '@chok/engine/engagement/quests';
import { satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { confirmedDepositsBetween } from '../payments/service.ts';
import { claimsOf, type RewardDeps } from '../rewards/service.ts';
import { countStampsBetween } from './checkin-queries.ts';
import { playedBetween } from './points-queries.ts';
import type { QuestRow, QuestTask } from './quest-queries.ts';
import { questView } from './views.ts';

export const FEATURE = 'quest';

export interface QuestDeps extends RewardDeps {
  db: Db;
  clock: Clock;
}

/** The engine's quest of a row (the id as text: the period key is `<id>:<period start>`, §6 G2). */
export function engineQuest(q: QuestRow): Quest {
  return {
    id: String(q.id),
    task: q.task,
    target: q.target,
    period:
      q.period === 'campaign' && q.starts_at && q.ends_at
        ? { kind: 'campaign', start: q.starts_at, end: q.ends_at }
        : { kind: q.period === 'weekly' ? 'weekly' : 'daily' },
    reward:
      q.reward_kind === 'points'
        ? { kind: 'points', points: q.reward_amount }
        : { kind: 'free_credit', amount: satang(q.reward_amount) },
  };
}

/**
 * The member's figure for a task over a period (docs/rules/engagement.md §6): confirmed deposits
 * (satang), settled stake (satang, G6), settled rounds with a stake of at least 1 baht, or stamps.
 * `memo` shares one aggregate between quests of the same period. Play figures are what the points
 * accrual recorded: the caller brings the member's accrual up to date first.
 */
export async function measure(
  ex: Executor,
  memberId: number,
  task: QuestTask,
  period: QuestPeriod,
  memo: Map<string, Promise<unknown>> = new Map(),
): Promise<number> {
  const span = `${period.start.toISOString()}/${period.end.toISOString()}`;
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const known = memo.get(`${key}:${span}`) as Promise<T> | undefined;
    if (known) return known;
    const fresh = read();
    memo.set(`${key}:${span}`, fresh);
    return fresh;
  };
  const played = () =>
    once('play', () => playedBetween(ex, memberId, period.start, period.end, ROUND_MIN_STAKE));
  switch (task) {
    case 'deposit':
      return once('deposit', async () =>
        (await confirmedDepositsBetween(ex, memberId, period.start, period.end)).reduce((a, b) => a + b, 0),
      );
    case 'checkin':
      return once('checkin', () => countStampsBetween(ex, memberId, period.start, period.end));
    case 'bet':
      return (await played()).stake;
    case 'rounds':
      return (await played()).rounds;
  }
}

/**
 * Quests with the member's progress in their running period at `now`; quests without one (a campaign
 * not started or ended) are left out. The caller has brought the member's accrual up to date.
 */
export async function progressOf(ex: Executor, memberId: number, quests: QuestRow[], now: Date) {
  const running = quests
    .map((row) => ({ row, quest: engineQuest(row), period: questPeriod(engineQuest(row), now) }))
    .filter((r): r is typeof r & { period: QuestPeriod } => r.period !== null);
  const claims = await claimsOf(
    ex,
    memberId,
    FEATURE,
    running.map((r) => r.period.key),
  );
  const byKey = new Map(claims.map((c) => [c.period_key, c]));
  const memo = new Map<string, Promise<unknown>>();
  const out = [];
  for (const r of running) {
    const value = await measure(ex, memberId, r.row.task, r.period, memo);
    const claim = byKey.get(r.period.key);
    out.push(questView(r.row, questProgress(r.quest, value, now, claim !== undefined), claim));
  }
  return out;
}
