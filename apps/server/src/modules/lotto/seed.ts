import { createHash, randomInt } from 'node:crypto';
import { addDays, bangkokDate } from '@chok/engine/bangkok-calendar';
import { deriveResult } from '@chok/engine/lotto/derive';
import { type MarketSchedule, roundsBetween } from '@chok/engine/lotto/schedule';
import type { DeriveRule } from '@chok/engine/lotto/types';
import type { Tx } from '../../platform/db.ts';
import type { ModuleSeed } from '../../platform/module.ts';
import { categories, marketDefinitions } from './markets.ts';
import type { RateTable, RoundSettings, YeekeeSettings } from './settings.ts';

/** Categories and markets: an operator always needs them, demo or not. Rounds come from the scheduler. */
export const lottoSeed: ModuleSeed = {
  name: 'lotto',
  async run(tx, c) {
    await tx
      .insertInto('lotto_category')
      .values([...categories])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto('lotto_market')
      .values(
        marketDefinitions.map((m, i) => ({
          code: m.code,
          name: m.name,
          category_id: m.category_id,
          derive_rule: m.derive_rule,
          schedule: JSON.stringify(m.schedule),
          rates: JSON.stringify(m.rates),
          yeekee: m.yeekee ? JSON.stringify(m.yeekee) : null,
          rule_text: m.rule_text,
          auto_refund_no_result: m.auto_refund_no_result ?? false,
          sealed_close: m.sealed_close ?? false,
          sort_order: i + 1,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    if (c.demo) await seedDemoHistory(tx, c.now);
  },
};

/** How far back the demo history reaches: daily and weekly markets, and the twice-monthly draws. */
const HISTORY_DAYS = 14;
const HISTORY_DAYS_MONTHLY = 62;

/** Index levels the demo stock results wander around (whole points). */
const STOCK_LEVEL: Record<string, number> = {
  nikkei_am: 38_000,
  nikkei_pm: 38_000,
  hangseng_am: 20_000,
  hangseng_pm: 20_000,
  dowjones: 42_000,
};

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
const cents = () => String(randomInt(0, 100)).padStart(2, '0');

/** An official output of the market's kind, drawn with node:crypto; `demo: true` marks it as made up. */
function demoRaw(rule: DeriveRule, code: string): Record<string, unknown> {
  switch (rule) {
    case 'glo':
      return {
        first: digits(6),
        front3: [digits(3), digits(3)],
        back3: [digits(3), digits(3)],
        last2: digits(2),
      };
    case 'baac7':
      return { first: digits(7) };
    case 'gsb2':
      return { draw1: digits(7), draw2: digits(7) };
    case 'lao4':
      return { number: digits(4) };
    case 'hanoi':
      return { special: digits(5), first: digits(5) };
    case 'stock': {
      const level = (STOCK_LEVEL[code] ?? 20_000) + randomInt(-1_500, 1_501);
      const change = randomInt(0, 600);
      return {
        close: `${level.toLocaleString('en-US')}.${cents()}`,
        change: `${randomInt(0, 2) ? '+' : '-'}${change}.${cents()}`,
      };
    }
    case 'yeekee':
      throw new Error('yeekee results come from shooting, never from a seed');
  }
}

/**
 * Demo installs only: past rounds of the regular markets (not yeekee, whose results come from
 * shots), resulted and settled without bills, so /lotto/results shows history on a fresh start.
 * The numbers are drawn with node:crypto and are NOT real results: `result_raw.demo` marks them
 * and the results page labels them. A production install shows only results an operator entered.
 */
async function seedDemoHistory(tx: Tx, now: Date): Promise<void> {
  const markets = await tx
    .selectFrom('lotto_market')
    .selectAll()
    .where('derive_rule', '<>', 'yeekee')
    .where('is_active', '=', true)
    .execute();
  const today = bangkokDate(now);
  const rows = markets.flatMap((m) => {
    const schedule = m.schedule as MarketSchedule;
    const days = schedule.type === 'monthly' ? HISTORY_DAYS_MONTHLY : HISTORY_DAYS;
    const settings: RoundSettings = {
      rates: m.rates as unknown as RateTable,
      yeekee: (m.yeekee as unknown as YeekeeSettings | null) ?? null,
      sealed_close: m.sealed_close,
      cancel_before_minutes: m.cancel_before_minutes,
    };
    return roundsBetween(schedule, addDays(today, -days), days + 1)
      .filter((r) => r.expected_result_at <= now)
      .map((r) => {
        const raw = { ...demoRaw(m.derive_rule as DeriveRule, m.code), demo: true };
        const result = deriveResult(m.derive_rule as DeriveRule, raw);
        return {
          market_id: m.id,
          business_date: r.business_date,
          round_no: r.round_no,
          status: 'settled' as const,
          open_at: r.open_at,
          close_at: r.close_at,
          shoot_close_at: r.shoot_close_at,
          expected_result_at: r.expected_result_at,
          settings: JSON.stringify(settings),
          result: JSON.stringify(result),
          result_raw: JSON.stringify(raw),
          // As settlement hashes an entered result.
          result_hash: createHash('sha256').update(JSON.stringify({ raw, result })).digest(),
          result_version: 1,
          resulted_at: r.expected_result_at,
          settled_at: r.expected_result_at,
        };
      });
  });
  if (rows.length === 0) return;
  await tx
    .insertInto('lotto_round')
    .values(rows)
    .onConflict((oc) => oc.columns(['market_id', 'business_date', 'round_no']).doNothing())
    .execute();
}
