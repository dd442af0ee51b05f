import type * as lotto from '@chok/contract/api/lotto';
import type { DataOf, InputOf, QueryOf } from '@chok/contract/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';
import { useLocalData } from '../../stores/local';

export type Lobby = DataOf<typeof lotto.lobby>;
export type RoundInfo = DataOf<typeof lotto.round>;
export type RoundRates = DataOf<typeof lotto.roundRate>;
export type Limits = DataOf<typeof lotto.limit>;
export type RateTable = DataOf<typeof lotto.rates>;
export type Results = DataOf<typeof lotto.results>;
export type RoundResultView = DataOf<typeof lotto.result>;
export type YeekeeList = DataOf<typeof lotto.yeekeeList>;
export type YeekeeLists = DataOf<typeof lotto.yeekeeLists>;
export type Validation = DataOf<typeof lotto.billValidate>;
export type BillCreated = DataOf<typeof lotto.billCreate>;
export type BillList = DataOf<typeof lotto.billList>;
export type BillDetail = DataOf<typeof lotto.billDetail>;
export type Bill = BillList['items'][number];
export type LottoWallet = DataOf<typeof lotto.lottoWallets>[number];
export type BillPayload = InputOf<typeof lotto.billCreate>;
export type Shot = DataOf<typeof lotto.shootNumber>;

/** The operator's agent id (34) travels on every lotto call (spec §7). */
export function agentId(): number {
  return useLocalData.getState().agentConfig?.agent_id ?? 34;
}

const get = <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
  api<T>(`/api/lotto/${path}`, { group: 'lotto', query: { agent_id: agentId(), ...query } });
const post = <T>(path: string, body: Record<string, unknown>) =>
  api<T>(`/api/lotto/${path}`, { group: 'lotto', body: { agent_id: agentId(), ...body } });

/** Answers that carry `server_now` set the server clock as they arrive. */
function synced<T extends { server_now: string }>(data: T): T {
  syncServerClock(data.server_now);
  return data;
}

export function useLobby() {
  return useQuery({
    queryKey: ['lotto', 'lobby'],
    queryFn: () => get<Lobby>('lobby').then(synced),
    refetchInterval: 30_000,
  });
}

export function useRound(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'round', roundId],
    queryFn: () => get<RoundInfo>('round', { round_id: roundId! }).then(synced),
    enabled: roundId !== null,
  });
}

export function useRoundRates(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'rate', roundId],
    queryFn: () => get<RoundRates>('rate', { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useLimits(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'limit', roundId],
    queryFn: () => get<Limits>('limit', { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useRule(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'rule', roundId],
    queryFn: () => get<DataOf<typeof lotto.rule>>('rule', { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useRoundResult(roundId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'result', roundId],
    queryFn: () => get<RoundResultView>('result', { round_id: roundId! }),
    enabled: roundId !== null && enabled,
  });
}

export function useRates(categoryId?: string) {
  return useQuery({
    queryKey: ['lotto', 'rates', categoryId ?? ''],
    queryFn: () => get<RateTable>('rates', { category_id: categoryId }),
  });
}

export function useResults(date?: string) {
  return useQuery({
    queryKey: ['lotto', 'results', date ?? ''],
    queryFn: () => get<Results>('results', { date }),
    placeholderData: keepPreviousData,
  });
}

export function useYeekeeList(roundId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'yeekee-list', roundId],
    queryFn: () => get<YeekeeList>('yeekee/list', { round_id: roundId! }),
    enabled: roundId !== null && enabled,
  });
}

export function useYeekeeLists(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'yeekee-lists', roundId],
    queryFn: () => get<YeekeeLists>('yeekee/lists', { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useLottoWallets(enabled: boolean) {
  return useQuery({
    queryKey: ['lotto', 'wallets'],
    queryFn: () => post<LottoWallet[]>('wallets', {}),
    enabled,
  });
}

export function useBills(query: Partial<QueryOf<typeof lotto.billList>>, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'bills', query],
    queryFn: () => get<BillList>('bill/list', query as Record<string, string | number | undefined>),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBillDetail(billId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'bill', billId],
    queryFn: () => get<BillDetail>('bill/detail', { bill_id: billId! }),
    enabled: billId !== null,
  });
}

export const validateBill = (body: BillPayload) => post<Validation>('bill/validate', body);
export const createBill = (body: BillPayload) => post<BillCreated>('bill/create', body);
export const cancelBill = (billId: number) =>
  post<DataOf<typeof lotto.billCancel>>('bill/cancel', { bill_id: billId });
export const shootNumber = (roundId: number, number: string) =>
  post<Shot>('yeekee/shoot_number', { round_id: roundId, number });
