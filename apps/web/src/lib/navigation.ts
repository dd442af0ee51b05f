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
