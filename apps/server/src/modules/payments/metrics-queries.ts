import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** One kind of payments work waiting: how many, and the age of the oldest in seconds (0 when none). */
export interface Waiting {
  kind: 'deposit' | 'withdrawal' | 'statement_line';
  status: string;
  count: number;
  oldest_seconds: number;
}

/**
 * The payments queues for the metrics (docs/operations.md, "Metrics and alerts"), in one statement:
 * deposits open (the member has yet to pay) or under review, withdrawals pending payout or under
 * review, and statement lines nobody's request matched. Each reads a partial index of its queue.
 */
export async function paymentsQueues(ex: Executor): Promise<Waiting[]> {
  const { rows } = await sql<Waiting>`
    SELECT 'deposit' AS kind, status, count(*)::int AS count,
           COALESCE(EXTRACT(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_seconds
      FROM deposit_request WHERE status IN ('open', 'review') GROUP BY status
    UNION ALL
    SELECT 'withdrawal', status, count(*)::int, COALESCE(EXTRACT(epoch FROM now() - min(created_at)), 0)::float8
      FROM withdrawal WHERE status IN ('pending', 'review') GROUP BY status
    UNION ALL
    SELECT 'statement_line', status, count(*)::int, COALESCE(EXTRACT(epoch FROM now() - min(created_at)), 0)::float8
      FROM statement_line WHERE status = 'unmatched' GROUP BY status`.execute(ex);
  return rows;
}
