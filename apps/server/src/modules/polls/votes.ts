import { depositForNextVote, pollQuota } from '@chok/engine/engagement/poll';
import { formatBaht, type Satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiTime } from '../../platform/thai-time.ts';
import { lockMember } from '../members/service.ts';
import { confirmedDepositTotal } from '../payments/service.ts';
import type { Ledger } from '../wallet/service.ts';
import { choicesOf, currentPollId, type PollRow, pollById, pollForVote } from './poll-queries.ts';
import { choiceView, phaseOf, pollMetadata, pollView, rulesOf } from './views.ts';
import { insertVote, type StandingRow, saveQuota, standingOf, takeVote } from './vote-queries.ts';

export interface PollsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
}

/** A poll members may see: published (open or closed); a draft or a missing id is "not found". */
export async function publishedPoll(ex: Executor, pollId: number): Promise<PollRow> {
  const poll = await pollById(ex, pollId);
  if (!poll || poll.status === 'draft') throw new AppError('POLL_NOT_FOUND');
  return poll;
}

/** `GET /api/poll/config`: the poll (the current one without an id), its choices and the server time. */
export async function config(d: PollsDeps, pollId: number | undefined) {
  const now = d.clock.now();
  const id = pollId ?? (await currentPollId(d.db, now));
  if (id === undefined) throw new AppError('POLL_NOT_FOUND');
  const poll = await publishedPoll(d.db, id);
  const choices = await choicesOf(d.db, [poll.id]);
  return {
    poll: pollView(poll, now),
    choices: choices.map(choiceView),
    metadata: pollMetadata(poll, choices.length, now),
    server_time: now.toISOString(),
  };
}

/**
 * What the member deposited while the poll is open (docs/rules/engagement.md §10 rule 1): confirmed
 * deposits from open_at until close_at (an operator's early close moves close_at to that moment).
 */
function depositedWhileOpen(ex: Executor, poll: PollRow, memberId: number): Promise<Satang> {
  return confirmedDepositTotal(ex, memberId, poll.open_at, poll.close_at);
}

interface Standing {
  quota: number;
  used: number;
  choiceId: number | null;
  deposited: Satang;
}

function quotaView(poll: PollRow, s: Standing, now: Date) {
  const next = depositForNextVote(s.deposited, rulesOf(poll));
  return {
    poll_id: poll.id,
    quota: s.quota,
    used: s.used,
    remaining: Math.max(0, s.quota - s.used),
    choice_id: s.choiceId,
    deposited: formatBaht(s.deposited),
    next_vote_deposit: next === null ? null : formatBaht(next),
    max_votes: poll.max_votes,
    last_updated_quota: now.toISOString(),
  };
}

/** The member's standing now: the quota computed from their deposits (never below one recorded). */
async function standingNow(ex: Executor, poll: PollRow, memberId: number): Promise<Standing> {
  const deposited = await depositedWhileOpen(ex, poll, memberId);
  const row = await standingOf(ex, poll.id, memberId);
  return {
    quota: Math.max(pollQuota(deposited, rulesOf(poll)), row?.quota ?? 0),
    used: row?.used ?? 0,
    choiceId: row?.choice_id ?? null,
    deposited,
  };
}

/** Why the member cannot vote now, as the refusal a vote would get; null when they can. */
function refusal(poll: PollRow, s: Standing, now: Date): AppError | null {
  const phase = phaseOf(poll, now);
  if (phase === 'upcoming') return new AppError('POLL_NOT_STARTED', { open_at: thaiTime(poll.open_at) });
  if (phase !== 'open') return new AppError('POLL_CLOSED');
  if (s.used >= s.quota)
    return new AppError(s.quota >= poll.max_votes ? 'POLL_MAX_VOTES' : 'POLL_NO_VOTES_LEFT', {
      quota: s.quota,
    });
  return null;
}

/** `GET /api/poll/quota/get`. */
export async function quota(d: PollsDeps, memberId: number, pollId: number) {
  const now = d.clock.now();
  const poll = await publishedPoll(d.db, pollId);
  return quotaView(poll, await standingNow(d.db, poll, memberId), now);
}

/** `GET /api/poll/quota/check`: the quota, and whether a vote now would be taken. */
export async function checkQuota(d: PollsDeps, memberId: number, pollId: number) {
  const now = d.clock.now();
  const poll = await publishedPoll(d.db, pollId);
  const s = await standingNow(d.db, poll, memberId);
  const why = refusal(poll, s, now);
  return { ...quotaView(poll, s, now), can_vote: why === null, reason: why?.message ?? null };
}

/**
 * `POST /api/poll/submit`: one vote (docs/rules/engagement.md §10), in one transaction under the
 * member lock (G1): the poll must be taking votes at the server's time (a vote at or after close_at
 * is refused), the quota is computed again from the deposits, and the vote is taken from it with
 * `UPDATE … WHERE used < quota`. It goes to the choice the member picked first.
 */
export async function submit(d: PollsDeps, memberId: number, pollId: number, choiceId: number) {
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const now = d.clock.now();
    const poll = await pollForVote(tx, pollId);
    if (!poll || poll.status === 'draft') throw new AppError('POLL_NOT_FOUND');
    const choices = await choicesOf(tx, [poll.id]);
    if (!choices.some((c) => c.id === choiceId)) throw new AppError('POLL_CHOICE_NOT_FOUND');
    const before = await standingNow(tx, poll, memberId);
    const why = refusal(poll, before, now);
    if (why) throw why;
    await saveQuota(tx, poll.id, memberId, before.quota, now);
    const taken: StandingRow | undefined = await takeVote(tx, poll.id, memberId, choiceId, now);
    if (!taken) throw refusal(poll, { ...before, used: before.quota }, now) ?? new AppError('POLL_CLOSED');
    const voteId = await insertVote(tx, {
      poll_id: poll.id,
      member_id: memberId,
      choice_id: taken.choice_id!,
      created_at: now,
    });
    return {
      ...quotaView(
        poll,
        { quota: taken.quota, used: taken.used, choiceId: taken.choice_id, deposited: before.deposited },
        now,
      ),
      vote_id: voteId,
    };
  });
}
