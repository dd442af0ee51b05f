import * as points from '@chok/contract/routes/points';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useLocalData } from '../stores/local';
import { call } from './api';
import { walletsKey } from './wallets';

/**
 * The member's points (POST /api/member/points, `data.point`). Every feature that pays or spends
 * points refreshes them under this one key, so they live here below the features.
 */
export const pointsKey = ['points'] as const;

export function usePoints() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return useQuery({
    queryKey: pointsKey,
    queryFn: async () => (await call(points.memberPoints, {})).point,
    enabled: isLoggedIn,
  });
}

/** After a reward: the wallets (free credit) and the points are fetched again. */
export function refreshRewards(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletsKey }),
    queryClient.invalidateQueries({ queryKey: pointsKey }),
  ]);
}
