import * as wheel from '@chok/contract/routes/wheel';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { fetchPoints, pointsKey } from '../../lib/points';
import { fetchWallets, walletsKey } from '../../lib/wallets';

export type WheelConfig = Data<typeof wheel.wheelConfigV2>;
export type WheelPrize = WheelConfig['prizes'][number];
export type WheelSpin = Data<typeof wheel.wheelSpinV2>;
export type UnclaimedSpin = WheelConfig['unclaimed'][number];
export type WheelReward = Data<typeof wheel.wheelReward>;
export type BoardItem = Data<typeof wheel.wheelBoard>[number];
export type SpinPayChoice = 'auto' | 'free' | 'points';

export const wheelKeys = {
  config: ['wheel', 'config'] as const,
  board: ['wheel', 'board'] as const,
  pointSpins: ['wheel', 'history', 'points'] as const,
};

export function useWheelConfig() {
  return useQuery({ queryKey: wheelKeys.config, queryFn: () => call(wheel.wheelConfigV2, {}) });
}

export function useBoard() {
  return useQuery({ queryKey: wheelKeys.board, queryFn: () => call(wheel.wheelBoard, {}) });
}

export function usePointSpins(enabled: boolean) {
  return useQuery({
    queryKey: wheelKeys.pointSpins,
    queryFn: () => call(wheel.wheelHistory, { paid_with: 'points', page: 1, per_page: 20 }),
    enabled,
  });
}

export function spin(pay: SpinPayChoice): Promise<WheelSpin> {
  return call(wheel.wheelSpinV2, { pay });
}

export function claimReward(spinId: number): Promise<WheelReward> {
  return call(wheel.wheelReward, { spin_id: spinId });
}

/** After a spin or a reward: the free spins, points, unclaimed prizes, board and wallets read again. */
export async function refreshAfterReward(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['wheel'] }),
    qc.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
    qc.fetchQuery({ queryKey: pointsKey, queryFn: fetchPoints, staleTime: 0 }),
  ]);
}
