import type { BetType } from '@chok/engine/lotto/types';
import { betTypes } from '@chok/engine/lotto/types';

/** Per bet type: enabled, rate (บาทละ, 2 decimals), min/max per item and per-number ceiling in whole baht. */
export interface TypeSetting {
  enabled: boolean;
  rate: string;
  min: number;
  max: number;
  ceiling: number;
}
export type RateTable = Record<BetType, TypeSetting>;

/** Yeekee settings (docs/rules/lottery.md §9), every one configurable per market. */
export interface YeekeeSettings {
  cooldown_seconds: number;
  shots_per_round_max: number;
  shots_per_ip_minute_max: number;
  min_shots: number;
  /** Rewards in whole baht for shot positions counted back from the last. */
  rewards: { position: number; amount: number }[];
  reward_min_stake: number;
}

/** What a round copies from its market at creation (docs/rules/lottery.md §3, rule 2). */
export interface RoundSettings {
  rates: RateTable;
  yeekee: YeekeeSettings | null;
  sealed_close: boolean;
  cancel_before_minutes: number;
}

const limits: Record<BetType, Omit<TypeSetting, 'enabled' | 'rate'>> = {
  three_top: { min: 1, max: 2_000, ceiling: 20_000 },
  three_tod: { min: 1, max: 3_000, ceiling: 30_000 },
  three_front: { min: 1, max: 2_000, ceiling: 20_000 },
  three_back: { min: 1, max: 2_000, ceiling: 20_000 },
  two_top: { min: 1, max: 5_000, ceiling: 50_000 },
  two_bottom: { min: 1, max: 5_000, ceiling: 50_000 },
  run_top: { min: 1, max: 10_000, ceiling: 100_000 },
  run_bottom: { min: 1, max: 10_000, ceiling: 100_000 },
};
const regular: Record<BetType, string> = {
  three_top: '900.00',
  three_tod: '150.00',
  three_front: '450.00',
  three_back: '450.00',
  two_top: '90.00',
  two_bottom: '90.00',
  run_top: '3.20',
  run_bottom: '4.20',
};
const yeekee: Partial<Record<BetType, string>> = {
  three_top: '850.00',
  three_tod: '120.00',
  two_top: '92.00',
  two_bottom: '92.00',
  run_top: '3.20',
  run_bottom: '4.20',
};

/** The defaults of docs/rules/lottery.md §3; front/back 3 only where the market has them (GLO). */
export function defaultRates(kind: 'glo' | 'regular' | 'yeekee'): RateTable {
  const table = {} as RateTable;
  for (const t of betTypes) {
    const frontBack = t === 'three_front' || t === 'three_back';
    const rate = kind === 'yeekee' ? yeekee[t] : regular[t];
    table[t] = {
      enabled: rate !== undefined && (!frontBack || kind === 'glo'),
      rate: rate ?? '0.00',
      ...limits[t],
    };
  }
  return table;
}

export const defaultYeekee: YeekeeSettings = {
  cooldown_seconds: 10,
  shots_per_round_max: 100,
  shots_per_ip_minute_max: 60,
  min_shots: 20,
  rewards: [
    { position: 16, amount: 400 },
    { position: 1, amount: 200 },
  ],
  reward_min_stake: 100,
};
