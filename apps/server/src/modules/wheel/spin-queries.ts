import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';
import type { PrizeKind } from './version-queries.ts';

export type PaidWith = 'free' | 'points';

export interface SpinRow {
  id: number;
  member_id: number;
  version: number;
  prize_index: number;
  paid_with: PaidWith;
  points_spent: number;
  spin_date: string;
  day_seq: number;
  created_at: Date;
  rewarded_at: Date | null;
  claim_id: number | null;
}

const spinColumns = [
  'id',
  'member_id',
  'version',
  'prize_index',
  'paid_with',
  'points_spent',
  'spin_date',
  'day_seq',
  'created_at',
  'rewarded_at',
  'claim_id',
] as const;

/** The member's spins of one Bangkok day, by how they were paid. */
export async function spinsOfDay(
  ex: Executor,
  memberId: number,
  spinDate: string,
): Promise<{ free: number; points: number }> {
  const { rows } = await sql<{ free: number; points: number }>`
    SELECT count(*) FILTER (WHERE paid_with = 'free')::int AS free,
      count(*) FILTER (WHERE paid_with = 'points')::int AS points
    FROM wheel_spin WHERE member_id = ${memberId} AND spin_date = ${spinDate}`.execute(ex);
  return rows[0] ?? { free: 0, points: 0 };
}

export async function insertSpin(
  ex: Executor,
  s: Omit<SpinRow, 'id' | 'rewarded_at' | 'claim_id'>,
): Promise<SpinRow> {
  return ex.insertInto('wheel_spin').values(s).returning(spinColumns).executeTakeFirstOrThrow();
}

export async function spinById(ex: Executor, id: number): Promise<SpinRow | undefined> {
  return ex.selectFrom('wheel_spin').select(spinColumns).where('id', '=', id).executeTakeFirst();
}

/** Records the credit of a spin's prize (the only change a spin row allows, once). */
export async function markRewarded(ex: Executor, id: number, claimId: number, at: Date): Promise<void> {
  await ex
    .updateTable('wheel_spin')
    .set({ rewarded_at: at, claim_id: claimId })
    .where('id', '=', id)
    .where('rewarded_at', 'is', null)
    .execute();
}

export async function unrewardedOf(ex: Executor, memberId: number, limit: number): Promise<SpinRow[]> {
  return ex
    .selectFrom('wheel_spin')
    .select(spinColumns)
    .where('member_id', '=', memberId)
    .where('rewarded_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Spins not rewarded and drawn at or before `cutoff`, oldest first (the automatic credit). */
export async function dueSpins(
  ex: Executor,
  cutoff: Date,
  limit: number,
): Promise<{ id: number; member_id: number }[]> {
  return ex
    .selectFrom('wheel_spin')
    .select(['id', 'member_id'])
    .where('rewarded_at', 'is', null)
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function spinsPage(
  ex: Executor,
  f: { memberId?: number; paidWith?: PaidWith },
  limit: number,
  offset: number,
): Promise<{ items: SpinRow[]; total: number }> {
  let q = ex.selectFrom('wheel_spin');
  if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
  if (f.paidWith !== undefined) q = q.where('paid_with', '=', f.paidWith);
  const { rows, total } = await pageOf(q, (q) => q.select(spinColumns).orderBy('id', 'desc'), {
    limit,
    offset,
  });
  return { items: rows, total };
}

export interface BoardRow {
  id: number;
  member_id: number;
  label: string;
  amount: number;
  created_at: Date;
}

/** The latest spins that drew free credit of at least `minSatang` (the board). */
export async function bigWins(ex: Executor, minSatang: number, limit: number): Promise<BoardRow[]> {
  const kind: PrizeKind = 'free_credit';
  return ex
    .selectFrom('wheel_spin as s')
    .innerJoin('wheel_prize as p', (j) =>
      j.onRef('p.version', '=', 's.version').onRef('p.prize_index', '=', 's.prize_index'),
    )
    .select(['s.id', 's.member_id', 'p.label', 'p.amount', 's.created_at'])
    .where('p.kind', '=', kind)
    .where('p.amount', '>=', minSatang)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
