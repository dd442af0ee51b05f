/** Lets code outside React (the api client) move to a page: the router registers itself here. */
let navigate: ((to: string) => void) | null = null;

export function setNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

export function navigateTo(to: string): void {
  navigate?.(to);
}
