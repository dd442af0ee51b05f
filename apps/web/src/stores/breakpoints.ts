import { createRenderedStore } from './rendered';

/**
 * The logic breakpoints of docs/rules/member-site.md §9, in CSS pixels: each `…Down` is the widest
 * width of its band, each `…Up` the narrowest width above it. (The stylesheet's layout breakpoints,
 * 600/960/1280/1904, are in global.css.)
 */
export const BREAKPOINTS = {
  xsDown: 599,
  xsUp: 600,
  smDown: 959,
  smUp: 960,
  mdDown: 1279,
  mdUp: 1280,
  lgDown: 1919,
  lgUp: 1920,
} as const;

export type BreakpointName = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface Breakpoint {
  name: BreakpointName;
  /**
   * A phone or small tablet (xs or sm): the game link asks for the mobile client
   * (docs/rules/member-site.md §7 `is_mobile`).
   */
  isMobile: boolean;
  /** smUp and wider: the header's login and register open as dialogs instead of pages. */
  isDesktop: boolean;
}

/** The band a viewport width falls in. */
export function breakpointOf(width: number): Breakpoint {
  const name: BreakpointName =
    width <= BREAKPOINTS.xsDown
      ? 'xs'
      : width <= BREAKPOINTS.smDown
        ? 'sm'
        : width <= BREAKPOINTS.mdDown
          ? 'md'
          : width <= BREAKPOINTS.lgDown
            ? 'lg'
            : 'xl';
  return { name, isMobile: width <= BREAKPOINTS.smDown, isDesktop: width >= BREAKPOINTS.smUp };
}

/**
 * The viewport's breakpoint. A page rendered on the server (which does not know the screen)
 * renders and hydrates as `md`; `watchBreakpoints` (app/startup.ts) then sets the real one and keeps
 * it as the window changes. What a phone must see without JavaScript is laid out by the stylesheet;
 * this store decides what the code does (the header's dialogs, `is_mobile`, the drawer).
 */
export const useBreakpoints = createRenderedStore<Breakpoint>(() => breakpointOf(BREAKPOINTS.smUp));

/**
 * Follows the viewport across these boundaries; returns the unsubscribe. The band comes from
 * the media queries (the widest width of the first band that matches), not from
 * `window.innerWidth`: reading the width makes the browser lay the whole page out at once, in the
 * middle of starting up, where a phone can least afford it.
 */
export function watchBreakpoints(): () => void {
  const widest = [BREAKPOINTS.xsDown, BREAKPOINTS.smDown, BREAKPOINTS.mdDown, BREAKPOINTS.lgDown];
  const queries = widest.map((px) => window.matchMedia(`(max-width: ${px}px)`));
  const update = () => {
    const band = queries.findIndex((q) => q.matches);
    useBreakpoints.setState(breakpointOf(band === -1 ? BREAKPOINTS.lgUp : widest[band]!));
  };
  update();
  for (const q of queries) q.addEventListener('change', update);
  return () => {
    for (const q of queries) q.removeEventListener('change', update);
  };
}
