import { rateToX100, x100ToRate } from '@chok/engine/lotto/match';
import { bangkokDate } from '@chok/engine/lotto/schedule';
import { type BetType, betTypeLabels, betTypes, type RoundResult } from '@chok/engine/lotto/types';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { LottoDeps } from './deps.ts';
import { findRound, findRounds, type RoundRow } from './queries.ts';
import type { RateTable } from './settings.ts';

export function roundSummary(r: RoundRow) {
  return {
    round_id: r.id,
    market_id: r.market_id,
    market_code: r.market_code,
    market_name: r.market_name,
    category_id: r.category_id,
    derive_rule: r.derive_rule,
    business_date: r.business_date,
    round_no: r.round_no,
    status: r.status,
    open_at: r.open_at.toISOString(),
    close_at: r.close_at.toISOString(),
    shoot_close_at: r.shoot_close_at?.toISOString() ?? null,
    expected_result_at: r.expected_result_at.toISOString(),
  };
}

function rateLines(rates: RateTable) {
  return betTypes
    .filter((t) => rates[t])
    .map((t) => ({
      bet_type: t,
      label: betTypeLabels[t],
      rate: x100ToRate(rateToX100(rates[t].rate)),
      min: rates[t].min,
      max: rates[t].max,
      enabled: rates[t].enabled,
    }));
}

const published = (r: RoundRow): RoundResult | null =>
  r.status === 'resulted' || r.status === 'settled' ? r.result : null;

export function createViews(d: LottoDeps) {
  async function mustRound(roundId: number) {
    const r = await findRound(d.db, roundId);
    if (!r) throw new AppError('LOTTO_ROUND_NOT_FOUND');
    return r;
  }

  async function categories() {
    return d.db.selectFrom('lotto_category').selectAll().orderBy('sort_order').execute();
  }

  async function lobby() {
    const now = d.clock.now();
    const [cats, markets, current, yeekeeOpen] = await Promise.all([
      categories(),
      d.db
        .selectFrom('lotto_market')
        .selectAll()
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .execute(),
      findRounds(
        d.db,
        sql`r.id IN (SELECT DISTINCT ON (market_id) id FROM lotto_round
          WHERE status IN ('scheduled', 'open') AND close_at > ${now}
          ORDER BY market_id, (status = 'open') DESC, close_at)`,
      ),
      sql<{ market_id: number; n: number }>`
        SELECT market_id, count(*)::int AS n FROM lotto_round
        WHERE status = 'open' AND close_at > ${now} GROUP BY market_id`.execute(d.db),
    ]);
    const byMarket = new Map(current.map((r) => [r.market_id, r]));
    const openCount = new Map(yeekeeOpen.rows.map((r) => [r.market_id, r.n]));
    return {
      server_now: now.toISOString(),
      categories: cats.map((c) => ({
        id: c.id,
        name: c.name,
        markets: markets
          .filter((m) => m.category_id === c.id)
          .map((m) => {
            const r = byMarket.get(m.id);
            return {
              market_id: m.id,
              code: m.code,
              name: m.name,
              derive_rule: m.derive_rule as RoundRow['derive_rule'],
              round: r ? roundSummary(r) : null,
              ...(m.derive_rule === 'yeekee' ? { yeekee_open_rounds: openCount.get(m.id) ?? 0 } : {}),
            };
          }),
      })),
    };
  }

  async function rounds(categoryId?: string) {
    const now = d.clock.now();
    const rows = await findRounds(
      d.db,
      sql`r.status IN ('scheduled', 'open') AND r.close_at > ${now} AND m.is_active
        ${categoryId ? sql`AND m.category_id = ${categoryId}` : sql``}`,
      sql`r.close_at, m.sort_order`,
    );
    return { server_now: now.toISOString(), rounds: rows.slice(0, 300).map(roundSummary) };
  }

  async function round(roundId: number) {
    const r = await mustRound(roundId);
    return {
      ...roundSummary(r),
      enabled_types: betTypes.filter((t) => r.settings.rates[t]?.enabled),
      is_yeekee: r.derive_rule === 'yeekee',
      seal_commitment: r.seal_commitment,
      server_now: d.clock.now().toISOString(),
    };
  }

  async function rule(roundId: number) {
    const r = await mustRound(roundId);
    return { round_id: r.id, market_name: r.market_name, derive_rule: r.derive_rule, rule_text: r.rule_text };
  }

  async function rate(roundId: number) {
    const r = await mustRound(roundId);
    return { round_id: r.id, rates: rateLines(r.settings.rates) };
  }

  async function rates(categoryId?: string) {
    const [cats, markets] = await Promise.all([
      categories(),
      d.db
        .selectFrom('lotto_market')
        .selectAll()
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .execute(),
    ]);
    return {
      categories: cats
        .filter((c) => !categoryId || c.id === categoryId)
        .map((c) => ({
          id: c.id,
          name: c.name,
          markets: markets
            .filter((m) => m.category_id === c.id)
            .map((m) => ({
              market_id: m.id,
              code: m.code,
              name: m.name,
              rates: rateLines(m.rates as unknown as RateTable),
            })),
        })),
    };
  }

  async function limit(roundId: number) {
    const r = await mustRound(roundId);
    const rows = await d.db
      .selectFrom('lotto_number_limit as l')
      .leftJoin('lotto_exposure as e', (j) =>
        j
          .onRef('e.round_id', '=', 'l.round_id')
          .onRef('e.bet_type', '=', 'l.bet_type')
          .onRef('e.number', '=', 'l.number'),
      )
      .select(['l.bet_type', 'l.number', 'l.action', 'l.rate', 'l.cap', 'e.accepted_amount'])
      .where('l.round_id', '=', r.id)
      .orderBy('l.bet_type')
      .orderBy('l.number')
      .execute();
    return {
      round_id: r.id,
      types: betTypes
        .filter((t) => r.settings.rates[t]?.enabled)
        .map((t) => ({
          bet_type: t,
          min: r.settings.rates[t].min,
          max: r.settings.rates[t].max,
          ceiling: r.settings.rates[t].ceiling,
        })),
      numbers: rows.map((l) => {
        const t = r.settings.rates[l.bet_type as BetType];
        const roundRate = t ? rateToX100(t.rate) : 0;
        const ceiling = Math.min((t?.ceiling ?? 0) * 100, l.cap ?? Number.MAX_SAFE_INTEGER);
        return {
          bet_type: l.bet_type as BetType,
          number: l.number,
          action: l.action as 'closed',
          rate:
            l.action === 'reduced_rate'
              ? x100ToRate(l.rate !== null ? rateToX100(l.rate) : Math.floor(roundRate / 2))
              : null,
          remaining:
            l.action === 'capped'
              ? Math.max(0, Math.floor((ceiling - (l.accepted_amount ?? 0)) / 100))
              : null,
        };
      }),
    };
  }

  async function result(roundId: number) {
    const r = await mustRound(roundId);
    const res = published(r);
    const isYeekee = r.derive_rule === 'yeekee';
    const revealed = r.status === 'resulted' || r.status === 'settled' || r.status === 'cancelled';
    return {
      round_id: r.id,
      status: r.status,
      result: res,
      result_version: r.result_version,
      result_hash: res && r.result_hash ? r.result_hash.toString('hex') : null,
      yeekee: isYeekee
        ? {
            // The count is public while shooting is open (docs/rules/lottery.md §9 Transparency 1); the sum is not.
            shots: r.shot_count,
            sum: res ? r.yeekee_sum : null,
            p16: res ? r.yeekee_p16 : null,
            r: res ? r.yeekee_r : null,
            seal: r.seal_commitment
              ? {
                  commitment: r.seal_commitment,
                  offset_ms: revealed ? r.seal_offset_ms : null,
                  salt: revealed ? r.seal_salt : null,
                }
              : null,
          }
        : null,
    };
  }

  async function results(date?: string) {
    const day = date ?? bangkokDate(d.clock.now());
    const [cats, rows] = await Promise.all([
      categories(),
      findRounds(d.db, sql`r.business_date = ${day}`, sql`m.sort_order, r.round_no`),
    ]);
    return {
      date: day,
      categories: cats.map((c) => ({
        id: c.id,
        name: c.name,
        rounds: rows
          .filter(
            (r) => r.category_id === c.id && (r.derive_rule !== 'yeekee' || r.close_at <= d.clock.now()),
          )
          .map((r) => ({ ...roundSummary(r), result: published(r), demo: r.demo_result })),
      })),
    };
  }

  async function adminRounds(f: {
    date?: string | undefined;
    status?: string | undefined;
    market_id?: number | undefined;
  }) {
    const rows = await findRounds(
      d.db,
      sql`r.business_date = ${f.date ?? bangkokDate(d.clock.now())}
        ${f.status ? sql`AND r.status = ${f.status}` : sql``}
        ${f.market_id ? sql`AND r.market_id = ${f.market_id}` : sql``}`,
      sql`m.sort_order, r.round_no`,
    );
    return rows.map((r) => ({ ...roundSummary(r), result: r.result, result_version: r.result_version }));
  }

  return { lobby, rounds, round, rule, rate, rates, limit, result, results, adminRounds };
}
