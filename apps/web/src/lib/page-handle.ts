/** What a route's `handle` carries (app/routes.tsx): the page's title. */
export interface PageHandle {
  title: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The title of the innermost matched route that has one. */
export function pageTitleOf(matches: readonly { handle: unknown }[]): string | undefined {
  return matches.map((m) => m.handle).findLast(isPageHandle)?.title;
}
