import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export const PAGE_VIEW_DELAY_MS = 250;

/** Pushes a page view to `window.dataLayer` 250 ms after each route change (docs/rules/member-site.md §4). */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      window.dataLayer ??= [];
      window.dataLayer.push({
        event: 'page_view',
        page_path: pathname + search,
        page_location: window.location.href,
        page_title: document.title,
      });
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
