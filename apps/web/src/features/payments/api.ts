import * as content from '@chok/contract/routes/content';
import * as payments from '@chok/contract/routes/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, type Data } from '../../lib/api';
import { syncServerClock } from '../../lib/server-clock';
import { useStream } from '../../lib/stream';
import { fetchWallets, walletsKey } from '../../lib/wallets';
import { useAgent } from '../../stores/agent';

export type Channel = Data<typeof payments.channels>[number];
export type ChannelInfo = Data<typeof payments.info>;
export type Deposit = Data<typeof payments.generateQr>;
export type DepositPromotions = Data<typeof payments.depositPromotions>;
export type Withdrawal = Data<typeof payments.withdraw>;
export type WithdrawInfo = Data<typeof payments.withdrawInfo>;

export const paymentKeys = {
  channels: ['payment', 'channels'] as const,
  info: (channelId: number) => ['payment', 'info', channelId] as const,
  promotions: ['payment', 'promotions'] as const,
  open: ['payment', 'open'] as const,
  status: (id: number) => ['payment', 'status', id] as const,
  history: ['payment', 'history'] as const,
  withdrawInfo: ['withdraw', 'info'] as const,
  withdrawList: ['withdraw', 'list'] as const,
};

/** A deposit answer sets the server clock its countdown runs on (lib/server-clock.ts). */
function synced<T extends Deposit | null>(deposit: T): T {
  syncServerClock(deposit?.server_time);
  return deposit;
}

export function useChannels() {
  return useQuery({
    queryKey: paymentKeys.channels,
    queryFn: () => call(payments.channels, {}),
  });
}

export function useChannelInfo(channelId: number | null) {
  return useQuery({
    queryKey: paymentKeys.info(channelId ?? 0),
    queryFn: () => call(payments.info, { channel_id: channelId! }),
    enabled: channelId !== null,
  });
}

export function useDepositPromotions() {
  return useQuery({
    queryKey: paymentKeys.promotions,
    queryFn: () => call(payments.depositPromotions, {}),
  });
}

export function useOpenDeposit() {
  return useQuery({
    queryKey: paymentKeys.open,
    queryFn: () => call(payments.qrcodeInfo, {}).then(synced),
  });
}

/** The member's open deposit request, or else the latest one (the payment page). */
export async function fetchLatestDeposit(): Promise<Deposit | null> {
  return synced((await call(payments.qrcodeInfo, {})) ?? (await call(payments.inquiryStatus, {})));
}

/** A request's state, polled every 5 s while it is open (docs/rules/payments.md §1.5), pushed live otherwise. */
export function useDepositStatus(requestId: number | null, initial?: Deposit) {
  return useQuery({
    queryKey: paymentKeys.status(requestId ?? 0),
    queryFn: () => call(payments.inquiryStatus, { request_id: requestId! }).then(synced),
    enabled: requestId !== null,
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 5000 : false),
  });
}

export function useDepositHistory() {
  return useQuery({
    queryKey: paymentKeys.history,
    queryFn: () => call(payments.depositHistory, { limit: 5 }),
  });
}

export function createDeposit(body: {
  channel_id: number;
  sub_channel_id: number;
  amount: number;
  promotion_id: number | null;
  idempotency_key: string;
}) {
  const { idempotency_key, ...rest } = body;
  return call(payments.generateQr, rest, { idempotencyKey: idempotency_key }).then(synced);
}

export function cancelDeposit(requestId: number) {
  return call(payments.cancelDeposit, { request_id: requestId }).then(synced);
}

/** Demo and test builds: the sandbox gateway pays the request and sends its signed webhook. */
export function sandboxPay(gatewayRef: string) {
  return call(payments.sandboxPay, { gatewayRef });
}

export function useWithdrawInfo() {
  return useQuery({
    queryKey: paymentKeys.withdrawInfo,
    queryFn: () => call(payments.withdrawInfo, {}),
  });
}

export function useWithdrawals() {
  return useQuery({
    queryKey: paymentKeys.withdrawList,
    queryFn: () => call(payments.withdrawList, { limit: 10 }),
  });
}

export function requestWithdrawal(amount: number, idempotencyKey: string) {
  return call(payments.withdraw, { amount }, { idempotencyKey });
}

/**
 * Live payment updates on the member's private topic: a deposit or withdrawal changed state →
 * refresh what shows it, and the wallets when money moved.
 */
export function usePaymentEvents(onEvent?: (e: { kind: string; id: number; status: string }) => void) {
  const queryClient = useQueryClient();
  const handle = useCallback(
    (_event: string, _topic: string, data: unknown) => {
      const e = data as { kind: string; id: number; status: string };
      void queryClient.invalidateQueries({ queryKey: ['payment'] });
      void queryClient.invalidateQueries({ queryKey: ['withdraw'] });
      if (e.status === 'paid' || e.kind === 'withdrawal') {
        void queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 });
      }
      onEvent?.(e);
    },
    [queryClient, onEvent],
  );
  useStream([], ['payment'], handle);
}

/** A UUID v4 for the Idempotency-Key (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The operator's receiving accounts into agent state (stores/agent.ts): its bank accounts and its
 * TrueMoney wallets. A failed read leaves both lists empty (docs/rules/member-site.md §4).
 */
export async function loadAgentAccounts(): Promise<void> {
  try {
    const [bank, trueMoney] = await Promise.all([
      call(content.agentBankAccounts, {}),
      call(content.agentTrueMoneyAccounts, {}),
    ]);
    useAgent.getState().setAccounts(bank, trueMoney);
  } catch (err) {
    useAgent.getState().setAccounts([], []);
    throw err;
  }
}
