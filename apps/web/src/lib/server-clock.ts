import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The one server clock of the site: every countdown (lotto close times, the deposit's expiry, the
 * in-house games' betting windows) counts to the server's deadlines on the server's time, whatever
 * this device's clock says. Seeded at start-up from the payload's `server_time` (app/startup.ts),
 * then kept in step by the answers that carry the server's time, as they arrive.
 */
let offsetMs = 0;
/**
 * The instant a server-rendered page was rendered at (the payload's `server_time`): the server
 * renders with it, and the browser hydrates with it, so a countdown reads the same on both.
 */
let renderedAtMs: number | null = null;

/** Milliseconds to add to this device's clock to get the server's, from a server timestamp. */
export function syncServerClock(serverTime: string | null | undefined): void {
  if (!serverTime) return;
  const at = Date.parse(serverTime);
  if (Number.isFinite(at)) offsetMs = at - Date.now();
}

/** Sets the instant pages are rendered and hydrated at (entry-server.tsx, app/startup.ts). */
export function setRenderedAt(serverTime: string | null | undefined): void {
  const at = serverTime ? Date.parse(serverTime) : Number.NaN;
  renderedAtMs = Number.isFinite(at) ? at : null;
}

/** The server's current time, in epoch milliseconds. */
export const serverNow = (): number => Date.now() + offsetMs;

const noSubscription = () => () => {};

/**
 * True while React renders on the server or hydrates a server-rendered page (the server snapshot),
 * false in every render after.
 */
function useRenderingFromServer(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * The server's current time, re-rendering every `tickMs` (not at all when `null`). On the server and
 * while hydrating it is the render instant, so the markup matches.
 */
export function useServerNow(tickMs: number | null = 1000): number {
  const fromServer = useRenderingFromServer();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(serverNow());
    if (tickMs === null) return;
    const id = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  return fromServer && renderedAtMs !== null ? renderedAtMs : now;
}
