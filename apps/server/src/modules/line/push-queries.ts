import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** The kinds of message a member opts into, and the column of `line_notify_pref` each reads. */
export type PushKind = 'deposit' | 'withdrawal' | 'bill' | 'result' | 'announcement';
const PREF_COLUMN = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  bill: 'bill',
  result: 'results',
  announcement: 'announcements',
} as const satisfies Record<PushKind, string>;

export interface PrefRow {
  deposit: boolean;
  withdrawal: boolean;
  bill: boolean;
  results: boolean;
  announcements: boolean;
  show_balance: boolean;
  markets: number[];
}

export const NO_PREFS: PrefRow = {
  deposit: false,
  withdrawal: false,
  bill: false,
  results: false,
  announcements: false,
  show_balance: false,
  markets: [],
};

export async function prefOf(ex: Executor, memberId: number): Promise<PrefRow | undefined> {
  return ex
    .selectFrom('line_notify_pref')
    .select(['deposit', 'withdrawal', 'bill', 'results', 'announcements', 'show_balance', 'markets'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function savePref(ex: Executor, memberId: number, p: PrefRow, now: Date): Promise<void> {
  await ex
    .insertInto('line_notify_pref')
    .values({ member_id: memberId, ...p, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...p, updated_at: now }))
    .execute();
}

/** False only when LINE's latest word on the user was an unfollow (block). */
export async function isFollowing(ex: Executor, lineUserId: string): Promise<boolean> {
  const r = await ex
    .selectFrom('line_follow')
    .select('following')
    .where('line_user_id', '=', lineUserId)
    .executeTakeFirst();
  return r?.following !== false;
}

/** Records a follow or unfollow; an event older than the one recorded changes nothing. */
export async function recordFollow(ex: Executor, lineUserId: string, following: boolean, at: Date) {
  await sql`
    INSERT INTO line_follow (line_user_id, following, event_at) VALUES (${lineUserId}, ${following}, ${at})
    ON CONFLICT (line_user_id) DO UPDATE SET following = EXCLUDED.following, event_at = EXCLUDED.event_at
    WHERE line_follow.event_at <= EXCLUDED.event_at`.execute(ex);
}

/**
 * The members (of `memberIds`) a message of `kind` may go to now: opted into the kind, linked to LINE,
 * and not unfollowed. With their choice of balances shown.
 */
export async function reachable(
  ex: Executor,
  kind: PushKind,
  memberIds: readonly number[],
): Promise<{ member_id: number; show_balance: boolean }[]> {
  if (memberIds.length === 0) return [];
  const { rows } = await sql<{ member_id: number; show_balance: boolean }>`
    SELECT p.member_id, p.show_balance
    FROM line_notify_pref p
    JOIN member_line_link l ON l.member_id = p.member_id
    LEFT JOIN line_follow f ON f.line_user_id = l.line_user_id
    WHERE p.member_id = ANY(${memberIds}::int[]) AND p.${sql.ref(PREF_COLUMN[kind])}
      AND f.following IS NOT FALSE`.execute(ex);
  return rows;
}

/** Queues one message per row; a dedupe key already queued is skipped (a re-run of the same work). */
export async function insertPushes(
  ex: Executor,
  kind: PushKind,
  rows: readonly { member_id: number; text: string; dedupe_key: string }[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const r = await sql`
    INSERT INTO line_push (member_id, kind, text, dedupe_key, created_at)
    SELECT v.member_id, ${kind}, v.text, v.dedupe_key, ${now}
    FROM unnest(${rows.map((x) => x.member_id)}::int[], ${rows.map((x) => x.text)}::text[],
      ${rows.map((x) => x.dedupe_key)}::text[]) AS v(member_id, text, dedupe_key)
    ON CONFLICT (dedupe_key) DO NOTHING`.execute(ex);
  return Number(r.numAffectedRows ?? 0);
}

/** Queues one text to every member reachable for `kind` (and, for results, following `marketId`). */
export async function insertBroadcast(
  ex: Executor,
  a: { kind: 'result' | 'announcement'; text: string; keyPrefix: string; marketId?: number; now: Date },
): Promise<number> {
  // `@>` (not `= ANY`) so the GIN index on markets serves it.
  const market = a.marketId === undefined ? sql`true` : sql`p.markets @> ARRAY[${a.marketId}::int]`;
  const r = await sql`
    INSERT INTO line_push (member_id, kind, text, dedupe_key, created_at)
    SELECT p.member_id, ${a.kind}, ${a.text}, ${a.keyPrefix} || ':' || p.member_id, ${a.now}
    FROM line_notify_pref p
    JOIN member_line_link l ON l.member_id = p.member_id
    LEFT JOIN line_follow f ON f.line_user_id = l.line_user_id
    WHERE p.${sql.ref(PREF_COLUMN[a.kind])} AND ${market} AND f.following IS NOT FALSE
    ON CONFLICT (dedupe_key) DO NOTHING`.execute(ex);
  return Number(r.numAffectedRows ?? 0);
}

export interface QueuedPush {
  id: number;
  kind: PushKind;
  text: string;
  line_user_id: string | null;
  /** Still opted in, linked and following at batching time. */
  deliverable: boolean;
  stale: boolean;
}

/**
 * Takes up to `limit` queued messages (rows another worker holds are skipped), each with the member's
 * LINE user id and whether it may still go: the member may have opted out, unlinked or unfollowed since.
 */
export async function takeQueued(ex: Executor, limit: number, staleBefore: Date): Promise<QueuedPush[]> {
  const { rows } = await sql<QueuedPush>`
    WITH q AS (
      SELECT id FROM line_push WHERE state = 'queued' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    SELECT x.id, x.kind, x.text, l.line_user_id,
      (l.line_user_id IS NOT NULL AND f.following IS NOT FALSE AND CASE x.kind
        WHEN 'deposit' THEN p.deposit WHEN 'withdrawal' THEN p.withdrawal WHEN 'bill' THEN p.bill
        WHEN 'result' THEN p.results WHEN 'announcement' THEN p.announcements END IS TRUE) AS deliverable,
      x.created_at < ${staleBefore} AS stale
    FROM q JOIN line_push x ON x.id = q.id
    LEFT JOIN line_notify_pref p ON p.member_id = x.member_id
    LEFT JOIN member_line_link l ON l.member_id = x.member_id
    LEFT JOIN line_follow f ON f.line_user_id = l.line_user_id
    ORDER BY x.id`.execute(ex);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function markPushes(
  ex: Executor,
  ids: readonly number[],
  set: { state: 'dropped' | 'sent' | 'failed'; now: Date } | { state: 'batched'; batchId: number },
) {
  if (ids.length === 0) return;
  await ex
    .updateTable('line_push')
    .set(
      set.state === 'batched'
        ? { state: 'batched', batch_id: set.batchId }
        : { state: set.state, done_at: set.now },
    )
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertBatch(
  ex: Executor,
  b: { kind: PushKind; text: string; recipients: string[]; retryKey: string; now: Date },
): Promise<number> {
  const r = await ex
    .insertInto('line_push_batch')
    .values({
      kind: b.kind,
      text: b.text,
      recipients: b.recipients,
      retry_key: b.retryKey,
      next_at: b.now,
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export interface BatchRow {
  id: number;
  kind: PushKind;
  text: string;
  recipients: string[];
  retry_key: string;
  attempts: number;
}

/**
 * Leases the due batches: their `next_at` moves `leaseMs` ahead so another worker does not take them
 * while this one calls LINE (were it to, the retry key would make LINE answer 409, not deliver twice).
 */
export async function leaseDueBatches(ex: Executor, now: Date, leaseMs: number, limit: number) {
  const { rows } = await sql<BatchRow>`
    UPDATE line_push_batch b SET next_at = ${new Date(now.getTime() + leaseMs)}
    WHERE b.id IN (SELECT id FROM line_push_batch WHERE state = 'pending' AND next_at <= ${now}
                   ORDER BY next_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING b.id, b.kind, b.text, b.recipients, b.retry_key, b.attempts`.execute(ex);
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

export async function finishBatch(
  ex: Executor,
  id: number,
  a: { state: 'sent' | 'failed'; status: number | null; now: Date },
) {
  await ex
    .updateTable('line_push_batch')
    .set({ state: a.state, last_status: a.status, done_at: a.now, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
  await ex
    .updateTable('line_push')
    .set({ state: a.state, done_at: a.now })
    .where('batch_id', '=', id)
    .execute();
}

export async function retryBatchAt(ex: Executor, id: number, status: number | null, at: Date) {
  await ex
    .updateTable('line_push_batch')
    .set({ next_at: at, last_status: status, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .execute();
}

/** Gives a leased batch back, due now, without counting a try. */
export async function releaseBatch(ex: Executor, id: number, now: Date) {
  await ex.updateTable('line_push_batch').set({ next_at: now }).where('id', '=', id).execute();
}

/** Removes the messages and batches finished before `before` (sent, dropped, failed). */
export async function deleteFinishedBefore(ex: Executor, before: Date): Promise<number> {
  const pushes = await ex
    .deleteFrom('line_push')
    .where('state', 'in', ['sent', 'dropped', 'failed'])
    .where('done_at', '<', before)
    .executeTakeFirst();
  await sql`DELETE FROM line_push_batch b WHERE b.state IN ('sent', 'failed') AND b.done_at < ${before}
    AND NOT EXISTS (SELECT 1 FROM line_push p WHERE p.batch_id = b.id)`.execute(ex);
  return Number(pushes.numDeletedRows);
}
