import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type PayoutKind = 'loss' | 'lotto' | 'commission';
export type PaidBy = 'member' | 'job' | 'operator';

/** A payment and what it was computed from (`day` as "YYYY-MM-DD", never a Date). */
export interface PayoutRow {
  id: number;
  claim_id: number;
  member_id: number;
  kind: PayoutKind;
  day: string;
  stake_satang: number;
  payout_satang: number;
  base_satang: number;
  rate_bp: number;
  amount_satang: number;
  paid_by: PaidBy;
  created_at: Date;
}

const columns = sql`id, claim_id, member_id, kind, to_char(day, 'YYYY-MM-DD') AS day, stake_satang,
  payout_satang, base_satang, rate_bp, amount_satang, paid_by, created_at`;

export async function insertPayout(
  ex: Executor,
  p: Omit<PayoutRow, 'id' | 'created_at'> & { staff_id: number | null },
): Promise<PayoutRow> {
  const { rows } = await sql<PayoutRow>`
    INSERT INTO cashback_payout (claim_id, member_id, kind, day, stake_satang, payout_satang, base_satang,
      rate_bp, amount_satang, paid_by, staff_id)
    VALUES (${p.claim_id}, ${p.member_id}, ${p.kind}, ${p.day}::date, ${p.stake_satang}, ${p.payout_satang},
      ${p.base_satang}, ${p.rate_bp}, ${p.amount_satang}, ${p.paid_by}, ${p.staff_id})
    RETURNING ${columns}`.execute(ex);
  const row = rows[0];
  if (!row) throw new Error('cashback payout insert returned nothing');
  return row;
}

export async function payoutOf(
  ex: Executor,
  memberId: number,
  kind: PayoutKind,
  day: string,
): Promise<PayoutRow | undefined> {
  const { rows } = await sql<PayoutRow>`
    SELECT ${columns} FROM cashback_payout
    WHERE member_id = ${memberId} AND kind = ${kind} AND day = ${day}::date`.execute(ex);
  return rows[0];
}

/** The member's payments of `kinds`, newest day first. */
export async function payoutsPage(
  ex: Executor,
  memberId: number,
  kinds: readonly PayoutKind[],
  limit: number,
  offset: number,
): Promise<{ items: PayoutRow[]; total: number }> {
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const [items, total] = await Promise.all([
    sql<PayoutRow>`
      SELECT ${columns} FROM cashback_payout
      WHERE member_id = ${memberId} AND kind IN (${kindList})
      ORDER BY day DESC, id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM cashback_payout
      WHERE member_id = ${memberId} AND kind IN (${kindList})`.execute(ex),
  ]);
  return { items: items.rows, total: total.rows[0]?.n ?? 0 };
}

/** Members paid (or held) for `kind` on `day` already: a run skips them. */
export async function paidMembers(ex: Executor, kind: PayoutKind, day: string): Promise<Set<number>> {
  const { rows } = await sql<{ member_id: number }>`
    SELECT member_id FROM cashback_payout WHERE kind = ${kind} AND day = ${day}::date`.execute(ex);
  return new Set(rows.map((r) => r.member_id));
}
