import type * as wallet from '@chok/contract/api/wallet';
import type { DataOf, QueryOf } from '@chok/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLocalData } from '../../stores/local';
import { useSessionData, type Wallet } from '../../stores/session';

export const walletsKey = ['wallets'] as const;

export async function fetchWallets(): Promise<Wallet[]> {
  const wallets = await api<Wallet[]>('/api/member/wallets', { body: {} });
  useSessionData.getState().setWallets(wallets);
  return wallets;
}

/** The member's wallets; the last list seen in this tab shows until the fresh one arrives. */
export function useWallets() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const cached = useSessionData((s) => s.wallets);
  return useQuery({
    queryKey: walletsKey,
    queryFn: fetchWallets,
    enabled: isLoggedIn,
    placeholderData: cached.length > 0 ? cached : undefined,
  });
}

export type Statement = DataOf<typeof wallet.memberStatement>;
export type StatementQuery = Partial<QueryOf<typeof wallet.memberStatement>>;

export function useStatement(query: StatementQuery) {
  return useQuery({
    queryKey: ['statement', query],
    queryFn: () => api<Statement>('/api/member/statement', { query }),
  });
}
