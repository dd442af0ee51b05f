import * as content from '@chok/contract/routes/content';
import * as promotions from '@chok/contract/routes/promotions';
import { useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';

export type ListedPromotion = Data<typeof content.promotions>[number];
export type MyPromotions = Data<typeof promotions.memberPromotions>;
export type RunningPromotion = NonNullable<MyPromotions['active']>;
export type CancelOutcome = Data<typeof promotions.cancelPromotion>;

export const promotionKeys = {
  list: ['promotions', 'member-list'] as const,
  mine: ['member-promotions'] as const,
};

/** The promotions with their rules, each marked eligible or not for this member (docs/rules/engagement.md §1). */
export function usePromotionList() {
  return useQuery({
    queryKey: promotionKeys.list,
    queryFn: () => call(content.promotions, {}),
    staleTime: 0,
  });
}

/** The running promotion (turnover progress, bonus wallet, expiry) and the history. */
export function useMyPromotions() {
  return useQuery({
    queryKey: promotionKeys.mine,
    queryFn: () => call(promotions.memberPromotions, {}),
    staleTime: 0,
  });
}

export function cancelPromotion(id: number): Promise<CancelOutcome> {
  return call(promotions.cancelPromotion, { id });
}
