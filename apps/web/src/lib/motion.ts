/**
 * Whether the member asked their device for less motion (`prefers-reduced-motion: reduce`): nothing
 * then moves by itself, and what moves on request (a spin, a scroll) goes there at once.
 */
export const prefersReducedMotion = (): boolean =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** `behavior` for scrollTo / scrollIntoView: smooth, unless the member asked for less motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');
