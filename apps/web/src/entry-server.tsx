/**
 * The member site rendered on the server (docs/rules/member-site.md §4 "start-up"): built by
 * `vite build --ssr` into dist/server/ and called by the server for every HTML answer
 * (apps/server/src/platform/member-site.ts).
 * The public pages (app/server-rendered.ts) come back as markup with their data, so a member sees
 * content before any script runs, and the browser hydrates it (main.tsx); a failed route comes back
 * as the error page; any other route answers null and renders in the browser after its guard.
 */
import { matchPage } from '@chok/contract/layouts';
import type { ServerRenderInput, ServerRenderOutput } from '@chok/contract/startup';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShell } from './app/App';
import { routes } from './app/routes';
import { serverRendered } from './app/server-rendered';
import { applyStartup, type Payload } from './app/startup';
import { contentQueries } from './features/content/api';
import { setFetch } from './lib/api';
import { pageTitleOf } from './lib/page-handle';
import type { Notification } from './stores/local';
import { useUi } from './stores/ui';

const handler = createStaticHandler(routes);

export async function render({
  url,
  payload,
  fetch,
  noticeSeen,
}: ServerRenderInput): Promise<ServerRenderOutput | null> {
  const location = new URL(url, 'http://localhost');
  const match = matchPage(location.pathname);
  const page = match && !payload.error ? serverRendered[match.route] : undefined;
  if (!page && !payload.error) return null;

  const startup = payload as Payload;
  setFetch(fetch);
  applyStartup(startup, location.pathname);
  // On the server a query is fetched once and never again: no retries, no refetch timers.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const agentCode = startup.agent?.agent_code;
  if (page && agentCode) {
    await Promise.all(page.prefetch(queryClient, location, agentCode));
    // What failed is rendered as still loading, as the browser does until it fetches it itself.
    queryClient.removeQueries({ predicate: (q) => q.state.status !== 'success' });
  }

  const context = await handler.query(new Request(location.href));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // One synchronous render straight after setting the stores' rendered state (stores/rendered.ts):
  // no other request's render runs in between.
  applyStartup(startup, location.pathname);
  // The important announcements open with the page when the visitor has not seen them within 15
  // minutes (lib/notice.ts): their dialog is then the first thing on screen, before any script. Not
  // on the home page: a visitor's first sight of the site is the site itself, and there the dialog
  // opens in the browser once the page is interactive (features/content/NotificationDialog.tsx).
  const notices = agentCode
    ? queryClient.getQueryData<Notification[]>(contentQueries.notifications(agentCode).queryKey)
    : undefined;
  const notice =
    page !== undefined && match?.route !== '/' && !noticeSeen && (notices ?? []).some((n) => n.type === 1);
  useUi.render({ notificationOpen: notice, noticeFromServer: notice });
  const html = renderToString(
    <StrictMode>
      <AppShell queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
  const site = startup.agent?.name ?? 'Chok';
  const title = page ? pageTitleOf(context.matches.map((m) => ({ handle: m.route.handle }))) : undefined;
  return {
    html,
    title: title ? `${title} | ${site}` : site,
    modules: page ? [page.source] : [],
    data: { queries: dehydrate(queryClient), notice },
  };
}
