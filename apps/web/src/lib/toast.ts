import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts, with the same calls as sonner's `toast` (what the site uses of it), but without sonner in
 * the start-up of any page: a toast only ever follows something the member did, so the library (its
 * code and the styles it injects) loads when the first toast is asked for (app/App.tsx `Toaster`),
 * and that toast shows as soon as the toaster is on the page.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
/** The library, loaded once. */
export const loadSonner = (): Promise<Sonner> => {
  sonner ??= import('sonner');
  return sonner;
};

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
/** Called by the toaster when it is on the page: toasts sent before then would go nowhere. */
export const toasterMounted = (): void => markMounted();

let wanted = false;
const wantedListeners = new Set<() => void>();
/** Whether a toast was asked for yet: the toaster is put on the page from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

type Kind = 'message' | 'success' | 'error' | 'info';

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  void Promise.all([loadSonner(), mounted]).then(([{ toast: sonnerToast }]) => {
    if (kind === 'message') sonnerToast(message, options);
    else sonnerToast[kind](message, options);
  });
}

export const toast = Object.assign(
  (message: string, options?: ExternalToast) => show('message', message, options),
  {
    success: (message: string, options?: ExternalToast) => show('success', message, options),
    error: (message: string, options?: ExternalToast) => show('error', message, options),
    info: (message: string, options?: ExternalToast) => show('info', message, options),
  },
);
