import { type LayoutName, matchPage, memberRoutes } from '@chok/contract/layouts';

/**
 * The layouts whose pages only a member may open: the login check runs on them (app/routes.tsx,
 * docs/rules/member-site.md §6).
 */
const LOGIN_LAYOUTS: ReadonlySet<LayoutName> = new Set(['auth', 'payment']);

/** The query parameter of `/` that names the member page a visitor asked for. */
export const NEXT_PARAM = 'next';

const BASE = 'https://chok.invalid';

/**
 * The member page a visitor asked for, as `/` carries it while they log in, or null. Only a path of
 * this site that a member-only route matches passes (its path and query); another site (`//host`,
 * `https://…`, a backslash or a control character that a browser reads as one), a visitor page or an
 * unknown path is null, so the login never sends anyone elsewhere.
 */
export function memberPageOf(raw: string | null): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!raw || raw.length > 512 || !raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const match = matchPage(url.pathname);
  if (!match || !LOGIN_LAYOUTS.has(memberRoutes[match.route])) return null;
  return url.pathname + url.search;
}

/** Where the login check sends a visitor who asked for `path`: `/`, carrying the page when it is one. */
export function loginPathFor(path: string): string {
  const page = memberPageOf(path);
  return page ? `/?${NEXT_PARAM}=${encodeURIComponent(page)}` : '/';
}
