import { create } from 'zustand';
import { type SelectedGame, useUi } from '../../stores/ui';

/** The launcher's own steps after the selected game (stores/ui.ts): the wallet chosen and the link. */
interface LauncherState {
  walletId: number | null;
  link: string | null;
  setWallet: (walletId: number | null) => void;
  setLink: (link: string | null) => void;
}

export const useLauncher = create<LauncherState>((set) => ({
  walletId: null,
  link: null,
  setWallet: (walletId) => set({ walletId }),
  setLink: (link) => set({ link }),
}));

/** Selecting a game opens the launcher on it with no wallet or link yet (docs/rules/member-site.md §4). */
export function selectGame(game: SelectedGame): void {
  useLauncher.setState({ walletId: null, link: null });
  useUi.getState().set({ selectedGame: game });
}

/** Closing clears the link, the wallet and the selected game (docs/rules/member-site.md §4). */
export function closeGame(): void {
  useLauncher.setState({ walletId: null, link: null });
  useUi.getState().set({ selectedGame: null });
}
