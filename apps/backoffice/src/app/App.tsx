import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { ConfirmHost } from '../components/ConfirmDialog';
import { ApiError } from '../lib/api';
import { setNavigate } from '../lib/navigation';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { ForbiddenPage, NotFoundPage } from '../pages/NotFoundPage';
import { sections } from '../sections';
import type { SectionPage } from '../sections/types';
import { useSession } from '../stores/session';
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

/** Only a logged-in staff member gets past; the others go to the login screen. */
function RequireStaff() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Layout />;
}

/** A section page, for its roles only (the menu hides it from the others; the server refuses them). */
function RolePage({ page, children }: { page: SectionPage; children: ReactNode }) {
  const role = useSession((s) => s.staff?.role);
  useEffect(() => {
    document.title = `${page.label} — Chok หลังบ้าน`;
  }, [page.label]);
  if (!role || !page.roles.includes(role)) return <ForbiddenPage />;
  return <>{children}</>;
}

function sectionRoutes() {
  return sections.flatMap((s) =>
    s.pages.map((page) => {
      const Page = lazy(page.load);
      return {
        path: page.path,
        element: (
          <RolePage page={page}>
            <Page />
          </RolePage>
        ),
      };
    }),
  );
}

export function createRouter() {
  const router = createBrowserRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireStaff />,
        children: [
          { index: true, element: <HomePage /> },
          ...sectionRoutes(),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: '/backoffice' },
  );
  setNavigate((to) => void router.navigate(to));
  return router;
}

function ThemeRoot({ children }: { children: ReactNode }) {
  const theme = useTheme((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return <>{children}</>;
}

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createRouter>;
  queryClient: QueryClient;
}) {
  const theme = useTheme((s) => s.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeRoot>
        <RouterProvider router={router} />
        <ConfirmHost />
        <Toaster position="top-right" theme={theme} richColors closeButton />
      </ThemeRoot>
    </QueryClientProvider>
  );
}
