import * as content from '@chok/contract/routes/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { type AgentConfig, useAgent } from '../../stores/agent';

export type Banner = Data<typeof content.banners>[number];
export type EventItem = Data<typeof content.events>[number];
export type Promotion = Data<typeof content.promotions>[number];

export function fetchAgentConfig(): Promise<AgentConfig> {
  return call(content.agentConfig, {});
}

function useAgentCode(): string | undefined {
  return useAgent((s) => s.agentConfig?.agent_code);
}

export function fetchNotifications(agentCode: string) {
  return call(content.notifications, { agent_code: agentCode });
}

/**
 * The public content reads, by the operator's agent code; the hooks below and the server-side
 * render (app/server-rendered.ts) use the same keys.
 */
export const contentQueries = {
  banners: (agentCode: string) =>
    queryOptions({
      queryKey: ['banners', agentCode],
      queryFn: () => call(content.banners, { agent_code: agentCode }),
      staleTime: 5 * 60_000,
    }),
  events: (agentCode: string) =>
    queryOptions({
      queryKey: ['events', agentCode],
      queryFn: () => call(content.events, { agent_code: agentCode }),
      staleTime: 5 * 60_000,
    }),
  promotions: (agentCode: string) =>
    queryOptions({
      queryKey: ['promotions', agentCode],
      queryFn: () => call(content.promotions, { agent_code: agentCode }),
      staleTime: 5 * 60_000,
    }),
  notifications: (agentCode: string) =>
    queryOptions({
      queryKey: ['notifications', agentCode],
      queryFn: () => fetchNotifications(agentCode),
    }),
};

export function useBanners() {
  const agentCode = useAgentCode();
  return useQuery({ ...contentQueries.banners(agentCode ?? ''), enabled: agentCode !== undefined });
}

export function useEvents() {
  const agentCode = useAgentCode();
  return useQuery({ ...contentQueries.events(agentCode ?? ''), enabled: agentCode !== undefined });
}

export function usePromotions() {
  const agentCode = useAgentCode();
  return useQuery({ ...contentQueries.promotions(agentCode ?? ''), enabled: agentCode !== undefined });
}

/** Notifications other than type 1 are the home page's news list. */
export function useNotifications() {
  const agentCode = useAgentCode();
  return useQuery({ ...contentQueries.notifications(agentCode ?? ''), enabled: agentCode !== undefined });
}
