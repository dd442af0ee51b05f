import { create } from 'zustand';

/** The sooth page's state (spec §3 "Sooth state"): the selected room. */
interface SoothState {
  roomId: number | null;
  setRoom: (roomId: number) => void;
}

export const useSoothStore = create<SoothState>((set) => ({
  roomId: null,
  setRoom: (roomId) => set({ roomId }),
}));
