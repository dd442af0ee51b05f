import { create } from 'zustand';

/** How many API requests are in flight, for the top progress bar. */
interface ProgressState {
  requests: number;
  start: () => void;
  done: () => void;
}

export const useProgress = create<ProgressState>((set) => ({
  requests: 0,
  start: () => set((s) => ({ requests: s.requests + 1 })),
  done: () => set((s) => ({ requests: Math.max(0, s.requests - 1) })),
}));
