import * as points from '@chok/contract/routes/points';
import { useQuery } from '@tanstack/react-query';
import { useLocalData } from '../stores/local';
import { call } from './api';

/**
 * The member's points (docs/rules/engagement.md §7, `POST /api/member/points`). The header shows them
 * and reloads them with the wallets; every feature that earns or spends points refreshes this one key.
 */
export const pointsKey = ['points'] as const;

export async function fetchPoints(): Promise<number> {
  return (await call(points.memberPoints, {})).point;
}

export function usePoints() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return useQuery({ queryKey: pointsKey, queryFn: fetchPoints, enabled: isLoggedIn });
}
