import type * as points from '@chok/contract/api/points';
import type * as wallet from '@chok/contract/api/wallet';
import type { DataOf } from '@chok/contract/endpoint';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Wallet = DataOf<typeof wallet.memberWallets>[number];
export type MemberPoints = DataOf<typeof points.memberPoints>;

/**
 * Per-tab data (docs/rules/member-site.md §3, session data): sessionStorage under `session_data`;
 * the last wallets and points seen, so the header chip shows figures at once after a reload while
 * the fresh ones load, and whether the floating buttons are tucked away (§10).
 */
interface SessionData {
  wallets: Wallet[];
  points: MemberPoints | null;
  /** The chat and event buttons are tucked away for this browser session (components/FloatingToggle.tsx). */
  fabsTucked: boolean;
  setWallets: (wallets: Wallet[]) => void;
  setPoints: (points: MemberPoints) => void;
  setFabsTucked: (fabsTucked: boolean) => void;
  /** Forgets the member's figures (a logout); the tucked buttons stay as the visitor left them. */
  clear: () => void;
}

export const useSessionData = create<SessionData>()(
  persist(
    (set) => ({
      wallets: [],
      points: null,
      fabsTucked: false,
      setWallets: (wallets) => set({ wallets }),
      setPoints: (points) => set({ points }),
      setFabsTucked: (fabsTucked) => set({ fabsTucked }),
      clear: () => set({ wallets: [], points: null }),
    }),
    {
      name: 'session_data',
      storage: createJSONStorage(() => sessionStorage),
      skipHydration: true,
      partialize: (s) => ({ wallets: s.wallets, points: s.points, fabsTucked: s.fabsTucked }),
    },
  ),
);
