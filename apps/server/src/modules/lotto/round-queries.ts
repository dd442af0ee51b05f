import type { DeriveRule, RoundResult } from '@chok/engine/lotto/types';
import { sql } from 'kysely';
import { type Executor, type Prepared, prepared, runPrepared } from '../../platform/db.ts';
import type { RoundSettings } from './settings.ts';

export interface RoundRow {
  id: number;
  market_id: number;
  market_code: string;
  market_name: string;
  category_id: string;
  derive_rule: DeriveRule;
  business_date: string;
  round_no: number;
  status: 'scheduled' | 'open' | 'closed' | 'resulted' | 'settled' | 'cancelled';
  open_at: Date;
  close_at: Date;
  shoot_close_at: Date | null;
  expected_result_at: Date;
  settings: RoundSettings;
  result: RoundResult | null;
  result_version: number;
  result_hash: Buffer | null;
  shot_count: number;
  chain_head: string | null;
  yeekee_sum: number | null;
  yeekee_p16: number | null;
  yeekee_r: string | null;
  seal_offset_ms: number | null;
  seal_salt: string | null;
  seal_commitment: string | null;
  rule_text: string;
  auto_refund_no_result: boolean;
  /** The result is made-up demo data (the demo seed's history), not an official output. */
  demo_result: boolean;
  /** An operator set this round's rates apart from its market's (docs/rules/lottery.md §3). */
  rate_overridden: boolean;
}

/** The columns of a RoundRow, from `lotto_round r JOIN lotto_market m`, as SQL text (prepared statements). */
export const ROUND_COLUMNS = `r.id, r.market_id, m.code AS market_code, m.name AS market_name, m.category_id,
  m.derive_rule, r.business_date, r.round_no, r.status, r.open_at, r.close_at, r.shoot_close_at,
  r.expected_result_at, r.settings, r.result, r.result_version, r.result_hash, r.shot_count, r.chain_head,
  r.yeekee_sum, r.yeekee_p16, r.yeekee_r, r.seal_offset_ms, r.seal_salt, r.seal_commitment, m.rule_text,
  m.auto_refund_no_result, coalesce(r.result_raw->>'demo' = 'true', false) AS demo_result,
  r.rate_overrides IS NOT NULL AS rate_overridden`;
/** The same columns as a Kysely fragment. */
export const roundColumns = sql.raw(ROUND_COLUMNS);

/** One round with its market; `lock` takes the round row lock of docs/rules/lottery.md §6. */
export async function findRound(
  ex: Executor,
  roundId: number,
  lock: 'none' | 'share' | 'update' = 'none',
): Promise<(RoundRow & { db_now: Date }) | undefined> {
  return (await runPrepared(ex, findRoundStatements[lock], [roundId]))[0];
}

const findRoundStatements = Object.fromEntries(
  (['none', 'share', 'update'] as const).map((lock) => [
    lock,
    prepared<RoundRow & { db_now: Date }>(
      `lotto_find_round_${lock}`,
      `SELECT ${ROUND_COLUMNS}, clock_timestamp() AS db_now
       FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
       WHERE r.id = $1::bigint${lock === 'share' ? ' FOR SHARE OF r' : lock === 'update' ? ' FOR UPDATE OF r' : ''}`,
    ),
  ]),
) as Record<'none' | 'share' | 'update', Prepared<RoundRow & { db_now: Date }>>;

async function findRounds(
  ex: Executor,
  where: ReturnType<typeof sql>,
  order: ReturnType<typeof sql> = sql`m.sort_order, r.close_at`,
): Promise<RoundRow[]> {
  const { rows } = await sql<RoundRow>`
    SELECT ${roundColumns}
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE ${where} ORDER BY ${order}`.execute(ex);
  return rows;
}

/** Each market's current round: its open one if any, else the next scheduled, by close time. */
export function currentRounds(ex: Executor, now: Date): Promise<RoundRow[]> {
  return findRounds(
    ex,
    sql`r.id IN (SELECT DISTINCT ON (market_id) id FROM lotto_round
          WHERE status IN ('scheduled', 'open') AND close_at > ${now}
          ORDER BY market_id, (status = 'open') DESC, close_at)`,
  );
}

/** Rounds of active markets not yet closed (of one category, if given), soonest close first. */
export function bettableRounds(ex: Executor, now: Date, categoryId: string | undefined): Promise<RoundRow[]> {
  return findRounds(
    ex,
    sql`r.status IN ('scheduled', 'open') AND r.close_at > ${now} AND m.is_active
        ${categoryId ? sql`AND m.category_id = ${categoryId}` : sql``}`,
    sql`r.close_at, m.sort_order`,
  );
}

/** Every round of a business day, by market and round number. */
export function roundsOfDay(ex: Executor, day: string): Promise<RoundRow[]> {
  return findRounds(ex, sql`r.business_date = ${day}`, sql`m.sort_order, r.round_no`);
}

/**
 * Each active market's most recent round with a result (resulted or settled), in display order: one
 * backward step of the (market, business date, round number) index per market.
 */
export function latestResultRounds(ex: Executor): Promise<RoundRow[]> {
  return findRounds(
    ex,
    sql`m.is_active AND r.id IN (
          SELECT (SELECT lr.id FROM lotto_round lr
                  WHERE lr.market_id = mk.id AND lr.status IN ('resulted', 'settled')
                  ORDER BY lr.business_date DESC, lr.round_no DESC LIMIT 1)
          FROM lotto_market mk WHERE mk.is_active)`,
  );
}

/** Open rounds not yet closed, counted per market (the lobby's yeekee count). */
export async function openRoundCounts(ex: Executor, now: Date): Promise<{ market_id: number; n: number }[]> {
  const { rows } = await sql<{ market_id: number; n: number }>`
        SELECT market_id, count(*)::int AS n FROM lotto_round
        WHERE status = 'open' AND close_at > ${now} GROUP BY market_id`.execute(ex);
  return rows;
}

export function categoryRows(ex: Executor) {
  return ex.selectFrom('lotto_category').selectAll().orderBy('sort_order').execute();
}

/** Active markets in display order. */
export function activeMarketRows(ex: Executor) {
  return ex
    .selectFrom('lotto_market')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .execute();
}

/** A round's เลขอั้น with what exposure has accepted on each number. */
export function numberLimitsWithExposure(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto_number_limit as l')
    .leftJoin('lotto_exposure as e', (j) =>
      j
        .onRef('e.round_id', '=', 'l.round_id')
        .onRef('e.bet_type', '=', 'l.bet_type')
        .onRef('e.number', '=', 'l.number'),
    )
    .select(['l.bet_type', 'l.number', 'l.action', 'l.rate', 'l.cap', 'e.accepted_amount'])
    .where('l.round_id', '=', roundId)
    .orderBy('l.bet_type')
    .orderBy('l.number')
    .execute();
}
