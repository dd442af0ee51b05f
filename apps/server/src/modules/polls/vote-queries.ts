import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

export interface StandingRow {
  poll_id: number;
  member_id: number;
  quota: number;
  used: number;
  choice_id: number | null;
  first_vote_at: Date | null;
  quota_at: Date;
  rewarded_at: Date | null;
  claim_id: number | null;
}

const standingColumns = [
  'poll_id',
  'member_id',
  'quota',
  'used',
  'choice_id',
  'first_vote_at',
  'quota_at',
  'rewarded_at',
  'claim_id',
] as const;

function standing(ex: Executor, pollId: number, memberId: number) {
  return ex
    .selectFrom('poll_member')
    .select(standingColumns)
    .where('poll_id', '=', pollId)
    .where('member_id', '=', memberId);
}

export async function standingOf(
  ex: Executor,
  pollId: number,
  memberId: number,
): Promise<StandingRow | undefined> {
  return standing(ex, pollId, memberId).executeTakeFirst();
}

export async function lockStanding(
  ex: Executor,
  pollId: number,
  memberId: number,
): Promise<StandingRow | undefined> {
  return standing(ex, pollId, memberId).forUpdate().executeTakeFirst();
}

/** Records the quota just computed (a quota never shrinks: a vote already cast stays cast). */
export async function saveQuota(ex: Executor, pollId: number, memberId: number, quota: number, at: Date) {
  await sql`
    INSERT INTO poll_member (poll_id, member_id, quota, quota_at)
    VALUES (${pollId}, ${memberId}, ${quota}, ${at})
    ON CONFLICT (poll_id, member_id) DO UPDATE
      SET quota = GREATEST(poll_member.quota, EXCLUDED.quota), quota_at = EXCLUDED.quota_at`.execute(ex);
}

/**
 * Takes one vote from the quota in one statement (docs/rules/engagement.md §10 guards): nothing when
 * none is left. The vote goes to the choice the member picked first (rule 2), `choiceId` being the
 * first pick only when there was none.
 */
export async function takeVote(
  ex: Executor,
  pollId: number,
  memberId: number,
  choiceId: number,
  at: Date,
): Promise<StandingRow | undefined> {
  const { rows } = await sql<StandingRow>`
    UPDATE poll_member
    SET used = used + 1,
        choice_id = COALESCE(choice_id, ${choiceId}),
        first_vote_at = COALESCE(first_vote_at, ${at})
    WHERE poll_id = ${pollId} AND member_id = ${memberId} AND used < quota
    RETURNING poll_id, member_id, quota, used, choice_id, first_vote_at, quota_at, rewarded_at, claim_id`.execute(
    ex,
  );
  return rows[0];
}

export async function insertVote(
  ex: Executor,
  v: { poll_id: number; member_id: number; choice_id: number; created_at: Date },
): Promise<number> {
  const row = await ex.insertInto('poll_vote').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ChoiceCount {
  choice_id: number;
  votes: number;
  voters: number;
}

/** Votes and voters per choice (choices nobody picked are absent). */
export async function countsOf(
  ex: Executor,
  pollIds: readonly number[],
): Promise<(ChoiceCount & { poll_id: number })[]> {
  if (pollIds.length === 0) return [];
  const { rows } = await sql<ChoiceCount & { poll_id: number }>`
    SELECT poll_id, choice_id, sum(used)::int AS votes, count(*)::int AS voters
    FROM poll_member
    WHERE poll_id IN (${sql.join([...new Set(pollIds)])}) AND choice_id IS NOT NULL
    GROUP BY poll_id, choice_id`.execute(ex);
  return rows;
}

/** Winners and how many of them were paid (or held), per poll. */
export async function winnerCounts(
  ex: Executor,
  polls: readonly { id: number; result_choice_id: number | null }[],
): Promise<Map<number, { winners: number; paid: number }>> {
  const resulted = polls.filter((p) => p.result_choice_id !== null);
  const out = new Map<number, { winners: number; paid: number }>();
  if (resulted.length === 0) return out;
  const { rows } = await sql<{ poll_id: number; winners: number; paid: number }>`
    SELECT m.poll_id, count(*)::int AS winners, count(m.rewarded_at)::int AS paid
    FROM poll_member m JOIN poll p ON p.id = m.poll_id AND m.choice_id = p.result_choice_id
    WHERE m.poll_id IN (${sql.join(resulted.map((p) => p.id))})
    GROUP BY m.poll_id`.execute(ex);
  for (const r of rows) out.set(r.poll_id, { winners: r.winners, paid: r.paid });
  return out;
}

/** The winners of a poll (votes on `choiceId`), most votes first, then the earliest vote. */
export async function winnersPage(
  ex: Executor,
  pollId: number,
  choiceId: number,
  limit: number,
  offset: number,
): Promise<{ items: StandingRow[]; total: number }> {
  const { rows, total } = await pageOf(
    ex.selectFrom('poll_member').where('poll_id', '=', pollId).where('choice_id', '=', choiceId),
    (q) => q.select(standingColumns).orderBy('used', 'desc').orderBy('first_vote_at').orderBy('member_id'),
    { limit, offset },
  );
  return { items: rows, total };
}

/** Winners not paid yet, by member (a batch of the payment run). */
export async function unpaidWinners(
  ex: Executor,
  pollId: number,
  choiceId: number,
  limit: number,
): Promise<number[]> {
  const rows = await ex
    .selectFrom('poll_member')
    .select('member_id')
    .where('poll_id', '=', pollId)
    .where('choice_id', '=', choiceId)
    .where('rewarded_at', 'is', null)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

/** Records the payment of a winner's reward (once). */
export async function markRewarded(
  ex: Executor,
  pollId: number,
  memberId: number,
  claimId: number,
  at: Date,
): Promise<void> {
  await ex
    .updateTable('poll_member')
    .set({ rewarded_at: at, claim_id: claimId })
    .where('poll_id', '=', pollId)
    .where('member_id', '=', memberId)
    .where('rewarded_at', 'is', null)
    .execute();
}
