import type { LayoutName } from '@chok/contract/layouts';
import type { StartupError } from '@chok/contract/startup';
import { createRenderedStore } from './rendered';

export type { LayoutName, StartupError };

/**
 * The selected game of docs/rules/member-site.md §3: game_id, provider_id, sub_provider_id, source,
 * is_demo (+ its name).
 */
export interface SelectedGame {
  game_id: string;
  provider_id: string;
  sub_provider_id: string;
  source: string;
  is_demo: boolean;
  name: string;
}

/**
 * Interface flags (docs/rules/member-site.md §2, §3) and start-up facts; never persisted. The
 * start-up facts are what a server-rendered page was rendered with (stores/rendered.ts).
 */
interface UiState {
  /** The persisted stores have been read (app/startup.ts); the layouts' checks wait for it. */
  hydrated: boolean;
  startupLayout: LayoutName | null;
  startupPath: string | null;
  startupError: StartupError | null;
  /**
   * A page's own content has been shown and is interactive (hydrated, on a page rendered on the
   * server): layouts/Layout.tsx sets it. The announcements wait for it.
   */
  pageShown: boolean;
  memberMenuOpen: boolean;
  /**
   * The important announcements are due or asked for. Their dialog shows once the page is shown and
   * no other dialog is open (features/content/NotificationDialog.tsx).
   */
  notificationOpen: boolean;
  /**
   * The announcements' dialog was opened by the server's render (entry-server.tsx): it shows the
   * list the page came with until the browser has recorded it as shown.
   */
  noticeFromServer: boolean;
  eventOpen: boolean;
  drawerOpen: boolean;
  promotionOpen: boolean;
  selectedPromotionId: number | null;
  /** The deposit notice: the operator's receiving accounts (features/payments/DepositNotice.tsx). */
  depositOpen: boolean;
  /** Login and register as dialogs from the header on desktop (features/auth/AuthDialogs.tsx). */
  loginOpen: boolean;
  registerOpen: boolean;
  /** The game in the launcher (docs/rules/member-site.md §4: selected → wallet chosen → link → iframe). */
  selectedGame: SelectedGame | null;
  set: (patch: Partial<Omit<UiState, 'set'>>) => void;
}

export const useUi = createRenderedStore<UiState>((set) => ({
  hydrated: false,
  startupLayout: null,
  startupPath: null,
  startupError: null,
  pageShown: false,
  memberMenuOpen: false,
  notificationOpen: false,
  noticeFromServer: false,
  eventOpen: false,
  drawerOpen: false,
  promotionOpen: false,
  selectedPromotionId: null,
  depositOpen: false,
  loginOpen: false,
  registerOpen: false,
  selectedGame: null,
  set: (patch) => set(patch),
}));
