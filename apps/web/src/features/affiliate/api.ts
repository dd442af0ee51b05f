import * as affiliate from '@chok/contract/routes/affiliate';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { agentId } from '../../stores/agent';

export type AffiliateConfigs = Data<typeof affiliate.affiliateConfigs>;
export type AffiliateSummary = Data<typeof affiliate.affiliateSummary>;
export type NetworkPage = Data<typeof affiliate.affiliateNetwork>;
export type CommissionDay = Data<typeof affiliate.affiliateCommissionHistory>['items'][number];
export type AffiliateEntry = Data<typeof affiliate.affiliateTransactions>['items'][number];

export const affiliateKeys = {
  all: ['affiliate'] as const,
  configs: (origin: string) => ['affiliate', 'configs', origin] as const,
  summary: ['affiliate', 'summary'] as const,
  network: (level: 1 | 2 | null, page: number) => ['affiliate', 'network', level, page] as const,
  commissions: (page: number) => ['affiliate', 'commissions', page] as const,
  statement: (page: number) => ['affiliate', 'statement', page] as const,
};

export const PER_PAGE = 10;

/** The rules, and the member's code, link (starting with this site's origin) and its QR. */
export function useAffiliateConfigs() {
  const origin = window.location.origin;
  return useQuery({
    queryKey: affiliateKeys.configs(origin),
    queryFn: () => call(affiliate.affiliateConfigs, { agent_id: agentId(), origin }),
    staleTime: 5 * 60_000,
  });
}

export function useAffiliateSummary() {
  return useQuery({
    queryKey: affiliateKeys.summary,
    queryFn: () => call(affiliate.affiliateSummary, { agent_id: agentId() }),
  });
}

export function useNetwork(level: 1 | 2 | null, page: number) {
  return useQuery({
    queryKey: affiliateKeys.network(level, page),
    queryFn: () =>
      call(affiliate.affiliateNetwork, {
        agent_id: agentId(),
        ...(level === null ? {} : { level }),
        page,
        per_page: PER_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCommissionHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: affiliateKeys.commissions(page),
    queryFn: () =>
      call(affiliate.affiliateCommissionHistory, { agent_id: agentId(), page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAffiliateStatement(page: number, enabled: boolean) {
  return useQuery({
    queryKey: affiliateKeys.statement(page),
    queryFn: () => call(affiliate.affiliateTransactions, { agent_id: agentId(), page, per_page: PER_PAGE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Moves as much of the balance to main as today allows (the server decides the amount). */
export function redeemToMain() {
  return call(affiliate.affiliateRedeem, { agent_id: agentId() });
}
