import { type ReactNode, Suspense, useContext, useEffect, useMemo, useRef } from 'react';
import { Outlet, UNSAFE_DataRouterStateContext, useLocation, useNavigate } from 'react-router';
import { ChatButton } from '../components/ChatButton';
import { FloatingToggle } from '../components/FloatingToggle';
import { Footer } from '../components/Footer';
import { LoginToContinue } from '../features/auth/LoginToContinue';
import { EventCorner } from '../features/content/EventCorner';
import { NotificationDialog } from '../features/content/NotificationDialog';
import { GameLauncher } from '../features/games/GameLauncher';
import { RealityCheck } from '../features/protection/RealityCheck';
import { loginPathFor } from '../lib/next-page';
import { useLocalData } from '../stores/local';
import { useSessionData } from '../stores/session';
import { type LayoutName, useUi } from '../stores/ui';
import { Header } from './Header';
import { PageTitle } from './PageTitle';

interface Props {
  name: LayoutName;
  /**
   * `login`: member pages, sends a visitor to /; `member`: visitor pages, sends a member to /
   * (docs/rules/member-site.md §6).
   */
  check?: 'login' | 'member';
}

function useLayoutName(name: LayoutName): LayoutName {
  const { pathname } = useLocation();
  const override = useUi((s) => (s.startupPath === pathname ? s.startupLayout : null));
  return override ?? name;
}

/**
 * True when the page may render. A layout without a check renders its page at once (on the server
 * too); one with a check waits for the stored user data, then runs it (docs/rules/member-site.md
 * §4, §6).
 */
function useLayoutCheck(check: Props['check']): boolean {
  const hydrated = useUi((s) => s.hydrated);
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refused = hydrated && ((check === 'login' && !isLoggedIn) || (check === 'member' && isLoggedIn));
  const allowed = check === undefined || (hydrated && !refused);
  // Whether this layout has shown a page: a member who logs out (or is logged out) on one is
  // simply sent home, not asked to log in again.
  const shown = useRef(false);
  useEffect(() => {
    if (allowed) shown.current = true;
    if (!refused) return;
    // A visitor who asked for a member page goes to / carrying it: / opens the login dialog and,
    // once logged in, goes on to it (features/auth/LoginToContinue.tsx).
    const carry = check === 'login' && !shown.current;
    navigate(carry ? loginPathFor(pathname + search) : '/', { replace: true });
  }, [allowed, refused, check, pathname, search, navigate]);
  return allowed;
}

const PendingPage = () => <main id="main" className="page-pending" aria-busy="true" />;

/**
 * Says the page's own content is on screen and interactive: inside the page's Suspense boundary, its
 * effect runs when that boundary commits (after hydration, on a page rendered on the server).
 */
function PageShown() {
  useEffect(() => {
    if (!useUi.getState().pageShown) useUi.getState().set({ pageShown: true });
  }, []);
  return null;
}

function Page() {
  const { pathname } = useLocation();
  // Hydrating a server-rendered page, the page's code may still be on its way (app/routes.tsx):
  // React keeps the server's markup inside this boundary until it arrives. The element is made once,
  // so the layout re-rendering with the stored data right after hydration is no update to the
  // boundary (which would drop that markup and show the empty fallback until the code came).
  const outlet = useMemo(
    () => (
      <Suspense fallback={null}>
        <Outlet />
        <PageShown />
      </Suspense>
    ),
    [],
  );
  // On the first visit the layout renders at once and the page's code is still loading (the
  // router's `initialized` is false until it has): the page shows as pending meanwhile.
  const loading = useContext(UNSAFE_DataRouterStateContext)?.initialized === false;
  // The page the site opened on shows at once: rendered on the server it is there before any script
  // runs, and a fade from transparent would hide it from the first paint (and from the browser's
  // largest-paint measure, which never counts what it first painted transparent). The pages reached
  // from it fade in.
  const opened = useUi((s) => s.startupPath === pathname);
  if (loading) return <PendingPage />;
  return (
    <main id="main" className={opened ? undefined : 'page-fade'} key={pathname}>
      <PageTitle />
      {outlet}
      <GameLauncher />
    </main>
  );
}

/**
 * A layout's frame around `page`, with its dialogs and floating buttons. The page keeps clear of
 * the fixed elements (header, bottom bar, floating buttons) by the room the stylesheet reserves for
 * them (docs/rules/member-site.md §10); the member can tuck the floating buttons away.
 */
function LayoutFrame({ layout, page }: { layout: LayoutName; page: ReactNode }) {
  const { pathname } = useLocation();
  const tucked = useSessionData((s) => s.fabsTucked) ? ' shell--fabs-tucked' : '';
  switch (layout) {
    case 'default':
    case 'auth':
      return (
        // Lotto pages hide the floating buttons on phones (global.css): they covered the keypad.
        <div className={`shell${tucked}${pathname.startsWith('/lotto') ? ' shell--lotto' : ''}`}>
          <Header announcements />
          {page}
          <Footer />
          <NotificationDialog />
          <LoginToContinue />
          <EventCorner />
          <ChatButton />
          <FloatingToggle />
          <RealityCheck />
        </div>
      );
    case 'no-auth':
      return (
        <div className={`shell${tucked}`}>
          <Header />
          {page}
          <Footer />
          <ChatButton />
          <FloatingToggle />
        </div>
      );
    case 'lobby':
      return (
        <div className="shell shell--lobby">
          {page}
          <Footer />
          <RealityCheck />
        </div>
      );
    case 'liff':
      // LINE's pages take bets too (/liff/lotto): the reality check follows the member there.
      return (
        <div className="shell shell--liff">
          {page}
          <RealityCheck />
        </div>
      );
    case 'game':
    case 'iframe':
    case 'payment':
      return <div className={`bare bare--${layout}`}>{page}</div>;
  }
}

/** The eight layouts of docs/rules/member-site.md §2, each with exactly its chrome. */
export function Layout({ name, check }: Props) {
  const layout = useLayoutName(name);
  const allowed = useLayoutCheck(check);
  return <LayoutFrame layout={layout} page={allowed ? <Page /> : <PendingPage />} />;
}
