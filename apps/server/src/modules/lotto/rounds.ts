import { bangkokDate } from '@chok/engine/bangkok-calendar';
import { betTypes } from '@chok/engine/lotto/types';
import { AppError } from '../../platform/errors.ts';
import type { LottoDeps } from './deps.ts';
import {
  activeMarketRows,
  bettableRounds,
  categoryRows,
  currentRounds,
  findRound,
  latestResultRounds,
  numberLimitsWithExposure,
  openRoundCounts,
  type RoundRow,
  roundsOfDay,
} from './round-queries.ts';
import { limitView, publishedResult, rateLines, resultView, roundSummary } from './round-views.ts';
import type { RateTable } from './settings.ts';

/** Reading markets, rounds, rates, limits and results (docs/rules/lottery.md §10). */

/**
 * A category the member asked for that does not exist is a form error (decision 0003), not an empty
 * list: its Thai message names the field.
 */
function unknownCategory(): AppError {
  const err = new AppError('VALIDATION_FAILED', {}, { category_id: UNKNOWN_CATEGORY });
  err.message = UNKNOWN_CATEGORY;
  return err;
}
const UNKNOWN_CATEGORY = 'ไม่พบหมวดหวยนี้';

async function mustRound(d: LottoDeps, roundId: number) {
  const r = await findRound(d.db, roundId);
  if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
  return r;
}

type MarketRow = Awaited<ReturnType<typeof activeMarketRows>>[number];

/**
 * Categories, each with its markets in order, each market as `view` shows it with its current round
 * (none when it has no round taking bets or next).
 */
function byCategory<V>(
  cats: { id: string; name: string }[],
  markets: MarketRow[],
  current: RoundRow[],
  view: (m: MarketRow, r: RoundRow | undefined) => V,
) {
  const byMarket = new Map(current.map((r) => [r.market_id, r]));
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    markets: markets.filter((m) => m.category_id === c.id).map((m) => view(m, byMarket.get(m.id))),
  }));
}

/** Every category with its active markets, each with its current round (and yeekee's open count). */
export async function lobby(d: LottoDeps) {
  const now = d.clock.now();
  const [cats, markets, current, yeekeeOpen] = await Promise.all([
    categoryRows(d.db),
    activeMarketRows(d.db),
    currentRounds(d.db, now),
    openRoundCounts(d.db, now),
  ]);
  const openCount = new Map(yeekeeOpen.map((r) => [r.market_id, r.n]));
  return {
    server_now: now.toISOString(),
    categories: byCategory(cats, markets, current, (m, r) => ({
      market_id: m.id,
      code: m.code,
      name: m.name,
      derive_rule: m.derive_rule as RoundRow['derive_rule'],
      round: r ? roundSummary(r) : null,
      ...(m.derive_rule === 'yeekee' ? { yeekee_open_rounds: openCount.get(m.id) ?? 0 } : {}),
    })),
  };
}

/** Rounds still taking bets or about to (at most 300), soonest close first. */
export async function openRounds(d: LottoDeps, categoryId?: string) {
  const now = d.clock.now();
  const [rows, cats] = await Promise.all([
    bettableRounds(d.db, now, categoryId),
    categoryId ? categoryRows(d.db) : [],
  ]);
  if (categoryId && !cats.some((c) => c.id === categoryId)) throw unknownCategory();
  return { server_now: now.toISOString(), rounds: rows.slice(0, 300).map(roundSummary) };
}

export async function roundDetail(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  return {
    ...roundSummary(r),
    enabled_types: betTypes.filter((t) => r.settings.rates[t]?.enabled),
    is_yeekee: r.derive_rule === 'yeekee',
    seal_commitment: r.seal_commitment,
    server_now: d.clock.now().toISOString(),
  };
}

export async function roundRule(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  return { round_id: r.id, market_name: r.market_name, derive_rule: r.derive_rule, rule_text: r.rule_text };
}

/** The rates of a round: those it copied from its market, or the operator's own (§3); `special` says which. */
export async function roundRates(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  return { round_id: r.id, special: r.rate_overridden, rates: rateLines(r.settings.rates) };
}

/**
 * Every active market's rates by category: the rates of its current round (the one taking bets, or
 * the next), which are the market's unless an operator set the round's own (docs/rules/lottery.md
 * §3), else the market's.
 */
export async function marketRates(d: LottoDeps, categoryId?: string) {
  const [cats, markets, current] = await Promise.all([
    categoryRows(d.db),
    activeMarketRows(d.db),
    currentRounds(d.db, d.clock.now()),
  ]);
  if (categoryId && !cats.some((c) => c.id === categoryId)) throw unknownCategory();
  const shown = cats.filter((c) => !categoryId || c.id === categoryId);
  return {
    categories: byCategory(shown, markets, current, (m, r) => ({
      market_id: m.id,
      code: m.code,
      name: m.name,
      round_id: r?.id ?? null,
      special: r?.rate_overridden ?? false,
      rates: rateLines(r ? r.settings.rates : (m.rates as unknown as RateTable)),
    })),
  };
}

export async function roundLimits(d: LottoDeps, roundId: number) {
  const r = await mustRound(d, roundId);
  return limitView(r, await numberLimitsWithExposure(d.db, r.id));
}

/**
 * A round's result; without a round, the latest result of every active market (the specification's
 * `GET /api/lotto/result` names no parameter), demo results marked.
 */
export async function roundResult(d: LottoDeps, roundId: number | undefined) {
  if (roundId !== undefined) return resultView(await mustRound(d, roundId));
  const rows = await latestResultRounds(d.db);
  return {
    results: rows.flatMap((r) => {
      const view = resultView(r);
      return view.result
        ? [
            {
              ...roundSummary(r),
              result: view.result,
              result_version: view.result_version,
              result_hash: view.result_hash,
              demo: r.demo_result,
            },
          ]
        : [];
    }),
  };
}

/** A business day's results by category (yeekee rounds once closed); demo results are marked. */
export async function dayResults(d: LottoDeps, date?: string) {
  const day = date ?? bangkokDate(d.clock.now());
  const [cats, rows] = await Promise.all([categoryRows(d.db), roundsOfDay(d.db, day)]);
  return {
    date: day,
    categories: cats.map((c) => ({
      id: c.id,
      name: c.name,
      rounds: rows
        .filter((r) => r.category_id === c.id && (r.derive_rule !== 'yeekee' || r.close_at <= d.clock.now()))
        .map((r) => ({ ...roundSummary(r), result: publishedResult(r), demo: r.demo_result })),
    })),
  };
}
