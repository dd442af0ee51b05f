import * as content from '@chok/contract/routes/content';
import * as promotions from '@chok/contract/routes/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { useLocalData } from '../../stores/local';

export type ListedPromotion = Data<typeof content.promotions>[number];
export type MyPromotions = Data<typeof promotions.memberPromotions>;
export type RunningPromotion = NonNullable<MyPromotions['active']>;
export type CancelOutcome = Data<typeof promotions.cancelPromotion>;

export const promotionKeys = {
  list: ['promotions', 'member-list'] as const,
  mine: ['member-promotions'] as const,
};

/**
 * The promotions with their rules, each marked eligible or not for this member (a visitor's say to
 * log in; docs/rules/engagement.md §1). The server-side render (app/server-rendered.ts) fetches the
 * visitor's list under the same key; a member's page fetches its own at once (stale at once).
 */
export const promotionListQuery = () =>
  queryOptions({
    queryKey: promotionKeys.list,
    queryFn: () => call(content.promotions, {}),
    staleTime: 0,
  });

export function usePromotionList() {
  return useQuery(promotionListQuery());
}

/** The member's running promotion (turnover progress, bonus wallet, expiry) and the history. */
export function useMyPromotions() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return useQuery({
    queryKey: promotionKeys.mine,
    queryFn: () => call(promotions.memberPromotions, {}),
    staleTime: 0,
    enabled: isLoggedIn,
  });
}

export function cancelPromotion(id: number): Promise<CancelOutcome> {
  return call(promotions.cancelPromotion, { id });
}
