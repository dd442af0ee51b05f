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

/** setTimeout's longest delay (about 24.8 days): a later deadline is looked at again then. */
const TIMEOUT_MAX_MS = 2_147_483_647;

/**
 * Whether the server's time is still before `atMs`, re-rendering once when it passes rather than on
 * every tick: a card that only changes when its round closes need not render each second (its
 * countdown, a child with `useServerNow`, does). Like `useServerNow`, the render instant while the
 * page is rendered on the server or hydrates.
 */
export function useServerBefore(atMs: number): boolean {
  const fromServer = useRenderingFromServer();
  const [, passed] = useState(0);
  useEffect(() => {
    const left = atMs - serverNow();
    if (!(left >= 0)) return;
    const id = setTimeout(() => passed((n) => n + 1), Math.min(left + 1, TIMEOUT_MAX_MS));
    return () => clearTimeout(id);
  }, [atMs]);
  const now = fromServer && renderedAtMs !== null ? renderedAtMs : serverNow();
  return now < atMs;
}
