import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface SettlementFigures {
  /** Rounds with a result whose bills are not settled yet. */
  awaiting: number;
  /** Seconds since the oldest of them got its result (0 when none). */
  awaiting_oldest_seconds: number;
  /** From result to settled, in seconds, of the last round settled (by close time; 0 when none). */
  last_settlement_seconds: number;
}

/**
 * The settlement's figures for the metrics (docs/operations.md, "Metrics and alerts"), in one
 * statement on the rounds' `(status, close_at)` index.
 */
export async function settlementFigures(ex: Executor): Promise<SettlementFigures> {
  const { rows } = await sql<SettlementFigures>`
    SELECT
      (SELECT count(*)::int FROM lotto_round WHERE status = 'resulted') AS awaiting,
      COALESCE((SELECT EXTRACT(epoch FROM now() - min(resulted_at)) FROM lotto_round WHERE status = 'resulted'), 0)::float8
        AS awaiting_oldest_seconds,
      COALESCE((SELECT EXTRACT(epoch FROM settled_at - resulted_at) FROM lotto_round
                 WHERE status = 'settled' AND settled_at IS NOT NULL AND resulted_at IS NOT NULL
                 ORDER BY close_at DESC LIMIT 1), 0)::float8 AS last_settlement_seconds`.execute(ex);
  return rows[0] ?? { awaiting: 0, awaiting_oldest_seconds: 0, last_settlement_seconds: 0 };
}
