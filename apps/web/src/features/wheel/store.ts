import { create } from 'zustand';
import type { WheelSpin } from './api';

/**
 * The wheel's screen state (docs/rules/member-site.md §3 "Wheel", §4): a spin stores the returned
 * prize; the point tab's action sets tab to 2. Server data (config, board, free spins) lives in the
 * query cache.
 */
interface WheelState {
  /** 1: the wheel, 2: points. */
  tab: 1 | 2;
  /** The last spin's answer, until its prize dialog closes. */
  prize: WheelSpin | null;
  setTab: (tab: 1 | 2) => void;
  setPrize: (prize: WheelSpin | null) => void;
}

export const useWheelStore = create<WheelState>((set) => ({
  tab: 1,
  prize: null,
  setTab: (tab) => set({ tab }),
  setPrize: (prize) => set({ prize }),
}));
