import { winnerReward } from '@chok/engine/engagement/poll';
import { appendAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { thaiTime } from '../../platform/thai-time.ts';
import { lockMember } from '../members/service.ts';
import { payReward } from '../rewards/service.ts';
import { adminView, pollForAdmin } from './admin.ts';
import { choicesOf, lockPoll, pollById, pollsWithUnpaidWinners, setResult } from './poll-queries.ts';
import { rulesOf } from './views.ts';
import { lockStanding, markRewarded, unpaidWinners } from './vote-queries.ts';
import type { PollsDeps } from './votes.ts';

const BATCH = 200;

/**
 * Pays one winner (docs/rules/engagement.md §10 rule 3) in its own transaction under the member lock
 * (G1): every vote on the winning choice earns the poll's free credit per vote, as one claim
 * `reward_claim (member, 'poll', poll id)` (G2: a repeat pays nothing), held for a flagged member
 * (G5). Returns 1 when this call paid (or held) it, 0 when it had been paid already.
 */
async function payWinner(d: PollsDeps, pollId: number, memberId: number): Promise<number> {
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const poll = await pollById(tx, pollId);
    const standing = await lockStanding(tx, pollId, memberId);
    if (
      !poll ||
      poll.result_choice_id === null ||
      !standing ||
      standing.choice_id !== poll.result_choice_id ||
      standing.rewarded_at !== null
    )
      return 0;
    const now = d.clock.now();
    const outcome = await payReward(tx, d, {
      memberId,
      feature: 'poll',
      periodKey: String(pollId),
      kind: 'free_credit',
      amount: winnerReward(standing.used, rulesOf(poll)),
      reference: `รางวัลโพล: ${poll.question.slice(0, 80)} (${standing.used} สิทธิ์)`,
      now,
      // A winner in a time-out or self-exclusion is recorded withheld (docs/rules/protection.md §3.2).
      unprompted: true,
    });
    await markRewarded(tx, pollId, memberId, outcome.claim.id, now);
    return outcome.created ? 1 : 0;
  });
}

/**
 * Pays every winner of a poll not paid yet. Safe to run again and on several processes at once: each
 * winner is paid under its member's lock after reading its standing again, backed by the once-only
 * claim. Returns how many winners this run paid.
 */
export async function payWinners(d: PollsDeps, pollId: number): Promise<number> {
  const poll = await pollById(d.db, pollId);
  if (!poll || poll.result_choice_id === null) return 0;
  let paid = 0;
  for (;;) {
    const due = await unpaidWinners(d.db, pollId, poll.result_choice_id, BATCH);
    for (const memberId of due) paid += await payWinner(d, pollId, memberId);
    if (due.length < BATCH) return paid;
  }
}

/** The job's pass: finishes the payment of every poll whose result is set. */
export async function payAllWinners(d: PollsDeps): Promise<number> {
  let paid = 0;
  for (const id of await pollsWithUnpaidWinners(d.db)) paid += await payWinners(d, id);
  return paid;
}

/**
 * The operator sets the winning choice once voting is over (audited), then every winner is paid.
 * Setting the same result again pays only winners left unpaid (none, once a run has finished); a
 * different choice after the result is refused.
 */
export async function setPollResult(d: PollsDeps, staffId: number, pollId: number, choiceId: number) {
  const repeated = await inTransaction(d.db, async (tx) => {
    const poll = await lockPoll(tx, pollId);
    if (!poll) throw new AppError('POLL_NOT_FOUND');
    if (poll.status === 'draft')
      throw new AppError('POLL_WRONG_STATE', { reason: 'โพลนี้ยังเป็นฉบับร่าง ยังไม่เปิดให้โหวต' });
    const choices = await choicesOf(tx, [poll.id]);
    if (!choices.some((c) => c.id === choiceId)) throw new AppError('POLL_CHOICE_NOT_FOUND');
    if (poll.result_choice_id !== null) {
      if (poll.result_choice_id !== choiceId) throw new AppError('POLL_RESULT_SET');
      return true;
    }
    const now = d.clock.now();
    if (poll.status === 'open' && now.getTime() < poll.close_at.getTime())
      throw new AppError('POLL_NOT_CLOSED', { close_at: thaiTime(poll.close_at) });
    const after = await setResult(tx, pollId, { choiceId, staffId, closeAt: poll.close_at }, now);
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'poll.result',
      entity: 'poll',
      entityId: pollId,
      before: await adminView(tx, poll, now),
      after: await adminView(tx, after, now),
    });
    return false;
  });
  const paidNow = await payWinners(d, pollId);
  const poll = await pollForAdmin(d.db, pollId);
  return { poll: await adminView(d.db, poll, d.clock.now()), repeated, paid_now: paidNow };
}
