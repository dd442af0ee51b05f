import { type PollRules, pollPhase } from '@chok/engine/engagement/poll';
import { formatBaht, satang } from '@chok/engine/money';
import type { ChoiceRow, PollRow } from './poll-queries.ts';

/** The rules a poll runs by (docs/rules/engagement.md §10), as the engine takes them. */
export function rulesOf(p: PollRow): PollRules {
  return {
    baseVotes: p.base_votes,
    satangPerVote: satang(p.satang_per_vote),
    maxVotes: p.max_votes,
    rewardPerVote: satang(p.reward_per_vote_satang),
  };
}

/** Where a published poll stands at `now` (a draft is never shown to members). */
export function phaseOf(p: PollRow, now: Date) {
  return pollPhase(
    {
      status: p.status === 'closed' ? 'closed' : 'open',
      openAt: p.open_at,
      closeAt: p.close_at,
      resulted: p.result_choice_id !== null,
    },
    now,
  );
}

export function choiceView(c: ChoiceRow) {
  return { id: c.id, label: c.label, image: c.image };
}

export function pollView(p: PollRow, now: Date) {
  return {
    id: p.id,
    question: p.question,
    description: p.description,
    image: p.image,
    phase: phaseOf(p, now),
    open_at: p.open_at.toISOString(),
    close_at: p.close_at.toISOString(),
    result_choice_id: p.result_choice_id,
    resulted_at: p.resulted_at?.toISOString() ?? null,
    rules: {
      base_votes: p.base_votes,
      baht_per_vote: formatBaht(p.satang_per_vote),
      max_votes: p.max_votes,
      reward_per_vote: formatBaht(p.reward_per_vote_satang),
    },
  };
}

/** The poll's `metadata` in `GET /api/poll/config` (docs/rules/engagement.md §10): where it stands at `now`. */
export function pollMetadata(p: PollRow, choiceCount: number, now: Date) {
  const phase = phaseOf(p, now);
  const secondsTo = (at: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
  return {
    phase,
    voting_open: phase === 'open',
    seconds_to_open: secondsTo(p.open_at),
    seconds_to_close: phase === 'upcoming' || phase === 'open' ? secondsTo(p.close_at) : 0,
    choice_count: choiceCount,
    has_result: p.result_choice_id !== null,
  };
}
