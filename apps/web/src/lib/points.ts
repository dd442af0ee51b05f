import * as points from '@chok/contract/routes/points';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useLocalData } from '../stores/local';
import { useSessionData } from '../stores/session';
import { call, type Data } from './api';
import { formatNumber } from './numbers';
import { walletsKey } from './wallets';

/**
 * The member's points (แต้ม). The header's refresh, the shop, the wheel, quests and check-in change
 * them, so they live here under one key: after a change, refetch `pointsKey`.
 */
export const pointsKey = ['points'] as const;
export type Points = Data<typeof points.memberPoints>;

export async function fetchPoints(): Promise<Points> {
  const answer = await call(points.memberPoints, {});
  useSessionData.getState().setPoints(answer);
  return answer;
}

/** The member's points; the last figure seen in this tab (`session_data`) shows until the fresh one arrives. */
export function usePoints() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const cached = useSessionData((s) => s.points);
  return useQuery({
    queryKey: pointsKey,
    queryFn: fetchPoints,
    enabled: isLoggedIn,
    placeholderData: cached ?? undefined,
  });
}

export function formatPoints(n: number): string {
  return formatNumber(n, 0, 0);
}

/** After a reward (check-in, quests): the wallets (free credit) and the points are fetched again. */
export function refreshRewards(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletsKey }),
    queryClient.invalidateQueries({ queryKey: pointsKey }),
  ]);
}
