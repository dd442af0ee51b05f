import { create } from 'zustand';

/** The sooth page's state (docs/rules/member-site.md §3, sooth): the selected room. */
interface SoothState {
  roomId: number | null;
  setRoom: (roomId: number) => void;
}

export const useSoothStore = create<SoothState>((set) => ({
  roomId: null,
  setRoom: (roomId) => set({ roomId }),
}));
