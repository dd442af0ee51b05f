import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The cashback module's operator reports, which need each payment's claim status in the same
 * statement: `cashback_payout` (this module's) joined with `reward_claim` (the rewards module grants
 * the read; docs/architecture.md, "Tables have one owner").
 */

export type CashbackKind = 'loss' | 'lotto' | 'commission';

export interface CashbackDayFilter {
  kind?: CashbackKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CashbackDayRow {
  kind: CashbackKind;
  day: string;
  members: number;
  amount: string;
  paid: number;
  paid_amount: string;
  held: number;
  held_amount: string;
  rejected: number;
  rejected_amount: string;
  withheld: number;
  withheld_amount: string;
  by_member: number;
  by_job: number;
  by_operator: number;
  first_at: Date;
  last_at: Date;
}

function dayWhere(f: CashbackDayFilter) {
  const parts = [sql`true`];
  if (f.kind !== undefined) parts.push(sql`p.kind = ${f.kind}`);
  if (f.from !== undefined) parts.push(sql`p.day >= ${f.from}::date`);
  if (f.to !== undefined) parts.push(sql`p.day <= ${f.to}::date`);
  return sql.join(parts, sql` AND `);
}

/** Payments per kind and day, newest day first; amounts in satang as text (bigint sums). */
export async function cashbackDays(
  ex: Executor,
  f: CashbackDayFilter,
  limit: number,
  offset: number,
): Promise<{ items: CashbackDayRow[]; total: number }> {
  const where = dayWhere(f);
  const [items, total] = await Promise.all([
    sql<CashbackDayRow>`
      SELECT p.kind, to_char(p.day, 'YYYY-MM-DD') AS day,
        count(*)::int AS members,
        sum(p.amount_satang)::text AS amount,
        count(*) FILTER (WHERE c.status = 'paid')::int AS paid,
        coalesce(sum(p.amount_satang) FILTER (WHERE c.status = 'paid'), 0)::text AS paid_amount,
        count(*) FILTER (WHERE c.status = 'held')::int AS held,
        coalesce(sum(p.amount_satang) FILTER (WHERE c.status = 'held'), 0)::text AS held_amount,
        count(*) FILTER (WHERE c.status = 'rejected')::int AS rejected,
        coalesce(sum(p.amount_satang) FILTER (WHERE c.status = 'rejected'), 0)::text AS rejected_amount,
        count(*) FILTER (WHERE c.status = 'withheld')::int AS withheld,
        coalesce(sum(p.amount_satang) FILTER (WHERE c.status = 'withheld'), 0)::text AS withheld_amount,
        count(*) FILTER (WHERE p.paid_by = 'member')::int AS by_member,
        count(*) FILTER (WHERE p.paid_by = 'job')::int AS by_job,
        count(*) FILTER (WHERE p.paid_by = 'operator')::int AS by_operator,
        min(p.created_at) AS first_at,
        max(p.created_at) AS last_at
      FROM cashback_payout p JOIN reward_claim c ON c.id = p.claim_id
      WHERE ${where}
      GROUP BY p.kind, p.day
      ORDER BY p.day DESC, p.kind
      LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT DISTINCT p.kind, p.day FROM cashback_payout p WHERE ${where}) d`.execute(
      ex,
    ),
  ]);
  return { items: items.rows, total: total.rows[0]?.n ?? 0 };
}

export interface CashbackPayoutLineRow {
  id: number;
  member_id: number;
  kind: CashbackKind;
  day: string;
  stake_satang: string;
  payout_satang: string;
  base_satang: string;
  rate_bp: number;
  amount_satang: string;
  status: 'paid' | 'held' | 'rejected' | 'withheld';
  paid_by: 'member' | 'job' | 'operator';
  created_at: Date;
}

/** One kind's payments of one day, largest first. */
export async function cashbackPayoutLines(
  ex: Executor,
  kind: CashbackKind,
  day: string,
  limit: number,
  offset: number,
): Promise<{ items: CashbackPayoutLineRow[]; total: number }> {
  const [items, total] = await Promise.all([
    sql<CashbackPayoutLineRow>`
      SELECT p.id::int AS id, p.member_id, p.kind, to_char(p.day, 'YYYY-MM-DD') AS day,
        p.stake_satang::text AS stake_satang, p.payout_satang::text AS payout_satang,
        p.base_satang::text AS base_satang, p.rate_bp, p.amount_satang::text AS amount_satang,
        c.status, p.paid_by, p.created_at
      FROM cashback_payout p JOIN reward_claim c ON c.id = p.claim_id
      WHERE p.kind = ${kind} AND p.day = ${day}::date
      ORDER BY p.amount_satang DESC, p.id
      LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM cashback_payout p WHERE p.kind = ${kind} AND p.day = ${day}::date`.execute(
      ex,
    ),
  ]);
  return { items: items.rows, total: total.rows[0]?.n ?? 0 };
}
