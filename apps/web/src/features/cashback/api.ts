import * as cashback from '@chok/contract/routes/cashback';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type Data } from '../../lib/api';
import { formatDay } from '../../lib/dates';
import { syncServerClock } from '../../lib/server-clock';
import { fetchWallets, walletsKey } from '../../lib/wallets';

/**
 * Loss cashback (คืนยอดเสีย), turnover commission (คืนยอดเทิร์น) and the win/loss report
 * (docs/rules/engagement.md §3, §4, §12): what the three pages read and the two claims.
 */
export type CashbackStatus = Data<typeof cashback.lossStatus>;
export type DayCashback = CashbackStatus['loss'];
export type PayoutItem = Data<typeof cashback.lossHistory>['items'][number];
export type TurnoverHistory = Data<typeof cashback.turnoverHistory>;
export type Winloss = Data<typeof cashback.memberWinloss>;
export type LossKind = 'loss' | 'lotto';

export const cashbackKeys = {
  all: ['cashback'] as const,
  status: ['cashback', 'status'] as const,
  history: (kind: 'all' | LossKind, page: number) => ['cashback', 'history', kind, page] as const,
  turnover: (page: number) => ['cashback', 'turnover', page] as const,
  winloss: (days: number) => ['cashback', 'winloss', days] as const,
};

export function useCashbackStatus() {
  return useQuery({
    queryKey: cashbackKeys.status,
    queryFn: async () => {
      const status = await call(cashback.lossStatus, {});
      syncServerClock(status.server_time);
      return status;
    },
  });
}

export const HISTORY_PER_PAGE = 10;

export function useLossHistory(kind: 'all' | LossKind, page: number) {
  return useQuery({
    queryKey: cashbackKeys.history(kind, page),
    queryFn: () => call(cashback.lossHistory, { kind, page, per_page: HISTORY_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

export function useTurnoverHistory(page: number) {
  return useQuery({
    queryKey: cashbackKeys.turnover(page),
    queryFn: () => call(cashback.turnoverHistory, { page, per_page: HISTORY_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
}

export function useWinloss(days: number) {
  return useQuery({
    queryKey: cashbackKeys.winloss(days),
    queryFn: () => call(cashback.memberWinloss, { days }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Claims the day the page shows (the server pays only its own yesterday and refuses another day).
 * Afterwards the status, the history and the wallets are read again, whatever the answer.
 */
export function useClaim() {
  const queryClient = useQueryClient();
  return useCallback(
    async (kind: LossKind, day: string) => {
      try {
        return await call(kind === 'lotto' ? cashback.lottoClaim : cashback.lossClaim, { day });
      } finally {
        void queryClient.invalidateQueries({ queryKey: cashbackKeys.all });
        void queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 });
      }
    },
    [queryClient],
  );
}

/** A Bangkok date "2026-03-01" as Thai words: "1 มีนาคม 2569". */
export { formatDay } from '../../lib/dates';

/** "1 มี.ค." for tight spaces (the chart's axis, table rows). */
export const formatShortDay = (day: string): string => formatDay(day, 'short');
