import type * as auth from '@chok/contract/api/auth';
import type * as content from '@chok/contract/api/content';
import type * as games from '@chok/contract/api/games';
import type { DataOf } from '@chok/contract/endpoint';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { rememberNoticeShown } from '../lib/notice';

export type { AgentConfig } from './agent';
export type Notification = DataOf<typeof content.notifications>[number];
export type UserInfo = DataOf<typeof auth.getUserInfo>;
export type LobbyLists = DataOf<typeof games.gameLobby>;

/**
 * What outlives the tab, in localStorage under `local_data` (docs/rules/member-site.md §3, "user,
 * local and lobby data"):
 * - user: the bearer token, whether logged in, and the member's own details once read;
 * - local: the announcements and when they were last shown (the 15-minute re-show,
 *   docs/rules/member-site.md §4);
 * - lobby: the game lobby's lists (last played, hot, each category) as last seen, shown at once on
 *   the next visit while the fresh ones load.
 * Read at start-up (`skipHydration`, app/startup.ts), so rendering never touches storage; a page
 * rendered on the server hydrates with the defaults, then shows these (stores/rendered.ts).
 */
interface LocalData {
  token: string | null;
  isLoggedIn: boolean;
  userInfo: UserInfo | null;
  notifications: Notification[];
  /** Epoch milliseconds the notification dialog was last shown (0: never). */
  lastNotificationShownAt: number;
  lobby: LobbyLists | null;
  setLogin: (token: string) => void;
  /** Logging out (or a 401) clears the user and the member's own lobby row (last played). */
  clearUser: () => void;
  setUserInfo: (userInfo: UserInfo) => void;
  setNotifications: (items: Notification[], shownAt: number) => void;
  /** The fetched list, due to be shown: its shown time is recorded when the dialog shows. */
  replaceNotifications: (items: Notification[]) => void;
  markNotificationsShown: (at: number) => void;
  setLobby: (lobby: LobbyLists) => void;
}

export const useLocalData = create<LocalData>()(
  persist(
    (set) => ({
      token: null,
      isLoggedIn: false,
      userInfo: null,
      notifications: [],
      lastNotificationShownAt: 0,
      lobby: null,
      setLogin: (token) => set({ token, isLoggedIn: true }),
      clearUser: () =>
        set((s) => ({
          token: null,
          isLoggedIn: false,
          userInfo: null,
          lobby: s.lobby && { ...s.lobby, last: [] },
        })),
      setUserInfo: (userInfo) => set({ userInfo }),
      setNotifications: (notifications, shownAt) => {
        rememberNoticeShown(shownAt);
        set({ notifications, lastNotificationShownAt: shownAt });
      },
      replaceNotifications: (notifications) => set({ notifications }),
      markNotificationsShown: (at) => {
        rememberNoticeShown(at);
        set({ lastNotificationShownAt: at });
      },
      setLobby: (lobby) => set({ lobby }),
    }),
    {
      name: 'local_data',
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (s) => ({
        token: s.token,
        isLoggedIn: s.isLoggedIn,
        userInfo: s.userInfo,
        notifications: s.notifications,
        lastNotificationShownAt: s.lastNotificationShownAt,
        lobby: s.lobby,
      }),
    },
  ),
);
