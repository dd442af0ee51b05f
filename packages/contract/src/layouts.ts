/**
 * The member site's routes (spec §2) and the layout each renders in: one table for both sides. The
 * server names the layout in the start-up payload of every HTML answer; the web app builds its
 * router from the same table and paints the layout's frame before the page's code has loaded.
 * Plain data and one function (no zod), so the web bundle can import it.
 */

/** The eight layouts of spec §2. */
export const layoutNames = [
  'default',
  'auth',
  'game',
  'iframe',
  'liff',
  'lobby',
  'no-auth',
  'payment',
] as const;
export type LayoutName = (typeof layoutNames)[number];

/**
 * Every client route in React Router path syntax (`:name` a segment, `:name?` an optional last
 * one) with its layout. Default and auth carry the full chrome (auth pages need a login); no-auth
 * pages are for visitors; payment, game and iframe are bare wrappers.
 */
export const memberRoutes = {
  '/': 'default',
  '/lotto/lobby': 'default',
  '/lotto/rates': 'default',
  '/lotto/results': 'default',
  '/lotto/:round_id?': 'default',
  '/poll/:id?': 'default',
  '/fair': 'default',
  '/affiliate': 'auth',
  '/cashback': 'auth',
  '/checkin': 'auth',
  '/promotions': 'auth',
  '/redeem': 'auth',
  '/sooth': 'auth',
  '/winloss': 'auth',
  '/lotto/bills': 'auth',
  '/member/coupon': 'auth',
  '/member/creditfree': 'auth',
  '/member/deposit': 'auth',
  '/member/withdraw': 'auth',
  '/member/promotions': 'auth',
  '/member/wheel': 'auth',
  '/member/winloss': 'auth',
  '/member/profile': 'auth',
  '/member/statement': 'auth',
  '/login': 'no-auth',
  '/register': 'no-auth',
  '/forgot': 'no-auth',
  '/login_box': 'iframe',
  '/register_box': 'iframe',
  '/member/payment': 'payment',
  '/play/:game?': 'game',
  '/lobby/:name?': 'lobby',
  '/liff/:name?': 'liff',
} as const satisfies Record<string, LayoutName>;

export type MemberRoute = keyof typeof memberRoutes;

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

/** How a route pattern matches a path: exactly (all static segments) ranks above through a parameter. */
function matchRank(pattern: string, path: string[]): number | null {
  const parts = segmentsOf(pattern);
  let params = 0;
  for (let i = 0; i < Math.max(parts.length, path.length); i++) {
    const part = parts[i];
    const seg = path[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      if (seg === undefined) {
        if (part.endsWith('?') && i === parts.length - 1) return params;
        return null;
      }
      params += 1;
    } else if (seg === undefined || part.toLowerCase() !== seg.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * The route a path matches (React Router's ranking: static segments before parameters, case
 * insensitive, trailing slash ignored), or null for an unknown path.
 */
export function routeOf(pathname: string): MemberRoute | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const path = segmentsOf(decoded);
  let best: { route: MemberRoute; params: number } | null = null;
  for (const route of Object.keys(memberRoutes) as MemberRoute[]) {
    const params = matchRank(route, path);
    if (params !== null && (best === null || params < best.params)) best = { route, params };
  }
  return best?.route ?? null;
}

/** The layout a path renders in; an unknown path (the 404 page) counts as the default layout. */
export function layoutOf(pathname: string): LayoutName {
  const route = routeOf(pathname);
  return route === null ? 'default' : memberRoutes[route];
}
