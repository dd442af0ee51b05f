import { addDays, bangkokDate, mondayOf, startOfBangkokDay } from '../bangkok-calendar.ts';
import { type Satang, satang } from '../money.ts';
import { countedStake, countsAsFigure, type PlayedFigure } from './figures.ts';

/**
 * Quests (ภารกิจ), docs/rules/engagement.md §6. A quest's period is daily (from 00:00 Bangkok), weekly
 * (from Monday 00:00 Bangkok) or a campaign's start to its end; its reward_claim key is the quest id
 * plus the period start (G2). Progress counts, per task:
 * - deposit X: confirmed deposits (satang);
 * - bet Y: settled stake (satang), as G6 counts it (`countedStake`);
 * - play Z rounds: settled game rounds with a stake of at least 1 baht (G6 counted stake);
 * - check in N days: check-in stamps (§5).
 * Defaults: daily deposit 300 → 20 points, daily bet 1,000 → 30 points, daily 50 rounds → 10 points,
 * weekly 5 check-ins → 20 baht free credit. Each is a setting per operator.
 */
export type QuestTask = 'deposit' | 'bet' | 'rounds' | 'checkin';

export type QuestPeriodRule =
  | { kind: 'daily' }
  | { kind: 'weekly' }
  /** From `start` (included) to `end` (excluded). */
  | { kind: 'campaign'; start: Date; end: Date };

export type QuestReward = { kind: 'points'; points: number } | { kind: 'free_credit'; amount: Satang };

export interface Quest {
  id: string;
  task: QuestTask;
  /** deposit and bet: satang; rounds and checkin: a count. */
  target: number;
  period: QuestPeriodRule;
  reward: QuestReward;
}

/** The smallest stake of a round that counts for "play Z rounds": 1 baht. */
export const ROUND_MIN_STAKE = satang(100);

export const DEFAULT_QUESTS: readonly Quest[] = [
  {
    id: 'daily-deposit',
    task: 'deposit',
    target: 30_000,
    period: { kind: 'daily' },
    reward: { kind: 'points', points: 20 },
  },
  {
    id: 'daily-bet',
    task: 'bet',
    target: 100_000,
    period: { kind: 'daily' },
    reward: { kind: 'points', points: 30 },
  },
  {
    id: 'daily-rounds',
    task: 'rounds',
    target: 50,
    period: { kind: 'daily' },
    reward: { kind: 'points', points: 10 },
  },
  {
    id: 'weekly-checkin',
    task: 'checkin',
    target: 5,
    period: { kind: 'weekly' },
    reward: { kind: 'free_credit', amount: satang(2_000) },
  },
];

export interface QuestPeriod {
  start: Date;
  /** Excluded. */
  end: Date;
  /** The reward_claim period_key: `<quest id>:<period start>` (a Bangkok date, or the campaign's start instant). */
  key: string;
}

/** The period `now` falls in, or null when a campaign has not started or has ended. */
export function questPeriod(quest: Pick<Quest, 'id' | 'period'>, now: Date): QuestPeriod | null {
  const rule = quest.period;
  if (rule.kind === 'campaign') {
    if (!(rule.start.getTime() < rule.end.getTime()))
      throw new RangeError('a campaign must end after it starts');
    if (now < rule.start || now >= rule.end) return null;
    return { start: rule.start, end: rule.end, key: `${quest.id}:${rule.start.toISOString()}` };
  }
  const today = bangkokDate(now);
  const first = rule.kind === 'daily' ? today : mondayOf(today);
  const days = rule.kind === 'daily' ? 1 : 7;
  return {
    start: startOfBangkokDay(first),
    end: startOfBangkokDay(addDays(first, days)),
    key: `${quest.id}:${first}`,
  };
}

/** Something the member did, at the instant it became final (confirmed, settled, stamped). */
export type QuestFact =
  | { kind: 'deposit'; at: Date; amount: Satang; confirmed: boolean }
  | { kind: 'play'; at: Date; figure: PlayedFigure }
  | { kind: 'stamp'; at: Date };

/** What one fact adds to a task's progress. */
export function contribution(task: QuestTask, fact: QuestFact): number {
  switch (task) {
    case 'deposit':
      return fact.kind === 'deposit' && fact.confirmed ? fact.amount : 0;
    case 'bet':
      return fact.kind === 'play' ? countedStake(fact.figure) : 0;
    case 'rounds':
      return fact.kind === 'play' &&
        fact.figure.source === 'game' &&
        countsAsFigure(fact.figure) &&
        countedStake(fact.figure) >= ROUND_MIN_STAKE
        ? 1
        : 0;
    case 'checkin':
      return fact.kind === 'stamp' ? 1 : 0;
  }
}

export interface QuestProgress {
  questId: string;
  period: QuestPeriod | null;
  target: number;
  /** The aggregate as counted, uncapped. */
  value: number;
  /** What the progress bar shows: the value capped at the target. */
  shown: number;
  complete: boolean;
  claimed: boolean;
  /** Complete, not claimed for this period, and the period is running now. */
  claimable: boolean;
  reward: QuestReward;
}

/** Progress from an aggregate the server computed over the period (SQL, §6). */
export function questProgress(quest: Quest, value: number, now: Date, claimed: boolean): QuestProgress {
  if (!Number.isSafeInteger(quest.target) || quest.target < 1)
    throw new RangeError(`a quest target must be a whole number ≥ 1: ${quest.target}`);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`progress must be a whole number ≥ 0`);
  const period = questPeriod(quest, now);
  const complete = value >= quest.target;
  return {
    questId: quest.id,
    period,
    target: quest.target,
    value,
    shown: Math.min(value, quest.target),
    complete,
    claimed,
    claimable: period !== null && complete && !claimed,
    reward: quest.reward,
  };
}

/** Progress from raw facts: only those inside the current period count. */
export function questProgressFromFacts(
  quest: Quest,
  facts: readonly QuestFact[],
  now: Date,
  claimed: boolean,
): QuestProgress {
  const period = questPeriod(quest, now);
  let value = 0;
  if (period)
    for (const fact of facts)
      if (fact.at >= period.start && fact.at < period.end) value += contribution(quest.task, fact);
  return questProgress(quest, value, now, claimed);
}
