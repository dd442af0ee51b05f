import { maskName, maskPhone } from '@chok/engine/engagement/mask';
import { voteShares, winnerReward } from '@chok/engine/engagement/poll';
import { formatBaht } from '@chok/engine/money';
import { memberRefs } from '../members/service.ts';
import { choicesOf } from './poll-queries.ts';
import { rulesOf } from './views.ts';
import { countsOf, winnersPage } from './vote-queries.ts';
import { type PollsDeps, publishedPoll } from './votes.ts';

/** docs/rules/engagement.md §10 rule 4: the stats are counted at most once a minute per poll. */
export const STATS_CACHE_MS = 60_000;

type Stats = Awaited<ReturnType<typeof countStats>>;
/** One cache per running polls module (its deps object), never shared between apps. */
const caches = new WeakMap<PollsDeps, Map<number, { until: number; stats: Promise<Stats> }>>();

async function countStats(d: PollsDeps, pollId: number, at: Date) {
  const poll = await publishedPoll(d.db, pollId);
  const [choices, counts] = await Promise.all([choicesOf(d.db, [poll.id]), countsOf(d.db, [poll.id])]);
  const byChoice = new Map(counts.map((c) => [c.choice_id, c]));
  const votes = choices.map((c) => byChoice.get(c.id)?.votes ?? 0);
  const shares = voteShares(votes);
  return {
    poll_id: poll.id,
    total_votes: votes.reduce((a, b) => a + b, 0),
    voters: counts.reduce((a, c) => a + c.voters, 0),
    choices: choices.map((c, i) => ({ choice_id: c.id, votes: votes[i]!, percent: shares[i]! })),
    cached_at: at.toISOString(),
  };
}

/**
 * `GET /api/poll/stats`: votes per choice, counted at most once every 60 s per poll and process (by
 * the server clock); a count that failed is not kept.
 */
export function stats(d: PollsDeps, pollId: number): Promise<Stats> {
  let cache = caches.get(d);
  if (!cache) {
    cache = new Map();
    caches.set(d, cache);
  }
  const now = d.clock.now();
  const hit = cache.get(pollId);
  if (hit && hit.until > now.getTime()) return hit.stats;
  const counted = countStats(d, pollId, now);
  cache.set(pollId, { until: now.getTime() + STATS_CACHE_MS, stats: counted });
  counted.catch(() => cache.delete(pollId));
  return counted;
}

/**
 * `GET /api/poll/winners` (docs/rules/engagement.md §10 rule 3): the members whose votes went to the
 * winning choice, with their names and phones masked, most votes first. Empty before the result.
 */
export async function winners(d: PollsDeps, q: { poll_id: number; page: number; per_page: number }) {
  const poll = await publishedPoll(d.db, q.poll_id);
  const base = {
    poll_id: poll.id,
    result_choice_id: poll.result_choice_id,
    reward_per_vote: formatBaht(poll.reward_per_vote_satang),
  };
  if (poll.result_choice_id === null) return { ...base, result_label: null, items: [], total: 0 };
  const [choices, page] = await Promise.all([
    choicesOf(d.db, [poll.id]),
    winnersPage(d.db, poll.id, poll.result_choice_id, q.per_page, (q.page - 1) * q.per_page),
  ]);
  const refs = await memberRefs(
    d.db,
    page.items.map((w) => w.member_id),
  );
  return {
    ...base,
    result_label: choices.find((c) => c.id === poll.result_choice_id)?.label ?? null,
    items: page.items.map((w, i) => {
      const ref = refs.get(w.member_id);
      return {
        rank: (q.page - 1) * q.per_page + i + 1,
        name: maskName(ref?.account_name ?? ''),
        phone: maskPhone(ref?.phone ?? ''),
        votes: w.used,
        amount: formatBaht(winnerReward(w.used, rulesOf(poll))),
      };
    }),
    total: page.total,
  };
}
