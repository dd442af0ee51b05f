import { sql } from 'kysely';
import type { Executor } from './db.ts';

/**
 * G4 (docs/rules/engagement.md §0): a member may make `limit` writes a minute to one endpoint. The
 * count and the window move in one statement, so parallel requests cannot slip past it. Returns
 * false when this write is over the limit (the caller answers 429 and changes nothing).
 */
export async function takeWriteQuota(
  ex: Executor,
  memberId: number,
  endpoint: string,
  limit: number,
): Promise<boolean> {
  const { rows } = await sql<{ used: number }>`
    INSERT INTO member_write_quota AS q (member_id, endpoint, window_start, used)
    VALUES (${memberId}, ${endpoint}, date_trunc('minute', now()), 1)
    ON CONFLICT (member_id, endpoint) DO UPDATE SET
      used = CASE WHEN q.window_start = date_trunc('minute', now()) THEN q.used + 1 ELSE 1 END,
      window_start = date_trunc('minute', now())
    RETURNING used`.execute(ex);
  return (rows[0]?.used ?? 0) <= limit;
}
