import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

export type QuestTask = 'deposit' | 'bet' | 'rounds' | 'checkin';
export type QuestPeriodKind = 'daily' | 'weekly' | 'campaign';

export interface QuestRow {
  id: number;
  code: string | null;
  title: string;
  task: QuestTask;
  /** deposit and bet: satang; rounds and checkin: a count. */
  target: number;
  period: QuestPeriodKind;
  starts_at: Date | null;
  ends_at: Date | null;
  event_id: number | null;
  reward_kind: 'points' | 'free_credit';
  /** points: whole points; free_credit: satang. */
  reward_amount: number;
  is_active: boolean;
  sort_order: number;
  updated_at: Date;
}

export type QuestFields = Omit<QuestRow, 'id' | 'code' | 'updated_at'>;

const columns = [
  'id',
  'code',
  'title',
  'task',
  'target',
  'period',
  'starts_at',
  'ends_at',
  'event_id',
  'reward_kind',
  'reward_amount',
  'is_active',
  'sort_order',
  'updated_at',
] as const;

const PERIOD_ORDER = sql<number>`CASE period WHEN 'daily' THEN 0 WHEN 'weekly' THEN 1 ELSE 2 END`;

/** Active quests (optionally of one event), daily first, then weekly, then campaigns, in the operator's order. */
export async function activeQuests(ex: Executor, eventId?: number): Promise<QuestRow[]> {
  let q = ex.selectFrom('quest').select(columns).where('is_active', '=', true);
  if (eventId !== undefined) q = q.where('event_id', '=', eventId);
  return (await q.orderBy(PERIOD_ORDER).orderBy('sort_order').orderBy('id').execute()) as QuestRow[];
}

/**
 * An active quest, share-locked until the caller's transaction ends: an operator's edit (which locks
 * it for update) waits for a redeem in flight, and a redeem for an edit.
 */
export async function shareActiveQuest(ex: Executor, id: number): Promise<QuestRow | undefined> {
  return (await ex
    .selectFrom('quest')
    .select(columns)
    .where('id', '=', id)
    .where('is_active', '=', true)
    .forShare()
    .executeTakeFirst()) as QuestRow | undefined;
}

export async function lockQuest(ex: Executor, id: number): Promise<QuestRow | undefined> {
  return (await ex.selectFrom('quest').select(columns).where('id', '=', id).forUpdate().executeTakeFirst()) as
    | QuestRow
    | undefined;
}

/** Every quest with how many rewards it paid, for the operator. */
export async function questsWithClaims(ex: Executor): Promise<(QuestRow & { claims: number })[]> {
  const rows = await ex
    .selectFrom('quest as q')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('quest_claim')
          .select(['quest_id', (e) => e.fn.countAll<number>().as('n')])
          .groupBy('quest_id')
          .as('c'),
      (join) => join.onRef('c.quest_id', '=', 'q.id'),
    )
    .select(columns.map((c) => `q.${c}` as const))
    .select((eb) => eb.fn.coalesce('c.n', sql<number>`0`).as('claims'))
    .orderBy(sql`CASE q.period WHEN 'daily' THEN 0 WHEN 'weekly' THEN 1 ELSE 2 END`)
    .orderBy('q.sort_order')
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({ ...(r as unknown as QuestRow), claims: Number(r.claims) }));
}

export async function claimCount(ex: Executor, questId: number): Promise<number> {
  const row = await ex
    .selectFrom('quest_claim')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('quest_id', '=', questId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertQuest(
  ex: Executor,
  q: QuestFields & { code?: string | null; updated_by: number | null },
): Promise<QuestRow> {
  return (await ex.insertInto('quest').values(q).returning(columns).executeTakeFirstOrThrow()) as QuestRow;
}

/** Adds a quest by its code unless one has that code (the seed). */
export async function insertQuestOnce(ex: Executor, q: QuestFields & { code: string }): Promise<void> {
  await ex
    .insertInto('quest')
    .values(q)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function updateQuest(
  ex: Executor,
  id: number,
  q: QuestFields & { updated_by: number; updated_at: Date },
): Promise<QuestRow> {
  return (await ex
    .updateTable('quest')
    .set(q)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow()) as QuestRow;
}

export async function insertQuestClaim(
  ex: Executor,
  c: { quest_id: number; member_id: number; period_key: string; claim_id: number },
): Promise<void> {
  await ex
    .insertInto('quest_claim')
    .values(c)
    .onConflict((oc) => oc.columns(['quest_id', 'member_id', 'period_key']).doNothing())
    .execute();
}
