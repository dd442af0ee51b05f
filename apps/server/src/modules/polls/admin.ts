import { parseBaht, satang } from '@chok/engine/money';
import { appendAudit } from '../../platform/audit.ts';
import { type Db, type Executor, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  allPolls,
  type ChoiceRow,
  choicesOf,
  insertPoll,
  lockPoll,
  type PollRow,
  pollById,
  setStatus,
} from './poll-queries.ts';
import { choiceView, pollView } from './views.ts';
import { countsOf, winnerCounts } from './vote-queries.ts';
import type { PollsDeps } from './votes.ts';

/** The operator's view of polls: each with its votes per choice and its winners paid. */
export async function adminViews(ex: Executor, polls: PollRow[], now: Date) {
  const ids = polls.map((p) => p.id);
  const [choices, counts, paid] = await Promise.all([
    choicesOf(ex, ids),
    countsOf(ex, ids),
    winnerCounts(ex, polls),
  ]);
  return polls.map((p) => {
    const mine = choices.filter((c: ChoiceRow) => c.poll_id === p.id);
    const countOf = (id: number) => counts.find((c) => c.poll_id === p.id && c.choice_id === id);
    const withVotes = mine.map((c) => ({
      ...choiceView(c),
      votes: countOf(c.id)?.votes ?? 0,
      voters: countOf(c.id)?.voters ?? 0,
    }));
    const w = paid.get(p.id);
    return {
      ...pollView(p, now),
      status: p.status,
      choices: withVotes,
      total_votes: withVotes.reduce((a, c) => a + c.votes, 0),
      voters: withVotes.reduce((a, c) => a + c.voters, 0),
      winners: w?.winners ?? 0,
      winners_paid: w?.paid ?? 0,
      created_at: p.created_at.toISOString(),
      created_by: p.created_by,
      resulted_by: p.resulted_by,
    };
  });
}

export async function adminView(ex: Executor, poll: PollRow, now: Date) {
  return (await adminViews(ex, [poll], now))[0]!;
}

export async function listPolls(d: PollsDeps) {
  return adminViews(d.db, await allPolls(d.db), d.clock.now());
}

export interface PollInput {
  question: string;
  description: string;
  image: string | null;
  open_at: string;
  close_at: string;
  base_votes: number;
  baht_per_vote: string;
  max_votes: number;
  reward_per_vote: string;
  choices: { label: string; image: string | null }[];
}

const invalid = (reason: string) => new AppError('POLL_INVALID', { reason });

/** An operator creates a poll as a draft (audited). */
export async function createPoll(d: PollsDeps, staffId: number, input: PollInput) {
  const openAt = new Date(input.open_at);
  const closeAt = new Date(input.close_at);
  if (closeAt.getTime() <= openAt.getTime()) throw invalid('เวลาปิดโหวตต้องอยู่หลังเวลาเปิดโหวต');
  if (closeAt.getTime() <= d.clock.now().getTime()) throw invalid('เวลาปิดโหวตต้องอยู่ในอนาคต');
  if (input.max_votes < input.base_votes) throw invalid('สิทธิ์โหวตสูงสุดต้องไม่น้อยกว่าสิทธิ์เริ่มต้น');
  const perVote = parseBaht(input.baht_per_vote);
  if (perVote <= 0) throw invalid('ยอดฝากต่อ 1 สิทธิ์ต้องมากกว่า 0 บาท');
  const labels = input.choices.map((c) => c.label.trim());
  if (new Set(labels).size !== labels.length) throw invalid('ตัวเลือกต้องไม่ซ้ำกัน');
  return inTransaction(d.db, async (tx) => {
    const poll = await insertPoll(
      tx,
      {
        question: input.question,
        description: input.description,
        image: input.image,
        open_at: openAt,
        close_at: closeAt,
        base_votes: input.base_votes,
        satang_per_vote: perVote,
        max_votes: input.max_votes,
        reward_per_vote_satang: satang(parseBaht(input.reward_per_vote)),
        created_by: staffId,
      },
      input.choices,
    );
    const view = await adminView(tx, poll, d.clock.now());
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'poll.create',
      entity: 'poll',
      entityId: poll.id,
      after: view,
    });
    return view;
  });
}

async function changeState(
  db: Db,
  staffId: number,
  pollId: number,
  now: Date,
  action: 'poll.open' | 'poll.close',
  next: (p: PollRow) => { status: 'open' | 'closed'; open_at?: Date; close_at?: Date },
) {
  return inTransaction(db, async (tx) => {
    const before = await lockPoll(tx, pollId);
    if (!before) throw new AppError('POLL_NOT_FOUND');
    const after = await setStatus(tx, pollId, next(before), now);
    const view = await adminView(tx, after, now);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action,
      entity: 'poll',
      entityId: pollId,
      before: await adminView(tx, before, now),
      after: view,
    });
    return view;
  });
}

/** Publishes a draft: members see it, votes are taken from open_at until close_at (audited). */
export function openPoll(d: PollsDeps, staffId: number, pollId: number) {
  const now = d.clock.now();
  return changeState(d.db, staffId, pollId, now, 'poll.open', (p) => {
    if (p.status !== 'draft') throw new AppError('POLL_WRONG_STATE', { reason: 'เปิดได้เฉพาะโพลฉบับร่าง' });
    if (p.close_at.getTime() <= now.getTime())
      throw new AppError('POLL_WRONG_STATE', { reason: 'เลยเวลาปิดโหวตของโพลนี้แล้ว' });
    return { status: 'open' };
  });
}

/**
 * Ends voting now: close_at becomes now if it was later (audited). A poll whose voting has not
 * started yet is closed too (the operator's way to call it off): its window becomes the second
 * before now, so it took no vote and still opens before it closes.
 */
export function closePoll(d: PollsDeps, staffId: number, pollId: number) {
  const now = d.clock.now();
  return changeState(d.db, staffId, pollId, now, 'poll.close', (p) => {
    if (p.status !== 'open') throw new AppError('POLL_WRONG_STATE', { reason: 'ปิดได้เฉพาะโพลที่เปิดอยู่' });
    if (p.close_at.getTime() <= now.getTime()) return { status: 'closed' };
    if (p.open_at.getTime() < now.getTime()) return { status: 'closed', close_at: now };
    return { status: 'closed', open_at: new Date(now.getTime() - 1000), close_at: now };
  });
}

export async function pollForAdmin(ex: Executor, pollId: number): Promise<PollRow> {
  const poll = await pollById(ex, pollId);
  if (!poll) throw new AppError('POLL_NOT_FOUND');
  return poll;
}
