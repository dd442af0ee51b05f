import { type Satang, satang } from '../money.ts';

/**
 * Polls (โพล), docs/rules/engagement.md §10:
 * 1. A member has `baseVotes` (1) vote, plus 1 for every `satangPerVote` (1,000 baht) deposited while
 *    the poll is open, up to `maxVotes` (10).
 * 2. All of a member's votes go to the choice picked first. Voting ends at `close_at`.
 * 3. Every vote on the winning choice earns `rewardPerVote` (20 baht) of free credit.
 * Every number is a setting per poll; `POLL_DEFAULTS` holds the defaults.
 */
export interface PollRules {
  baseVotes: number;
  satangPerVote: Satang;
  maxVotes: number;
  rewardPerVote: Satang;
}

export const POLL_DEFAULTS: PollRules = {
  baseVotes: 1,
  satangPerVote: satang(100_000),
  maxVotes: 10,
  rewardPerVote: satang(2_000),
};

function checkRules(r: PollRules): void {
  const whole = (n: number, min: number) => Number.isSafeInteger(n) && n >= min;
  if (!whole(r.baseVotes, 1) || !whole(r.maxVotes, r.baseVotes) || !whole(r.satangPerVote, 1))
    throw new RangeError('poll rules need base ≥ 1, max ≥ base and a positive deposit per vote');
  if (!whole(r.rewardPerVote, 0)) throw new RangeError('poll reward per vote must be whole ≥ 0');
}

/** Rule 1: the votes a member has, from what they deposited while the poll was open. */
export function pollQuota(deposited: Satang, rules: PollRules = POLL_DEFAULTS): number {
  checkRules(rules);
  if (!Number.isSafeInteger(deposited) || deposited < 0) throw new RangeError('deposits must be whole ≥ 0');
  return Math.min(rules.maxVotes, rules.baseVotes + Math.floor(deposited / rules.satangPerVote));
}

/** How much more to deposit for the next vote; null once the quota is at its maximum. */
export function depositForNextVote(deposited: Satang, rules: PollRules = POLL_DEFAULTS): Satang | null {
  if (pollQuota(deposited, rules) >= rules.maxVotes) return null;
  return satang(rules.satangPerVote - (deposited % rules.satangPerVote));
}

/** Rule 3: the free credit a winner's votes earn. */
export function winnerReward(votes: number, rules: PollRules = POLL_DEFAULTS): Satang {
  checkRules(rules);
  if (!Number.isSafeInteger(votes) || votes < 0) throw new RangeError('votes must be whole ≥ 0');
  return satang(votes * rules.rewardPerVote);
}

export type PollPhase = 'upcoming' | 'open' | 'closed' | 'resulted';

/**
 * Where a published poll stands at `now`: before open_at it is upcoming, votes are taken from open_at
 * until close_at (rule 2), then it is closed until the operator sets the result.
 */
export function pollPhase(
  p: { status: 'open' | 'closed'; openAt: Date; closeAt: Date; resulted: boolean },
  now: Date,
): PollPhase {
  if (p.resulted) return 'resulted';
  if (p.status === 'closed' || now.getTime() >= p.closeAt.getTime()) return 'closed';
  if (now.getTime() < p.openAt.getTime()) return 'upcoming';
  return 'open';
}

/**
 * Each choice's share of the votes in percent with two decimals, rounded so the shares add up to
 * exactly 100.00 (largest remainder; ties to the earlier choice). No votes: every share is 0.00.
 */
export function voteShares(votes: readonly number[]): string[] {
  const total = votes.reduce((a, b) => a + b, 0);
  if (total === 0) return votes.map(() => '0.00');
  // Hundredths of a percent: 10,000 units to share out.
  const exact = votes.map((v) => (v * 10_000) / total);
  const units = exact.map(Math.floor);
  let left = 10_000 - units.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    units[i]! += 1;
    left -= 1;
  }
  return units.map((u) => `${Math.floor(u / 100)}.${String(u % 100).padStart(2, '0')}`);
}
