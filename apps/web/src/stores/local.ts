import type * as content from '@chok/contract/api/content';
import type { DataOf } from '@chok/contract/endpoint';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type AgentConfig = DataOf<typeof content.agentConfig>;
export type Notification = DataOf<typeof content.notifications>[number];

/**
 * User, agent and lobby data that outlive the tab: localStorage under `local_data`. Hydrated after
 * mount (`skipHydration`), so rendering never touches storage.
 */
interface LocalData {
  token: string | null;
  isLoggedIn: boolean;
  agentConfig: AgentConfig | null;
  notifications: Notification[];
  /** Epoch milliseconds the notification dialog was last shown (0: never). */
  lastNotificationShownAt: number;
  setLogin: (token: string) => void;
  clearUser: () => void;
  setAgentConfig: (config: AgentConfig) => void;
  setNotifications: (items: Notification[], shownAt: number) => void;
  markNotificationsShown: (at: number) => void;
}

export const useLocalData = create<LocalData>()(
  persist(
    (set) => ({
      token: null,
      isLoggedIn: false,
      agentConfig: null,
      notifications: [],
      lastNotificationShownAt: 0,
      setLogin: (token) => set({ token, isLoggedIn: true }),
      clearUser: () => set({ token: null, isLoggedIn: false }),
      setAgentConfig: (agentConfig) => set({ agentConfig }),
      setNotifications: (notifications, shownAt) => set({ notifications, lastNotificationShownAt: shownAt }),
      markNotificationsShown: (at) => set({ lastNotificationShownAt: at }),
    }),
    {
      name: 'local_data',
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s) => ({
        token: s.token,
        isLoggedIn: s.isLoggedIn,
        agentConfig: s.agentConfig,
        notifications: s.notifications,
        lastNotificationShownAt: s.lastNotificationShownAt,
      }),
    },
  ),
);
