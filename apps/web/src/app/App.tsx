import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api';
import { setNavigator, setPendingPathSource } from '../lib/navigation';
import { loadSonner, toasterMounted, useToasterWanted } from '../lib/toast';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Refusals and auth failures are answers, not network hiccups.
        retry: (count, err) => !(err instanceof ApiError && err.status !== 0) && count < 2,
      },
    },
  });
}

/**
 * Gives the history entry of a page loaded afresh (typed, bookmarked, linked from elsewhere) a key
 * of its own. React Router keeps scroll positions per entry key and names an entry without one
 * "default": every page loaded afresh would share that key, and one would open at the position
 * another was left at. A reload keeps the entry's state, so it keeps its key (and its position).
 */
function keyHistoryEntry(): void {
  const state = window.history.state as { key?: unknown } | null;
  if (typeof state?.key === 'string') return;
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  window.history.replaceState({ ...state, key }, '');
}

/**
 * The router, created once the start-up payload is applied (`boot`). Creating it starts loading
 * the current route's page code, so that download runs beside the first render.
 * `serverRendered`: the page came rendered from the server (main.tsx). Its routes load no data, so
 * the (empty) hydration data changes nothing but this: the scroll restoration leaves the first
 * page where it is, as a member may have scrolled it before the scripts ran, instead of putting it
 * back at its top.
 */
export function createAppRouter({ serverRendered = false } = {}): AppRouter {
  keyHistoryEntry();
  const r = createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined);
  setNavigator((to) => void r.navigate(to, { replace: to === '/login' }));
  setPendingPathSource(() => {
    const to = r.state.navigation.location;
    return to ? to.pathname + to.search : null;
  });
  return r;
}

/**
 * The toaster (sonner), loaded after start-up (lib/toast.ts). Its region's name is Thai, and it has
 * no keyboard shortcut: sonner would name the region after the shortcut's keys ("alt+T").
 */
const LazyToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  return {
    default: function Toasts() {
      // Effects run child first: sonner listens for toasts before this says it is there.
      useEffect(toasterMounted, []);
      return (
        <Toaster
          theme="dark"
          position="top-center"
          richColors
          closeButton={false}
          duration={3000}
          hotkey={[]}
          containerAriaLabel="การแจ้งเตือน"
        />
      );
    },
  };
});

/** The toaster, in the browser only and once a toast is asked for (the server renders none). */
function Toaster() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

/** What wraps the router, in the browser and on the server (entry-server.tsx) alike. */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
