/**
 * The 15-minute rule of the important announcements (docs/rules/member-site.md §4): once shown,
 * their dialog stays closed for 15 minutes. The browser keeps the time in `local_data`
 * (stores/local.ts) and, for the server's render, in the `chok_notice` cookie, which lives exactly
 * those 15 minutes: a page rendered on the server without it opens the dialog in its markup
 * (entry-server.tsx), so the announcement is on screen before any script runs — except `/`, where
 * the dialog waits until the page is interactive (features/content/NotificationDialog.tsx).
 */
export const NOTIFICATION_RESHOW_MS = 15 * 60_000;

export function rememberNoticeShown(at: number): void {
  if (typeof document === 'undefined') return;
  const left = Math.round((at + NOTIFICATION_RESHOW_MS - Date.now()) / 1000);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on phones members use (Safari before 18.4)
  document.cookie = `chok_notice=${Math.round(at)}; path=/; max-age=${Math.max(0, left)}; samesite=lax${secure}`;
}
