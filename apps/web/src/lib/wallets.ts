import * as wallet from '@chok/contract/routes/wallet';
import { useQuery } from '@tanstack/react-query';
import { useLocalData } from '../stores/local';
import { useSessionData, type Wallet } from '../stores/session';
import { call } from './api';

/**
 * The member's wallets and balances. Every feature that moves money (lotto bills, games, deposits
 * and withdrawals) refreshes them under this one key, and the header chip shows them, so they live
 * here below the features rather than in any one of them.
 */
export const walletsKey = ['wallets'] as const;

export async function fetchWallets(): Promise<Wallet[]> {
  const wallets = await call(wallet.memberWallets, {});
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
