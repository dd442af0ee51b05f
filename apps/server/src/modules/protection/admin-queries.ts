import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { MemberRow } from './state-queries.ts';

export type ProtectionFilter = 'any' | 'limits' | 'reality_check' | 'timeout' | 'exclusion';

export interface ListedRow extends MemberRow {
  limits_in_force: number;
}

/** Members with a protection row, newest change first, filtered by state at `now`; and how many match. */
export async function protectedMembers(
  ex: Executor,
  f: { filter: ProtectionFilter; now: Date; offset: number; limit: number },
): Promise<{ rows: ListedRow[]; total: number }> {
  const where = {
    any: sql`true`,
    limits: sql`EXISTS (SELECT 1 FROM protection_limit l WHERE l.member_id = p.member_id
      AND (l.amount_satang IS NOT NULL OR l.pending_from IS NOT NULL))`,
    reality_check: sql`p.reality_check_minutes IS NOT NULL`,
    timeout: sql`p.block_kind = 'timeout' AND p.block_until > ${f.now}`,
    exclusion: sql`p.block_kind = 'exclusion' AND (p.block_until IS NULL OR p.block_until > ${f.now})`,
  }[f.filter];
  const { rows } = await sql<ListedRow & { total: string }>`
    SELECT p.member_id, p.reality_check_minutes, p.block_kind, p.block_choice, p.block_started_at, p.block_until,
      p.updated_at,
      (SELECT count(*) FROM protection_limit l WHERE l.member_id = p.member_id AND l.amount_satang IS NOT NULL)::int
        AS limits_in_force,
      count(*) OVER ()::text AS total
    FROM protection_member p
    WHERE ${where}
    ORDER BY p.updated_at DESC, p.member_id DESC
    OFFSET ${f.offset} LIMIT ${f.limit}`.execute(ex);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && f.offset > 0) {
    const { rows: c } = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM protection_member p WHERE ${where}`.execute(ex);
    total = Number(c[0]?.n ?? 0);
  }
  return { rows, total };
}
