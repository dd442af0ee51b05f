import * as content from '@chok/contract/routes/content';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { type AgentConfig, useLocalData } from '../../stores/local';

export type Banner = Data<typeof content.banners>[number];
export type EventItem = Data<typeof content.events>[number];
export type Promotion = Data<typeof content.promotions>[number];
export type Bank = Data<typeof content.banks>[number];

export function fetchAgentConfig(): Promise<AgentConfig> {
  return call(content.agentConfig, {});
}

function useAgentCode(): string | undefined {
  return useLocalData((s) => s.agentConfig?.agent_code);
}

export function fetchNotifications(agentCode: string) {
  return call(content.notifications, { agent_code: agentCode });
}

export function useBanners() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['banners', agentCode],
    queryFn: () => call(content.banners, { agent_code: agentCode! }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useEvents() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['events', agentCode],
    queryFn: () => call(content.events, { agent_code: agentCode! }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function usePromotions() {
  const agentCode = useAgentCode();
  return useQuery({
    queryKey: ['promotions', agentCode],
    queryFn: () => call(content.promotions, { agent_code: agentCode! }),
    enabled: agentCode !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useBanks() {
  return useQuery({
    queryKey: ['banks'],
    queryFn: () => call(content.banks, {}),
    staleTime: 60 * 60_000,
  });
}
