import type * as content from '@chok/contract/api/content';
import type { DataOf } from '@chok/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type AgentConfig, useLocalData } from '../../stores/local';

export type Banner = DataOf<typeof content.banners>[number];
export type EventItem = DataOf<typeof content.events>[number];
export type Promotion = DataOf<typeof content.promotions>[number];
export type Bank = DataOf<typeof content.banks>[number];

export function fetchAgentConfig(): Promise<AgentConfig> {
  return api<AgentConfig>('/api/agent/config', { body: {} });
}

function useAgentCode(): string | undefined {
  return useLocalData((s) => s.agentConfig?.agent_code);
}

export function fetchNotifications(agentCode: string) {
  return api<DataOf<typeof content.notifications>>('/api/notifications', {
    query: { agent_code: agentCode },
  });
}

export function useBanners() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['banners', agentCode],
    queryFn: () => api<Banner[]>('/api/banner', { query: { agent_code: agentCode } }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useEvents() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['events', agentCode],
    queryFn: () => api<EventItem[]>('/api/event/list', { query: { agent_code: agentCode } }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function usePromotions() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['promotions', agentCode],
    queryFn: () => api<Promotion[]>('/api/promotion/list', { query: { agent_code: agentCode } }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useBanks() {
  return useQuery({
    queryKey: ['banks'],
    queryFn: () => api<Bank[]>('/api/banks'),
    staleTime: 60 * 60_000,
  });
}
