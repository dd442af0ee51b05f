import { useCallback, useState } from 'react';
import { errorMessage } from './api';
import { useMinimumPending } from './pending';
import { toast } from './toast';

export interface Action {
  /** True while the work runs, held at least 200 ms once shown (docs/rules/member-site.md §9.9). */
  pending: boolean;
  /**
   * Runs `work` as the member's one action of this form or button: pending until it ends, a failure
   * handed to `onError` (the form's field errors, a toast, a message on the form), never thrown.
   */
  run: (work: () => Promise<void>, onError: (err: unknown) => void) => Promise<void>;
}

/**
 * The pending state of what a member starts with a form's submit or a button (a login, a claim, a
 * saved setting): one hook instead of a busy flag, a minimum-pending hold and a try/finally in
 * every form. What the work does on success and how its error shows stay with the caller.
 */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const pending = useMinimumPending(busy);
  const run = useCallback(async (work: () => Promise<void>, onError: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }, []);
  return { pending, run };
}

/** An action's failure as a toast: the envelope's Thai message (docs/rules/member-site.md §9.2). */
export function toastError(err: unknown): void {
  toast.error(errorMessage(err), { duration: 3000 });
}
