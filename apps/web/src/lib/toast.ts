import type { ExternalToast } from 'sonner';

/**
 * Toasts, with the same calls as sonner's `toast` (what the site uses of it), but without sonner in
 * the first script every page waits for: a toast only ever follows something the member did, so the
 * library loads in the background after start-up (app/App.tsx `Toasts`) and a toast asked for before
 * it is ready shows as soon as it is.
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

type Kind = 'message' | 'success' | 'error' | 'info';

function show(kind: Kind, message: string, options?: ExternalToast): void {
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
