import { useEffect, useLayoutEffect, useState } from 'react';

/** docs/rules/member-site.md §9: the shortest a pending state shows (the fetch minimum delay). */
export const MIN_PENDING_MS = 200;

/**
 * The clock behind `useMinimumPending`, apart from React so that it can be tested on its own: told
 * after each render whether a pending view is on screen (`update`), it reports through `onHeld`
 * when the view must stay (`true`, the moment it first shows) and when it may go (`false`, once
 * the work is done and `ms` have passed since it showed). A view that never showed is never held.
 */
export class PendingHold {
  #since: number | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onHeld: (held: boolean) => void,
    private readonly ms: number = MIN_PENDING_MS,
  ) {}

  /** The pending flag as last rendered. */
  update(pending: boolean): void {
    if (pending) {
      // Pending again before the hold ran out: the same view stays, from when it first showed.
      this.#cancel();
      if (this.#since === null) {
        this.#since = performance.now();
        this.onHeld(true);
      }
      return;
    }
    if (this.#since === null || this.#timer !== undefined) return;
    const left = this.#since + this.ms - performance.now();
    if (left <= 0) this.#release();
    else this.#timer = setTimeout(() => this.#release(), left);
  }

  /** Stops a running timer (the component unmounts); a later `update` starts it again. */
  dispose(): void {
    this.#cancel();
  }

  #cancel(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #release(): void {
    this.#timer = undefined;
    this.#since = null;
    this.onHeld(false);
  }
}

/**
 * `pending`, held true for at least 200 ms once it has turned true, so an answer that comes back
 * quickly does not flash a spinner or a loading text for a frame or two. A state that is not
 * pending when it first renders (a cached answer) is returned as it is, at once. On the server no
 * effect runs, so it is `pending` itself and no timer starts. `ms` is read on the first render.
 */
export function useMinimumPending(pending: boolean, ms: number = MIN_PENDING_MS): boolean {
  const [held, setHeld] = useState(false);
  const [hold] = useState(() => new PendingHold(setHeld, ms));

  useLayoutEffect(() => {
    hold.update(pending);
  }, [hold, pending]);

  useEffect(() => () => hold.dispose(), [hold]);

  return pending || held;
}
