import * as polls from '@chok/contract/routes/polls';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { formatBaht } from '../../lib/money';
import { syncServerClock } from '../../lib/server-clock';
import { agentId } from '../../stores/agent';

export type PollConfig = Data<typeof polls.pollConfig>;
export type PollChoice = PollConfig['choices'][number];
export type PollQuota = Data<typeof polls.pollQuotaCheck>;
export type PollStats = Data<typeof polls.pollStats>;
export type PollWinners = Data<typeof polls.pollWinners>;

export const pollKeys = {
  all: ['poll'] as const,
  config: (id: number | null) => ['poll', 'config', id ?? 'current'] as const,
  quota: (id: number) => ['poll', 'quota', id] as const,
  stats: (id: number) => ['poll', 'stats', id] as const,
  winners: (id: number) => ['poll', 'winners', id] as const,
};

/** The poll (the current one when `id` is null); its server time keeps the countdown on the server clock. */
export function usePollConfig(id: number | null) {
  return useQuery({
    queryKey: pollKeys.config(id),
    queryFn: async () => {
      const data = await call(polls.pollConfig, {
        ...(id === null ? {} : { poll_id: id }),
        agent_id: agentId(),
      });
      syncServerClock(data.server_time);
      return data;
    },
    staleTime: 30_000,
  });
}

/** The member's votes in the poll, and whether a vote now would be taken. */
export function usePollQuota(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: pollKeys.quota(id ?? 0),
    queryFn: () => call(polls.pollQuotaCheck, { poll_id: id!, agent_id: agentId() }),
    enabled: enabled && id !== undefined,
    staleTime: 0,
  });
}

/** Votes per choice: the server counts them at most once a minute, so they are read once a minute. */
export function usePollStats(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: pollKeys.stats(id ?? 0),
    queryFn: () => call(polls.pollStats, { poll_id: id!, agent_id: agentId() }),
    enabled: enabled && id !== undefined,
    refetchInterval: 60_000,
  });
}

export function usePollWinners(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: pollKeys.winners(id ?? 0),
    queryFn: () => call(polls.pollWinners, { poll_id: id!, agent_id: agentId(), page: 1, per_page: 50 }),
    enabled: enabled && id !== undefined,
  });
}

/** One vote; the server puts it on the member's first choice. */
export function submitVote(pollId: number, choiceId: number) {
  return call(polls.pollSubmit, { poll_id: pollId, choice_id: choiceId, agent_id: agentId() });
}

/** After a vote: the quota and the stats read again. */
export function refreshAfterVote(qc: QueryClient, pollId: number): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: pollKeys.quota(pollId) }),
    qc.invalidateQueries({ queryKey: pollKeys.stats(pollId) }),
  ]);
}

/** Baht as the poll pages show it: "1,000" for round amounts, "499.06" otherwise. */
export const pollBaht = (amount: string) => formatBaht(amount).replace(/\.00$/, '');
