import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The affiliate programme's reads of the `member` row (the members module grants them,
 * db/table-owners.ts; docs/rules/engagement.md §11): the member's referral, their network two levels
 * down, and who is above a downline member. `referred_by` is fixed at registration.
 */

export async function referralOf(
  ex: Executor,
  memberId: number,
): Promise<{ referral_code: string; referred_by: number | null } | undefined> {
  return ex
    .selectFrom('member')
    .select(['referral_code', 'referred_by'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** For each member id: who referred them (level 1 above) and who referred that one (level 2 above). */
export async function uplinesOf(
  ex: Executor,
  memberIds: readonly number[],
): Promise<Map<number, { referrer: number | null; grandReferrer: number | null }>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ id: number; referrer: number | null; grand_referrer: number | null }>`
    SELECT m.id, m.referred_by AS referrer, r.referred_by AS grand_referrer
    FROM member m LEFT JOIN member r ON r.id = m.referred_by
    WHERE m.id = ANY(${[...memberIds]}::int[]) AND m.referred_by IS NOT NULL`.execute(ex);
  return new Map(rows.map((r) => [r.id, { referrer: r.referrer, grandReferrer: r.grand_referrer }]));
}

export interface NetworkRow {
  id: number;
  level: 1 | 2;
  account_name: string;
  phone: string;
  created_at: Date;
}

function network(memberId: number, level: 1 | 2 | null) {
  const one = sql`SELECT id, 1 AS level, account_name, phone, created_at FROM member WHERE referred_by = ${memberId}`;
  const two = sql`SELECT m.id, 2 AS level, m.account_name, m.phone, m.created_at
    FROM member m JOIN member r ON r.id = m.referred_by
    WHERE r.referred_by = ${memberId} AND m.id <> ${memberId}`;
  if (level === 1) return one;
  if (level === 2) return two;
  return sql`${one} UNION ALL ${two}`;
}

/** The member's network (both levels, or one), newest first. */
export async function networkPage(
  ex: Executor,
  memberId: number,
  level: 1 | 2 | null,
  limit: number,
  offset: number,
): Promise<NetworkRow[]> {
  const { rows } = await sql<NetworkRow>`
    SELECT * FROM (${network(memberId, level)}) n
    ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex);
  return rows.map((r) => ({ ...r, level: Number(r.level) as 1 | 2 }));
}

/** How many members the member has on each level. */
export async function networkCounts(
  ex: Executor,
  memberId: number,
): Promise<{ level1: number; level2: number }> {
  const { rows } = await sql<{ level: number; n: string }>`
    SELECT level, count(*) AS n FROM (${network(memberId, null)}) n GROUP BY level`.execute(ex);
  const of = (l: number) => Number(rows.find((r) => Number(r.level) === l)?.n ?? 0);
  return { level1: of(1), level2: of(2) };
}
