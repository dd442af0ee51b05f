import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** docs/rules/member-site.md §9: the shortest a pending state shows (the fetch minimum delay). */
export const MIN_PENDING_MS = 200;

/**
 * `pending`, held true for at least 200 ms once it has turned true, so an answer that comes back
 * quickly does not flash a spinner or a loading text for a frame or two.
 */
export function useMinimumPending(pending: boolean, ms: number = MIN_PENDING_MS): boolean {
  const since = useRef<number | null>(null);
  const [held, setHeld] = useState(false);

  useLayoutEffect(() => {
    if (pending && since.current === null) {
      since.current = performance.now();
      setHeld(true);
    }
  }, [pending]);

  useEffect(() => {
    if (pending || since.current === null) return;
    const release = () => {
      since.current = null;
      setHeld(false);
    };
    const left = since.current + ms - performance.now();
    if (left <= 0) {
      release();
      return;
    }
    const timer = window.setTimeout(release, left);
    return () => window.clearTimeout(timer);
  }, [pending, ms]);

  return pending || held;
}
