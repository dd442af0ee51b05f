/**
 * What the console loads once a staff member is signed in, as a chunk of its own (App.tsx loads it
 * lazily): the query client and its cache, the frame (Layout: header counters, menu, idle logout),
 * the confirm dialog and the toasts. The login screen needs none of it, so a browser that has not
 * logged in downloads and runs only the entry: React, the router, the login form and the route table
 * (apps/backoffice/README.md "First screens"; its bundle budget: scripts/bundle-report.mjs and
 * apps/server/test/backoffice.test.ts). The section pages stay chunks of their own below the frame.
 */
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ConfirmHost } from '../components/ConfirmDialog';
import { ApiError } from '../lib/api';
import { useTheme } from '../stores/theme';
import { Layout } from './Layout';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    // A read that failed keeps its message on the page (tables show it); a lost session was handled.
    queryCache: new QueryCache({}),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

/** One cache for the tab's life, across log-outs and logins, as when it was made at start-up. */
const queryClient = makeQueryClient();

/** The signed-in console: the frame with the page of the route below it, and the confirm dialog. */
export default function StaffShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Layout />
      <ConfirmHost />
    </QueryClientProvider>
  );
}

/**
 * The toasts (sonner). App.tsx keeps them on the page from the first sign-in on, so a message sent
 * while logging out (the idle log-out's) still shows on the login screen. The region's name is Thai
 * and it has no keyboard shortcut: sonner would name the region after the shortcut's keys ("alt+T").
 */
export function Toasts() {
  const theme = useTheme((s) => s.theme);
  return (
    <Toaster
      position="top-right"
      theme={theme}
      richColors
      closeButton
      hotkey={[]}
      containerAriaLabel="การแจ้งเตือน"
    />
  );
}
