import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

export type RewardKind = 'points' | 'free_credit' | 'main' | 'none';
/** `withheld`: fell due during a time-out or self-exclusion; final, never paid (claims.ts). */
export type ClaimStatus = 'paid' | 'held' | 'rejected' | 'withheld';

export interface ClaimRow {
  id: number;
  member_id: number;
  feature: string;
  period_key: string;
  reward_kind: RewardKind;
  amount: number;
  status: ClaimStatus;
  hold_reason: string | null;
  reference: string;
  created_at: Date;
  decided_at: Date | null;
  /** A held reward from the second-approval amount: who approved it first (holds.ts). */
  first_approval_by: number | null;
  first_approval_at: Date | null;
}

const columns = [
  'id',
  'member_id',
  'feature',
  'period_key',
  'reward_kind',
  'amount',
  'status',
  'hold_reason',
  'reference',
  'created_at',
  'decided_at',
  'first_approval_by',
  'first_approval_at',
] as const;

/** Inserts the claim unless (member, feature, period) has one; undefined when it had (G2). */
export async function insertClaim(
  ex: Executor,
  c: Omit<ClaimRow, 'id' | 'created_at' | 'decided_at' | 'first_approval_by' | 'first_approval_at'>,
): Promise<ClaimRow | undefined> {
  const row = await ex
    .insertInto('reward_claim')
    .values(c)
    .onConflict((oc) => oc.columns(['member_id', 'feature', 'period_key']).doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row as ClaimRow | undefined;
}

export async function claimOf(ex: Executor, memberId: number, feature: string, periodKey: string) {
  return (await ex
    .selectFrom('reward_claim')
    .select(columns)
    .where('member_id', '=', memberId)
    .where('feature', '=', feature)
    .where('period_key', '=', periodKey)
    .executeTakeFirst()) as ClaimRow | undefined;
}

export async function claimsOf(ex: Executor, memberId: number, feature: string, periodKeys: string[]) {
  if (periodKeys.length === 0) return [];
  return (await ex
    .selectFrom('reward_claim')
    .select(columns)
    .where('member_id', '=', memberId)
    .where('feature', '=', feature)
    .where('period_key', 'in', periodKeys)
    .execute()) as ClaimRow[];
}

export async function claimById(ex: Executor, id: number) {
  return (await ex.selectFrom('reward_claim').select(columns).where('id', '=', id).executeTakeFirst()) as
    | ClaimRow
    | undefined;
}

export async function lockClaim(ex: Executor, id: number) {
  return (await ex
    .selectFrom('reward_claim')
    .select(columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as ClaimRow | undefined;
}

export async function decideClaim(
  ex: Executor,
  id: number,
  d: { status: ClaimStatus; staffId: number; reason?: string },
): Promise<ClaimRow> {
  return (await ex
    .updateTable('reward_claim')
    .set({
      status: d.status,
      decided_at: sql<Date>`now()`,
      decided_by: d.staffId,
      ...(d.reason === undefined ? {} : { hold_reason: d.reason }),
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow()) as ClaimRow;
}

/**
 * The first of two operators approves a held reward (holds.ts): one statement that only a claim
 * still held and not yet approved passes; undefined otherwise.
 */
export async function recordFirstApproval(ex: Executor, id: number, staffId: number, now: Date) {
  return (await ex
    .updateTable('reward_claim')
    .set({ first_approval_by: staffId, first_approval_at: now })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .where('first_approval_by', 'is', null)
    .returning(columns)
    .executeTakeFirst()) as ClaimRow | undefined;
}

/**
 * Claims in `status`; for paid and rejected, only those an operator decided (released or refused
 * holds); withheld ones all (no operator decides them).
 */
export async function claimsPage(ex: Executor, status: ClaimStatus, limit: number, offset: number) {
  const base = () => {
    const q = ex.selectFrom('reward_claim').where('status', '=', status);
    return status === 'held' || status === 'withheld' ? q : q.where('decided_by', 'is not', null);
  };
  const { rows, total } = await pageOf(base(), (q) => q.select(columns).orderBy('id', 'desc'), {
    limit,
    offset,
  });
  return { items: rows as ClaimRow[], total };
}

/** The status of each claim found, by id (operators' lists of what became of a reward). */
export async function claimStatuses(ex: Executor, ids: readonly number[]): Promise<Map<number, ClaimStatus>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await ex
    .selectFrom('reward_claim')
    .select(['id', 'status'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.status as ClaimStatus]));
}
