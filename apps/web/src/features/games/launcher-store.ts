import { create } from 'zustand';

/** The selected game of spec §3: game_id, provider_id, sub_provider_id, source, is_demo (+ display). */
export interface SelectedGame {
  game_id: string;
  provider_id: string;
  sub_provider_id: string;
  source: string;
  is_demo: boolean;
  name: string;
}

interface LauncherState {
  selected: SelectedGame | null;
  walletId: number | null;
  link: string | null;
  select: (game: SelectedGame) => void;
  setWallet: (walletId: number | null) => void;
  setLink: (link: string | null) => void;
  /** Closing clears the link, the wallet and the selected game (spec §4). */
  close: () => void;
}

export const useLauncher = create<LauncherState>((set) => ({
  selected: null,
  walletId: null,
  link: null,
  select: (selected) => set({ selected, walletId: null, link: null }),
  setWallet: (walletId) => set({ walletId }),
  setLink: (link) => set({ link }),
  close: () => set({ selected: null, walletId: null, link: null }),
}));
