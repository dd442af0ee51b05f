import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

// The dashboard's read of the `member` row (the members module grants it, db/table-owners.ts).

/** Members registered per Bangkok day in [from, to) (the dashboard). */
export async function newMembersByDay(ex: Executor, from: Date, to: Date) {
  const { rows } = await sql<{ day: string; n: string }>`
    SELECT to_char((created_at AT TIME ZONE 'Asia/Bangkok')::date, 'YYYY-MM-DD') AS day, count(*) AS n
    FROM member WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY 1`.execute(ex);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
