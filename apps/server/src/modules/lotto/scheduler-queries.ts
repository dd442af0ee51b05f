import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { LottoRound } from '../../db/database.generated.ts';
import type { Executor } from '../../platform/db.ts';

export type RoundStatusChange = { id: number; status: string; derive_rule: string };

/** Every active market (any order). */
export function activeMarkets(ex: Executor) {
  return ex.selectFrom('lotto_market').selectAll().where('is_active', '=', true).execute();
}

/** Inserts rounds, skipping any that exist (unique market, date, round_no); answers the new ones. */
export async function insertRounds(
  ex: Executor,
  rows: Insertable<LottoRound>[],
): Promise<{ id: number; template_id: number | null }[]> {
  return ex
    .insertInto('lotto_round')
    .values(rows)
    .onConflict((oc) => oc.columns(['market_id', 'business_date', 'round_no']).doNothing())
    .returning(['id', 'template_id'])
    .execute();
}

/** scheduled → open for every round whose open_at has come. */
export async function openRoundsDue(ex: Executor, now: Date): Promise<RoundStatusChange[]> {
  const { rows } = await sql<RoundStatusChange>`
    UPDATE lotto_round r SET status = 'open'
    FROM lotto_market m
    WHERE m.id = r.market_id AND r.status = 'scheduled' AND r.open_at <= ${now}
    RETURNING r.id, r.status, m.derive_rule`.execute(ex);
  return rows;
}

/** scheduled/open → closed for every round whose close_at has come. */
export async function closeRoundsDue(ex: Executor, now: Date): Promise<RoundStatusChange[]> {
  const { rows } = await sql<RoundStatusChange>`
    UPDATE lotto_round r SET status = 'closed'
    FROM lotto_market m
    WHERE m.id = r.market_id AND r.status IN ('scheduled', 'open') AND r.close_at <= ${now}
    RETURNING r.id, r.status, m.derive_rule`.execute(ex);
  return rows;
}

/** Open or closed yeekee rounds whose shooting ends (after the sealed offset) by `until`, soonest first. */
export async function yeekeeShootingEnds(ex: Executor, until: Date): Promise<{ id: number; at: Date }[]> {
  const { rows } = await sql<{ id: number; at: Date }>`
    SELECT r.id, r.shoot_close_at - make_interval(secs => coalesce(r.seal_offset_ms, 0) / 1000.0) AS at
    FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE m.derive_rule = 'yeekee' AND r.status IN ('open', 'closed')
      AND r.shoot_close_at - make_interval(secs => coalesce(r.seal_offset_ms, 0) / 1000.0) <= ${until}
    ORDER BY at`.execute(ex);
  return rows;
}

export async function resultedRoundIds(ex: Executor): Promise<number[]> {
  const rows = await ex.selectFrom('lotto_round').select('id').where('status', '=', 'resulted').execute();
  return rows.map((r) => r.id);
}

/** Closed rounds of auto-refund markets (not yeekee) whose expected result time is at or before `before`. */
export async function closedRoundsWithoutResult(ex: Executor, before: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    WHERE m.auto_refund_no_result AND m.derive_rule <> 'yeekee' AND r.status = 'closed'
      AND r.expected_result_at <= ${before}`.execute(ex);
  return rows.map((r) => r.id);
}
