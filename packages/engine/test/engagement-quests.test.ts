import { describe, expect, it } from 'vitest';
import { bangkokTime } from '../src/bangkok-calendar.ts';
import type { PlayedFigure } from '../src/engagement/figures.ts';
import {
  contribution,
  DEFAULT_QUESTS,
  type Quest,
  type QuestFact,
  questPeriod,
  questProgress,
  questProgressFromFacts,
} from '../src/engagement/quests.ts';
import { satang } from '../src/money.ts';

const quest = (id: string) => DEFAULT_QUESTS.find((q) => q.id === id)!;
const baht = (n: number) => satang(n * 100);
const round = (at: Date, stakeBaht: number, more: Partial<PlayedFigure> = {}): QuestFact => ({
  kind: 'play',
  at,
  figure: { source: 'game', walletType: 1, status: 'settled', stake: baht(stakeBaht), ...more },
});

describe('quest periods from Bangkok time (docs/rules/engagement.md §6)', () => {
  it('the defaults: deposit 300 → 20 points, bet 1,000 → 30 points, 50 rounds → 10 points daily; 5 check-ins → 20 baht weekly', () => {
    expect(DEFAULT_QUESTS.map((q) => [q.id, q.task, q.target, q.period.kind, q.reward])).toEqual([
      ['daily-deposit', 'deposit', 30_000, 'daily', { kind: 'points', points: 20 }],
      ['daily-bet', 'bet', 100_000, 'daily', { kind: 'points', points: 30 }],
      ['daily-rounds', 'rounds', 50, 'daily', { kind: 'points', points: 10 }],
      ['weekly-checkin', 'checkin', 5, 'weekly', { kind: 'free_credit', amount: 2_000 }],
    ]);
  });

  it('a day starts at 00:00 Bangkok (17:00 UTC the day before)', () => {
    const q = quest('daily-deposit');
    expect(questPeriod(q, new Date('2025-03-02T16:59:59.999Z'))).toEqual({
      start: new Date('2025-03-01T17:00:00Z'),
      end: new Date('2025-03-02T17:00:00Z'),
      key: 'daily-deposit:2025-03-02',
    });
    expect(questPeriod(q, new Date('2025-03-02T17:00:00Z'))!.key).toBe('daily-deposit:2025-03-03');
  });

  it('a week starts on Monday 00:00 Bangkok', () => {
    const q = quest('weekly-checkin');
    // Sunday 2 March 23:59 Bangkok is still the week of Monday 24 February.
    expect(questPeriod(q, bangkokTime('2025-03-02', '23:59'))).toEqual({
      start: bangkokTime('2025-02-24', '00:00'),
      end: bangkokTime('2025-03-03', '00:00'),
      key: 'weekly-checkin:2025-02-24',
    });
    // Monday 3 March 00:00 Bangkok = Sunday 17:00 UTC starts the next week.
    expect(questPeriod(q, new Date('2025-03-02T17:00:00Z'))!.key).toBe('weekly-checkin:2025-03-03');
    expect(questPeriod(q, bangkokTime('2025-03-09', '23:59'))!.key).toBe('weekly-checkin:2025-03-03');
    // Across a year end: 1 January 2025 is a Wednesday.
    expect(questPeriod(q, bangkokTime('2025-01-01', '09:00'))!.key).toBe('weekly-checkin:2024-12-30');
  });

  it('a campaign runs from its start (included) to its end (excluded)', () => {
    const start = bangkokTime('2025-04-10', '12:00');
    const end = bangkokTime('2025-04-20', '00:00');
    const q: Quest = { ...quest('daily-bet'), id: 'songkran-bet', period: { kind: 'campaign', start, end } };
    expect(questPeriod(q, new Date(start.getTime() - 1))).toBeNull();
    expect(questPeriod(q, start)).toEqual({ start, end, key: `songkran-bet:${start.toISOString()}` });
    expect(questPeriod(q, new Date(end.getTime() - 1))).not.toBeNull();
    expect(questPeriod(q, end)).toBeNull();
    expect(() => questPeriod({ ...q, period: { kind: 'campaign', start: end, end: start } }, start)).toThrow(
      RangeError,
    );
  });
});

describe('quest progress (docs/rules/engagement.md §6, §0 G6)', () => {
  const now = bangkokTime('2025-03-03', '20:00');
  const earlier = bangkokTime('2025-03-03', '00:00');
  const yesterday = bangkokTime('2025-03-02', '23:59');

  it('deposit: confirmed deposits of the day, capped for display, claimable once', () => {
    const q = quest('daily-deposit');
    const facts: QuestFact[] = [
      { kind: 'deposit', at: earlier, amount: baht(200), confirmed: true },
      { kind: 'deposit', at: earlier, amount: baht(500), confirmed: false },
      { kind: 'deposit', at: yesterday, amount: baht(1_000), confirmed: true },
    ];
    expect(questProgressFromFacts(q, facts, now, false)).toMatchObject({
      value: baht(200),
      shown: baht(200),
      target: baht(300),
      complete: false,
      claimable: false,
    });
    facts.push({ kind: 'deposit', at: now, amount: baht(150), confirmed: true });
    const p = questProgressFromFacts(q, facts, now, false);
    expect(p).toMatchObject({ value: baht(350), shown: baht(300), complete: true, claimable: true });
    expect(p.period!.key).toBe('daily-deposit:2025-03-03');
    expect(questProgressFromFacts(q, facts, now, true)).toMatchObject({
      complete: true,
      claimed: true,
      claimable: false,
    });
  });

  it('bet: settled main-wallet stake only; rolled back, open and bonus-wallet rounds do not count; lotto does', () => {
    const q = quest('daily-bet');
    const facts = [
      round(earlier, 400),
      round(earlier, 300, { source: 'lotto' }),
      round(earlier, 5_000, { status: 'rolled_back' }),
      round(earlier, 5_000, { status: 'open' }),
      round(earlier, 5_000, { walletType: 3 }),
      // Player 1,000 against Banker 800: only 200 counts.
      round(earlier, 1_800, { baccarat: { player: baht(1_000), banker: baht(800) } }),
    ];
    expect(questProgressFromFacts(q, facts, now, false)).toMatchObject({ value: baht(900), complete: false });
    expect(questProgressFromFacts(q, [...facts, round(now, 100)], now, false)).toMatchObject({
      value: baht(1_000),
      claimable: true,
    });
  });

  it('rounds: settled game rounds with at least 1 baht counted; lotto bills and smaller rounds do not', () => {
    expect(contribution('rounds', round(now, 1))).toBe(1);
    expect(contribution('rounds', round(now, 0, { stake: satang(99) }))).toBe(0);
    expect(contribution('rounds', round(now, 1, { source: 'lotto' }))).toBe(0);
    expect(contribution('rounds', round(now, 10, { status: 'rolled_back' }))).toBe(0);
    // A hedged baccarat hand (Player 50 v Banker 50) counts 0 baht, so it is not a round that counts.
    expect(
      contribution('rounds', round(now, 100, { baccarat: { player: baht(50), banker: baht(50) } })),
    ).toBe(0);
    const q = quest('daily-rounds');
    const facts = Array.from({ length: 50 }, () => round(earlier, 1));
    expect(questProgressFromFacts(q, facts.slice(1), now, false)).toMatchObject({
      value: 49,
      claimable: false,
    });
    expect(questProgressFromFacts(q, facts, now, false)).toMatchObject({ value: 50, claimable: true });
  });

  it('check-in: stamps of the week; the reward is 20 baht of free credit', () => {
    const q = quest('weekly-checkin');
    const stamp = (date: string): QuestFact => ({ kind: 'stamp', at: bangkokTime(date, '09:00') });
    // Sunday 2 March belongs to the previous week; 3–7 March are Monday to Friday.
    const facts = ['2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'].map(stamp);
    const friday = bangkokTime('2025-03-07', '10:00');
    expect(questProgressFromFacts(q, facts, friday, false)).toMatchObject({ value: 4, claimable: false });
    const p = questProgressFromFacts(q, [...facts, stamp('2025-03-07')], friday, false);
    expect(p).toMatchObject({ value: 5, claimable: true, reward: { kind: 'free_credit', amount: 2_000 } });
    // Other facts never count as stamps.
    expect(contribution('checkin', round(now, 1_000))).toBe(0);
    expect(contribution('deposit', round(now, 1_000))).toBe(0);
  });

  it('an ended campaign is not claimable even when complete', () => {
    const start = bangkokTime('2025-03-01', '00:00');
    const end = bangkokTime('2025-03-03', '00:00');
    const q: Quest = { ...quest('daily-bet'), id: 'c1', period: { kind: 'campaign', start, end } };
    const p = questProgress(q, baht(5_000), now, false);
    expect(p).toMatchObject({ period: null, complete: true, claimable: false });
    expect(questProgressFromFacts(q, [round(start, 5_000)], now, false).value).toBe(0);
  });

  it('refuses a target below 1 and a negative or fractional aggregate', () => {
    expect(() => questProgress({ ...quest('daily-bet'), target: 0 }, 0, now, false)).toThrow(RangeError);
    expect(() => questProgress(quest('daily-bet'), -1, now, false)).toThrow(RangeError);
    expect(() => questProgress(quest('daily-bet'), 1.5, now, false)).toThrow(RangeError);
  });
});
