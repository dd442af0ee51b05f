/**
 * The member site's routes (docs/rules/member-site.md §2) and the layout each renders in: one table
 * for both sides. The server names the layout in the start-up payload of every HTML answer; the web
 * app builds its router from the same table and paints the layout's frame before the page's code has
 * loaded. Plain data and one function (no zod), so the web bundle can import it.
 */

/** The eight layouts of docs/rules/member-site.md §2. */
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
  // The promotions and their rules are for everyone (a visitor's card says to log in to take one).
  '/promotions': 'default',
  '/affiliate': 'auth',
  '/cashback': 'auth',
  '/checkin': 'auth',
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
  // Player protection (docs/rules/protection.md): an addition to docs/rules/member-site.md §2, linked
  // from the profile.
  '/member/protection': 'auth',
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

/** A route matched to a path: the route and its parameters (an optional one left out is absent). */
export interface PageMatch {
  route: MemberRoute;
  params: Record<string, string>;
}

/**
 * How a route pattern matches a path: its parameters and how many there are (exactly, all static
 * segments, ranks above through a parameter), or null.
 */
function matchPattern(
  pattern: string,
  path: string[],
): { params: Record<string, string>; count: number } | null {
  const parts = segmentsOf(pattern);
  const params: Record<string, string> = {};
  let count = 0;
  for (let i = 0; i < Math.max(parts.length, path.length); i++) {
    const part = parts[i];
    const seg = path[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      if (seg === undefined) {
        if (part.endsWith('?') && i === parts.length - 1) return { params, count };
        return null;
      }
      params[part.slice(1).replace(/\?$/, '')] = seg;
      count += 1;
    } else if (seg === undefined || part.toLowerCase() !== seg.toLowerCase()) {
      return null;
    }
  }
  return { params, count };
}

/**
 * The route a path matches with its parameters (React Router's ranking: static segments before
 * parameters, case insensitive, trailing slash ignored), or null for an unknown path.
 */
export function matchPage(pathname: string): PageMatch | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const path = segmentsOf(decoded);
  let best: (PageMatch & { count: number }) | null = null;
  for (const route of Object.keys(memberRoutes) as MemberRoute[]) {
    const m = matchPattern(route, path);
    if (m !== null && (best === null || m.count < best.count)) best = { route, ...m };
  }
  return best && { route: best.route, params: best.params };
}

/** The route a path matches, or null for an unknown path. */
export function routeOf(pathname: string): MemberRoute | null {
  return matchPage(pathname)?.route ?? null;
}

/** The layout a path renders in; an unknown path (the 404 page) counts as the default layout. */
export function layoutOf(pathname: string): LayoutName {
  const route = routeOf(pathname);
  return route === null ? 'default' : memberRoutes[route];
}

/** A lottery round id as the API takes it (a positive 32-bit integer), or null. */
export function roundIdOf(param: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Page validation (docs/rules/member-site.md §8: a page validation failure shows the 404 page): the
 * routes whose parameters must have a shape before the page is worth rendering.
 */
const paramChecks: Partial<Record<MemberRoute, (params: Record<string, string>) => boolean>> = {
  '/lotto/:round_id?': ({ round_id }) => round_id === undefined || roundIdOf(round_id) !== null,
};

/** 404 for an unknown path or one whose parameters fail the page's validation; otherwise 200. */
export function pageStatus(pathname: string): 200 | 404 {
  const page = matchPage(pathname);
  if (page === null) return 404;
  return (paramChecks[page.route]?.(page.params) ?? true) ? 200 : 404;
}

/**
 * The error page's heading (docs/rules/member-site.md §2: "Not Found" for 404; otherwise the Thai for
 * "an error occurred").
 */
export function errorPageText(status: number): string {
  return status === 404 ? 'Not Found' : 'เกิดข้อผิดพลาด';
}
