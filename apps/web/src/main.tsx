import '@fontsource/kanit/thai-300.css';
import '@fontsource/kanit/thai-400.css';
import '@fontsource/kanit/thai-500.css';
// Kanit's Latin letters, cut to what the site prints (scripts/fonts.ts); after the Thai files, so a
// Latin character finds them first.
import './styles/fonts/kanit-latin.css';
import './styles/global.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App, createAppRouter, makeQueryClient } from './app/App';
import { prepareHydration, routes } from './app/routes';
import { boot, readJsonScript } from './app/startup';
import { useUi } from './stores/ui';

/** What a server-rendered page carries for hydration (entry-server.tsx). */
interface ServerData {
  queries: DehydratedState;
  /** The server's render opened the important announcements (entry-server.tsx). */
  notice?: boolean;
}

function renderFresh(container: HTMLElement): void {
  // The router first: creating it starts loading the route's page code at once.
  const router = createAppRouter();
  const queryClient = makeQueryClient();
  const root = createRoot(container);
  // As a transition React renders the first screen in short slices, not one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

/**
 * A server-rendered page: its data into the query cache and the page route's code as a lazy
 * component (app/routes.tsx), then React hydrates the server's markup as it is.
 */
function hydrateServerPage(container: HTMLElement, data: ServerData): void {
  const queryClient = makeQueryClient();
  hydrate(queryClient, data.queries);
  if (data.notice) useUi.render({ notificationOpen: true, noticeFromServer: true });
  prepareHydration(matchRoutes(routes, window.location) ?? []);
  const router = createAppRouter({ serverRendered: true });
  // As a transition React hydrates in short slices, yielding to the browser between them, instead
  // of one long task that holds up a tap on a slow phone (docs/benchmarks.md, the member site).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

// The persisted stores and the start-up payload first, then the router.
boot();
const container = document.getElementById('root')!;
const serverData = readJsonScript<ServerData>('chok-ssr');
if (serverData && container.firstElementChild) {
  hydrateServerPage(container, serverData);
} else {
  renderFresh(container);
}
