import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import * as lotto from '@chok/contract/routes/lotto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Data, type Input } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';
import { agentId } from '../../stores/agent';

export type Lobby = Data<typeof lotto.lobby>;
export type RoundInfo = Data<typeof lotto.round>;
export type RoundRates = Data<typeof lotto.roundRate>;
export type Limits = Data<typeof lotto.limit>;
export type RateTable = Data<typeof lotto.rates>;
export type Results = Data<typeof lotto.results>;
/** One round's result (`GET /api/lotto/result?round_id`; without a round it answers every market's latest). */
export type RoundResultView = Extract<Data<typeof lotto.result>, { round_id: number }>;
export type YeekeeList = Data<typeof lotto.yeekeeList>;
export type YeekeeLists = Data<typeof lotto.yeekeeLists>;
export type Validation = Data<typeof lotto.billValidate>;
export type BillCreated = Data<typeof lotto.billCreate>;
export type BillList = Data<typeof lotto.billList>;
export type BillDetail = Data<typeof lotto.billDetail>;
export type Bill = BillList['items'][number];
export type LottoWallet = Data<typeof lotto.lottoWallets>[number];
export type BillPayload = Input<typeof lotto.billCreate>;
export type Shot = Data<typeof lotto.shootNumber>;

/**
 * A lotto call: with the operator's agent id (34, docs/rules/member-site.md §7), and a 401 read as the
 * session-expired error (docs/rules/member-site.md §8).
 */
function lottoCall<E extends Endpoint>(route: Route<E>, input: CallInputOf<E> & object): Promise<DataOf<E>> {
  return call(route, { agent_id: agentId(), ...input }, { group: 'lotto' });
}

/** Answers that carry `server_now` set the server clock as they arrive. */
function synced<T extends { server_now: string }>(data: T): T {
  syncServerClock(data.server_now);
  return data;
}

/**
 * The public lotto reads (lobby, rate tables, results): the hooks below and the server-side render
 * (app/server-rendered.ts) use the same keys.
 */
export const lottoQueries = {
  lobby: () =>
    queryOptions({
      queryKey: ['lotto', 'lobby'],
      queryFn: () => lottoCall(lotto.lobby, {}).then(synced),
    }),
  rates: (categoryId?: string) =>
    queryOptions({
      queryKey: ['lotto', 'rates', categoryId ?? ''],
      queryFn: () => lottoCall(lotto.rates, { category_id: categoryId }),
    }),
  results: (date?: string) =>
    queryOptions({
      queryKey: ['lotto', 'results', date ?? ''],
      queryFn: () => lottoCall(lotto.results, { date }),
    }),
  /**
   * The home page's latest results: each market's newest drawn round, newest first, at most
   * `LATEST_RESULTS`, from `/api/lotto/results` of today and the days before (Bangkok days) until that
   * many markets have one or `RESULT_DAYS` days were read — weekends and the markets' own draw days
   * leave some days with few results. Kept as that short list, so the page's server-rendered data
   * stays small.
   */
  latestResults: () =>
    queryOptions({
      queryKey: ['lotto', 'latest-results'],
      queryFn: async () => {
        const days = [await lottoCall(lotto.results, {})];
        while (days.length < RESULT_DAYS && latestPerMarket(days).length < LATEST_RESULTS)
          days.push(await lottoCall(lotto.results, { date: previousDay(days.at(-1)!.date) }));
        return latestPerMarket(days);
      },
    }),
};

export const LATEST_RESULTS = 6;
/** How many days back the home page looks for results. */
const RESULT_DAYS = 4;
export type LatestResult = ReturnType<typeof latestPerMarket>[number];

/** The day before a calendar day "YYYY-MM-DD". */
function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Each market's newest round with a result, newest first. */
function latestPerMarket(days: Results[]) {
  const newest = new Map<string, Results['categories'][number]['rounds'][number]>();
  for (const day of days)
    for (const c of day.categories)
      for (const r of c.rounds) {
        if (!r.result) continue;
        const seen = newest.get(r.market_code);
        if (!seen || Date.parse(r.expected_result_at) > Date.parse(seen.expected_result_at))
          newest.set(r.market_code, r);
      }
  return [...newest.values()]
    .sort((a, b) => Date.parse(b.expected_result_at) - Date.parse(a.expected_result_at))
    .slice(0, LATEST_RESULTS)
    .map((r) => ({
      round_id: r.round_id,
      market_code: r.market_code,
      market_name: r.market_name,
      derive_rule: r.derive_rule,
      business_date: r.business_date,
      round_no: r.round_no,
      top3: r.result!.top3,
      bottom2: r.result!.bottom2,
      demo: r.demo,
    }));
}

export function useLobby() {
  return useQuery({ ...lottoQueries.lobby(), refetchInterval: 30_000 });
}

export function useRound(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'round', roundId],
    queryFn: () => lottoCall(lotto.round, { round_id: roundId! }).then(synced),
    enabled: roundId !== null,
  });
}

export function useRoundRates(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'rate', roundId],
    queryFn: () => lottoCall(lotto.roundRate, { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useLimits(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'limit', roundId],
    queryFn: () => lottoCall(lotto.limit, { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useRule(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'rule', roundId],
    queryFn: () => lottoCall(lotto.rule, { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useRoundResult(roundId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'result', roundId],
    queryFn: async (): Promise<RoundResultView> => {
      const data = await lottoCall(lotto.result, { round_id: roundId! });
      // Asked with a round, the server answers that round.
      if (!('round_id' in data)) throw new Error('ผลรางวัลไม่ตรงกับงวดที่เลือก');
      return data;
    },
    enabled: roundId !== null && enabled,
  });
}

export function useRates(categoryId?: string) {
  return useQuery(lottoQueries.rates(categoryId));
}

/** The day `/lotto/results?date=YYYY-MM-DD` asks for; none (the latest day) when absent or malformed. */
export function resultsDateOf(params: URLSearchParams): string | undefined {
  const raw = params.get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
}

export function useResults(date?: string) {
  return useQuery({ ...lottoQueries.results(date), placeholderData: keepPreviousData });
}

export function useYeekeeList(roundId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'yeekee-list', roundId],
    queryFn: () => lottoCall(lotto.yeekeeList, { round_id: roundId! }),
    enabled: roundId !== null && enabled,
  });
}

export function useYeekeeLists(roundId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'yeekee-lists', roundId],
    queryFn: () => lottoCall(lotto.yeekeeLists, { round_id: roundId! }),
    enabled: roundId !== null,
  });
}

export function useLottoWallets(enabled: boolean) {
  return useQuery({
    queryKey: ['lotto', 'wallets'],
    queryFn: () => lottoCall(lotto.lottoWallets, {}),
    enabled,
  });
}

export function useBills(query: Input<typeof lotto.billList>, enabled = true) {
  return useQuery({
    queryKey: ['lotto', 'bills', query],
    queryFn: () => lottoCall(lotto.billList, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBillDetail(billId: number | null) {
  return useQuery({
    queryKey: ['lotto', 'bill', billId],
    queryFn: () => lottoCall(lotto.billDetail, { bill_id: billId! }),
    enabled: billId !== null,
  });
}

export const validateBill = (body: BillPayload) => lottoCall(lotto.billValidate, body);
export const createBill = (body: BillPayload) => lottoCall(lotto.billCreate, body);
export const cancelBill = (billId: number) => lottoCall(lotto.billCancel, { bill_id: billId });
export const shootNumber = (roundId: number, number: string) =>
  lottoCall(lotto.shootNumber, { round_id: roundId, number });
