import { sql } from 'kysely';
import type { Executor } from './db.ts';

/**
 * G4 (docs/rules/engagement.md §0): a member may make `limit` writes to one endpoint in any 60
 * seconds. The row keeps the times of the accepted writes of the last minute; one statement drops
 * the older ones and adds this write only while fewer than `limit` remain, under the row's lock, so
 * parallel requests cannot slip past it. Returns false when this write is over the limit (the caller
 * answers 429 and changes nothing).
 */
export async function takeWriteQuota(
  ex: Executor,
  memberId: number,
  endpoint: string,
  limit: number,
): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    INSERT INTO member_write_quota AS q (member_id, endpoint, recent)
    VALUES (${memberId}, ${endpoint}, ARRAY[now()])
    ON CONFLICT (member_id, endpoint) DO UPDATE SET
      recent = ARRAY(SELECT t FROM unnest(q.recent) t WHERE t > now() - interval '1 minute' ORDER BY t) || now()
    WHERE (SELECT count(*) FROM unnest(q.recent) t WHERE t > now() - interval '1 minute') < ${limit}
    RETURNING true AS taken`.execute(ex);
  return rows.length > 0 && limit > 0;
}
