import { useEffect, useState } from 'react';

/** Seconds left until `expiresAt`, on the server's clock (offset from the answer's server_time). */
export function useSecondsLeft(expiresAt: string | null, serverTime: string | null): number {
  const [offset] = useState(() => (serverTime ? new Date(serverTime).getTime() - Date.now() : 0));
  const compute = () =>
    expiresAt ? Math.max(0, Math.floor((new Date(expiresAt).getTime() - (Date.now() + offset)) / 1000)) : 0;
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed from the same inputs each tick
  useEffect(() => {
    setLeft(compute());
    if (!expiresAt) return;
    const timer = window.setInterval(() => setLeft(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt, offset]);
  return left;
}

export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
