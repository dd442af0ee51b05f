import type { StaffRole } from '@chok/contract/endpoint';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface StaffUser {
  id: number;
  username: string;
  role: StaffRole;
}

interface SessionState {
  token: string | null;
  staff: StaffUser | null;
  /** The server's idle limit for staff sessions (GET /api/admin/me); the console logs out first. */
  idleMinutes: number;
  /** When the operator last used the console (ms since the epoch). */
  lastActivity: number;
  signIn(token: string, staff: StaffUser): void;
  setIdleMinutes(minutes: number): void;
  touch(): void;
  clear(): void;
}

/**
 * The staff session, kept in sessionStorage: it ends with the browser tab, and another tab logs in
 * on its own.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      staff: null,
      idleMinutes: 30,
      lastActivity: Date.now(),
      signIn: (token, staff) => set({ token, staff, lastActivity: Date.now() }),
      setIdleMinutes: (idleMinutes) => set({ idleMinutes }),
      touch: () => set({ lastActivity: Date.now() }),
      clear: () => set({ token: null, staff: null }),
    }),
    { name: 'chok-backoffice-session', storage: createJSONStorage(() => sessionStorage) },
  ),
);
