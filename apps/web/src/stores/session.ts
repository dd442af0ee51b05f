import type * as wallet from '@chok/contract/api/wallet';
import type { DataOf } from '@chok/contract/endpoint';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Wallet = DataOf<typeof wallet.memberWallets>[number];

/** Per-tab data: sessionStorage under `session_data`; the last wallets seen, for an instant chip. */
interface SessionData {
  wallets: Wallet[];
  setWallets: (wallets: Wallet[]) => void;
  clear: () => void;
}

export const useSessionData = create<SessionData>()(
  persist(
    (set) => ({
      wallets: [],
      setWallets: (wallets) => set({ wallets }),
      clear: () => set({ wallets: [] }),
    }),
    {
      name: 'session_data',
      storage: createJSONStorage(() => sessionStorage),
      skipHydration: true,
      partialize: (s) => ({ wallets: s.wallets }),
    },
  ),
);
