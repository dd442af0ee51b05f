import type { BlockChoice, LimitKind, LimitPeriod } from '@chok/engine/engagement/protection';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export interface MemberRow {
  member_id: number;
  reality_check_minutes: number | null;
  block_kind: 'timeout' | 'exclusion' | null;
  block_choice: string | null;
  block_started_at: Date | null;
  block_until: Date | null;
  updated_at: Date;
}

export interface LimitRow {
  member_id: number;
  kind: LimitKind;
  period: LimitPeriod;
  amount_satang: number | null;
  pending_amount_satang: number | null;
  pending_from: Date | null;
  period_start: string | null;
  used_satang: number;
}

const memberColumns = [
  'member_id',
  'reality_check_minutes',
  'block_kind',
  'block_choice',
  'block_started_at',
  'block_until',
  'updated_at',
] as const;

/** The member's protection row, or undefined when the member never used a tool. */
export function memberRow(ex: Executor, memberId: number): Promise<MemberRow | undefined> {
  return ex
    .selectFrom('protection_member')
    .select(memberColumns)
    .where('member_id', '=', memberId)
    .executeTakeFirst() as Promise<MemberRow | undefined>;
}

/** The block columns alone, for the gate on every guarded member call (one primary-key read). */
export function blockRow(
  ex: Executor,
  memberId: number,
): Promise<Pick<MemberRow, 'block_kind' | 'block_until'> | undefined> {
  return ex
    .selectFrom('protection_member')
    .select(['block_kind', 'block_until'])
    .where('member_id', '=', memberId)
    .where('block_kind', 'is not', null)
    .executeTakeFirst() as Promise<Pick<MemberRow, 'block_kind' | 'block_until'> | undefined>;
}

/** Creates the member's row if missing and locks it: one member's changes are decided one at a time. */
export async function lockMemberRow(ex: Executor, memberId: number, now: Date): Promise<MemberRow> {
  await ex
    .insertInto('protection_member')
    .values({ member_id: memberId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  return ex
    .selectFrom('protection_member')
    .select(memberColumns)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow() as Promise<MemberRow>;
}

export async function setRealityCheck(ex: Executor, memberId: number, minutes: number | null, now: Date) {
  await ex
    .updateTable('protection_member')
    .set({ reality_check_minutes: minutes, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}

export async function setBlock(
  ex: Executor,
  memberId: number,
  b: { kind: 'timeout' | 'exclusion'; choice: BlockChoice; startedAt: Date; until: Date | null },
) {
  await ex
    .updateTable('protection_member')
    .set({
      block_kind: b.kind,
      block_choice: b.choice,
      block_started_at: b.startedAt,
      block_until: b.until,
      updated_at: b.startedAt,
    })
    .where('member_id', '=', memberId)
    .execute();
}

export function touchMember(ex: Executor, memberId: number, now: Date) {
  return ex
    .updateTable('protection_member')
    .set({ updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}

const limitColumns = [
  'member_id',
  'kind',
  'period',
  'amount_satang',
  'pending_amount_satang',
  'pending_from',
  sql<string | null>`period_start::text`.as('period_start'),
  'used_satang',
] as const;

export function limitRows(ex: Executor, memberId: number, kind?: LimitKind): Promise<LimitRow[]> {
  let q = ex.selectFrom('protection_limit').select(limitColumns).where('member_id', '=', memberId);
  if (kind) q = q.where('kind', '=', kind);
  return q.execute() as Promise<LimitRow[]>;
}

/** Limit rows whose waiting change is due (all members, or one). */
export function dueLimitRows(ex: Executor, now: Date, memberId?: number): Promise<LimitRow[]> {
  let q = ex
    .selectFrom('protection_limit')
    .select(limitColumns)
    .where('pending_from', '<=', now)
    .orderBy('member_id')
    .limit(1000);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  return q.forUpdate().skipLocked().execute() as Promise<LimitRow[]>;
}

export async function writeLimit(
  ex: Executor,
  r: {
    memberId: number;
    kind: LimitKind;
    period: LimitPeriod;
    amount: number | null;
    pendingAmount: number | null;
    pendingFrom: Date | null;
    now: Date;
  },
) {
  await ex
    .insertInto('protection_limit')
    .values({
      member_id: r.memberId,
      kind: r.kind,
      period: r.period,
      amount_satang: r.amount,
      pending_amount_satang: r.pendingAmount,
      pending_from: r.pendingFrom,
      updated_at: r.now,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'kind', 'period']).doUpdateSet({
        amount_satang: r.amount,
        pending_amount_satang: r.pendingAmount,
        pending_from: r.pendingFrom,
        updated_at: r.now,
      }),
    )
    .execute();
}

/**
 * The database's own current Bangkok period starts: the loss counters move by the database clock,
 * in the transaction of each bet (protection/sql/protection_count_loss.sql), so they are started by it too.
 */
export async function databasePeriodStarts(ex: Executor): Promise<Record<LimitPeriod, string>> {
  const { rows } = await sql<{ day: string; week: string; month: string }>`
    SELECT protection_period_start('day', now())::text AS day, protection_period_start('week', now())::text AS week,
      protection_period_start('month', now())::text AS month`.execute(ex);
  return rows[0]!;
}

/**
 * Creates the three loss counters of a member (day, week, month) that are missing, each holding the
 * period's net loss so far (`used`), so that each period is counted from the first loss limit on.
 */
export async function startLossCounters(
  ex: Executor,
  memberId: number,
  counters: { period: LimitPeriod; start: string; used: number }[],
  now: Date,
) {
  await ex
    .insertInto('protection_limit')
    .values(
      counters.map((c) => ({
        member_id: memberId,
        kind: 'loss',
        period: c.period,
        period_start: c.start,
        used_satang: c.used,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
    .execute();
}

export async function insertEvent(
  ex: Executor,
  e: { memberId: number; at: Date; action: EventAction; detail: Record<string, unknown> },
) {
  await ex
    .insertInto('protection_event')
    .values({ member_id: e.memberId, at: e.at, action: e.action, detail: JSON.stringify(e.detail) })
    .execute();
}

export type EventAction =
  | 'limit_set'
  | 'limit_pending'
  | 'limit_applied'
  | 'reality_check'
  | 'timeout'
  | 'exclusion';

export interface EventRow {
  at: Date;
  action: string;
  detail: Record<string, unknown>;
}

export function eventsSince(ex: Executor, memberId: number, since: Date): Promise<EventRow[]> {
  return ex
    .selectFrom('protection_event')
    .select(['at', 'action', 'detail'])
    .where('member_id', '=', memberId)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute() as Promise<EventRow[]>;
}
