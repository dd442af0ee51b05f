import { useServerNow } from '../../lib/server-clock';

/** Seconds left until `expiresAt`, on the server's clock (lib/server-clock.ts). */
export function useSecondsLeft(expiresAt: string | null): number {
  const now = useServerNow(expiresAt ? 1000 : null);
  return expiresAt ? Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000)) : 0;
}

export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
