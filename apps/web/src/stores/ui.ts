import type { LayoutName } from '@chok/contract/layouts';
import { create } from 'zustand';

export type { LayoutName };

export interface StartupError {
  status: number;
  message: string;
}

/** Interface flags (spec §2) and start-up facts; never persisted. */
interface UiState {
  hydrated: boolean;
  startupLayout: LayoutName | null;
  startupPath: string | null;
  startupError: StartupError | null;
  memberMenuOpen: boolean;
  notificationOpen: boolean;
  eventOpen: boolean;
  drawerOpen: boolean;
  promotionOpen: boolean;
  selectedPromotionId: number | null;
  set: (patch: Partial<Omit<UiState, 'set'>>) => void;
}

export const useUi = create<UiState>((set) => ({
  hydrated: false,
  startupLayout: null,
  startupPath: null,
  startupError: null,
  memberMenuOpen: false,
  notificationOpen: false,
  eventOpen: false,
  drawerOpen: false,
  promotionOpen: false,
  selectedPromotionId: null,
  set: (patch) => set(patch),
}));
