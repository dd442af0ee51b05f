import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type FeedStatus = 'waiting' | 'not_yet' | 'error' | 'disagree' | 'proposed';

/** The feed's progress on one round, or undefined before its first try. */
export function feedRow(ex: Executor, roundId: number) {
  return ex.selectFrom('lotto_result_feed').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

/** Records one try: the status it ended with and when the next is due. */
export async function recordFeedTry(
  ex: Executor,
  roundId: number,
  t: { status: FeedStatus; error: string | null; next_at: Date; at: Date },
): Promise<number> {
  const { rows } = await sql<{ attempts: number }>`
    INSERT INTO lotto_result_feed (round_id, attempts, next_at, last_status, last_error, updated_at)
    VALUES (${roundId}, 1, ${t.next_at}, ${t.status}, ${t.error}, ${t.at})
    ON CONFLICT (round_id) DO UPDATE SET attempts = lotto_result_feed.attempts + 1, next_at = EXCLUDED.next_at,
      last_status = EXCLUDED.last_status, last_error = EXCLUDED.last_error, updated_at = EXCLUDED.updated_at
    RETURNING attempts`.execute(ex);
  return rows[0]!.attempts;
}

/**
 * GLO rounds the feed should try now: past their draw time (within the last 3 days), still without a
 * result and not cancelled, whose feed has not proposed and whose next try is due.
 */
export async function dueFeedRounds(ex: Executor, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT r.id FROM lotto_round r JOIN lotto_market m ON m.id = r.market_id
    LEFT JOIN lotto_result_feed f ON f.round_id = r.id
    WHERE m.derive_rule = 'glo' AND r.status IN ('open', 'closed') AND r.result_version = 0
      AND r.expected_result_at <= ${now} AND r.expected_result_at > ${now}::timestamptz - interval '3 days'
      AND (f.round_id IS NULL OR (f.last_status <> 'proposed' AND f.next_at <= ${now}))
    ORDER BY r.expected_result_at`.execute(ex);
  return rows.map((r) => r.id);
}
