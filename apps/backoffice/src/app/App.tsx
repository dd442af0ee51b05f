import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { setNavigate } from '../lib/navigation';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { ForbiddenPage, NotFoundPage } from '../pages/NotFoundPage';
import { sections } from '../sections';
import type { SectionPage } from '../sections/types';
import { useSession } from '../stores/session';
import { useTheme } from '../stores/theme';
import { loadStaffShell } from './staff-shell';

/** The signed-in console (StaffShell.tsx: the frame, the query cache, the confirm dialog, the toasts). */
const StaffShell = lazy(loadStaffShell);
const Toasts = lazy(() => loadStaffShell().then((m) => ({ default: m.Toasts })));

/** Only a logged-in staff member gets past; the others go to the login screen. */
function RequireStaff() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<p className="loading">กำลังโหลด…</p>}>
      <StaffShell />
    </Suspense>
  );
}

/** The toasts, on the page from the first sign-in of the tab on (none before: the login screen has none). */
function StaffToasts() {
  const signedIn = useSession((s) => s.token !== null);
  const [shown, setShown] = useState(signedIn);
  if (signedIn && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
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

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <ThemeRoot>
      <RouterProvider router={router} />
      <StaffToasts />
    </ThemeRoot>
  );
}
