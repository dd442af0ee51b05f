/**
 * The API client redirects (400 → `/`, 401 → `/login`) without importing the router, which would
 * pull every route into modules that only need to fetch.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

let pendingPathImpl: () => string | null = () => null;

/** Where an in-progress navigation is going, so a stale-chunk reload lands there. */
export function setPendingPathSource(fn: () => string | null): void {
  pendingPathImpl = fn;
}

export function pendingPath(): string | null {
  return pendingPathImpl();
}
