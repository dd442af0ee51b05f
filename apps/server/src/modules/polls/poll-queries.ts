import type { Executor } from '../../platform/db.ts';

export type PollStatus = 'draft' | 'open' | 'closed';

export interface PollRow {
  id: number;
  question: string;
  description: string;
  image: string | null;
  open_at: Date;
  close_at: Date;
  status: PollStatus;
  base_votes: number;
  satang_per_vote: number;
  max_votes: number;
  reward_per_vote_satang: number;
  result_choice_id: number | null;
  resulted_at: Date | null;
  resulted_by: number | null;
  created_at: Date;
  created_by: number | null;
  updated_at: Date;
}

export interface ChoiceRow {
  id: number;
  poll_id: number;
  label: string;
  image: string | null;
  sort_order: number;
}

const pollColumns = [
  'id',
  'question',
  'description',
  'image',
  'open_at',
  'close_at',
  'status',
  'base_votes',
  'satang_per_vote',
  'max_votes',
  'reward_per_vote_satang',
  'result_choice_id',
  'resulted_at',
  'resulted_by',
  'created_at',
  'created_by',
  'updated_at',
] as const;
const choiceColumns = ['id', 'poll_id', 'label', 'image', 'sort_order'] as const;

export async function pollById(ex: Executor, id: number): Promise<PollRow | undefined> {
  return ex.selectFrom('poll').select(pollColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * The poll, share-locked for a vote: an operator's close or result (which lock it for update) waits
 * for the votes in flight and is never overtaken by them.
 */
export async function pollForVote(ex: Executor, id: number): Promise<PollRow | undefined> {
  return ex.selectFrom('poll').select(pollColumns).where('id', '=', id).forShare().executeTakeFirst();
}

export async function lockPoll(ex: Executor, id: number): Promise<PollRow | undefined> {
  return ex.selectFrom('poll').select(pollColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The poll members see without naming one: the newest published poll still taking votes or about to,
 * else the newest published one.
 */
export async function currentPollId(ex: Executor, now: Date): Promise<number | undefined> {
  const live = await ex
    .selectFrom('poll')
    .select('id')
    .where('status', '=', 'open')
    .where('close_at', '>', now)
    .orderBy('open_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (live) return live.id;
  const last = await ex
    .selectFrom('poll')
    .select('id')
    .where('status', '<>', 'draft')
    .orderBy('close_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.id;
}

export async function allPolls(ex: Executor): Promise<PollRow[]> {
  return ex.selectFrom('poll').select(pollColumns).orderBy('id', 'desc').execute();
}

/** The choices of the given polls, in the operator's order. */
export async function choicesOf(ex: Executor, pollIds: readonly number[]): Promise<ChoiceRow[]> {
  if (pollIds.length === 0) return [];
  return ex
    .selectFrom('poll_choice')
    .select(choiceColumns)
    .where('poll_id', 'in', [...new Set(pollIds)])
    .orderBy('poll_id')
    .orderBy('sort_order')
    .execute();
}

export type NewPoll = Pick<
  PollRow,
  | 'question'
  | 'description'
  | 'image'
  | 'open_at'
  | 'close_at'
  | 'base_votes'
  | 'satang_per_vote'
  | 'max_votes'
  | 'reward_per_vote_satang'
  | 'created_by'
> & { status?: PollStatus };

export async function insertPoll(
  ex: Executor,
  p: NewPoll,
  choices: { label: string; image: string | null }[],
): Promise<PollRow> {
  const row = await ex.insertInto('poll').values(p).returning(pollColumns).executeTakeFirstOrThrow();
  await ex
    .insertInto('poll_choice')
    .values(choices.map((c, i) => ({ poll_id: row.id, label: c.label, image: c.image, sort_order: i + 1 })))
    .execute();
  return row;
}

export async function setStatus(
  ex: Executor,
  id: number,
  set: { status: PollStatus; open_at?: Date; close_at?: Date },
  now: Date,
): Promise<PollRow> {
  return ex
    .updateTable('poll')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .returning(pollColumns)
    .executeTakeFirstOrThrow();
}

export async function setResult(
  ex: Executor,
  id: number,
  r: { choiceId: number; staffId: number | null; closeAt: Date },
  now: Date,
): Promise<PollRow> {
  return ex
    .updateTable('poll')
    .set({
      status: 'closed',
      close_at: r.closeAt,
      result_choice_id: r.choiceId,
      resulted_at: now,
      resulted_by: r.staffId,
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(pollColumns)
    .executeTakeFirstOrThrow();
}

/** Polls whose result is set and some winner is not yet paid (the job that finishes payment). */
export async function pollsWithUnpaidWinners(ex: Executor): Promise<number[]> {
  const rows = await ex
    .selectFrom('poll as p')
    .select('p.id')
    .where('p.result_choice_id', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('poll_member as m')
          .select('m.member_id')
          .whereRef('m.poll_id', '=', 'p.id')
          .whereRef('m.choice_id', '=', 'p.result_choice_id')
          .where('m.rewarded_at', 'is', null),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}
