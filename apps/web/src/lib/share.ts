import { create } from 'zustand';

/**
 * A native share picker the page runs inside, when there is one: inside LINE (the /liff pages with a
 * LIFF app) it is LINE's share-target picker, set by the LIFF page. Features that share a link
 * (the affiliate referral card) offer it beside the browser's own share sheet.
 */
export interface ShareTarget {
  /** The button's label (Thai). */
  label: string;
  /** Opens the picker with `text`; resolves false when the member closed it without sending. */
  share: (text: string) => Promise<boolean>;
}

export const useShareTarget = create<{ target: ShareTarget | null; set: (t: ShareTarget | null) => void }>(
  (set) => ({ target: null, set: (target) => set({ target }) }),
);
