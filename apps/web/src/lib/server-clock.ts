import { useEffect, useState } from 'react';

/**
 * The one server clock of the site: every countdown (lotto close times, the deposit's expiry, the
 * in-house games' betting windows) counts to the server's deadlines on the server's time, whatever
 * this device's clock says. Seeded at start-up from the payload's `server_time` (app/startup.ts),
 * then kept in step by the answers that carry the server's time, as they arrive.
 */
let offsetMs = 0;

/** Milliseconds to add to this device's clock to get the server's, from a server timestamp. */
export function syncServerClock(serverTime: string | null | undefined): void {
  if (!serverTime) return;
  const at = Date.parse(serverTime);
  if (Number.isFinite(at)) offsetMs = at - Date.now();
}

/** The server's current time, in epoch milliseconds. */
export const serverNow = (): number => Date.now() + offsetMs;

/** The server's current time, re-rendering every `tickMs` (not at all when `null`). */
export function useServerNow(tickMs: number | null = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    if (tickMs === null) return;
    const id = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  return now;
}
