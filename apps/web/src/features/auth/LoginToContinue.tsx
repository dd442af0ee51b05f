import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { memberPageOf, NEXT_PARAM } from '../../lib/next-page';
import { useLocalData } from '../../stores/local';
import { useUi } from '../../stores/ui';

/**
 * `/?next=<member page>`, where the login check sends a visitor who asked for a member page
 * (layouts/Layout.tsx, docs/rules/member-site.md §6): opens the login dialog and, once the visitor is
 * logged in (there or through registering), goes on to the page asked for. Closed without logging in,
 * the dialog leaves the visitor on `/`. A `next` that is no member page of this site is ignored
 * (lib/next-page.ts).
 */
export function LoginToContinue() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useUi((s) => s.hydrated);
  const authDialogOpen = useUi((s) => s.loginOpen || s.registerOpen);
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const next = pathname === '/' ? memberPageOf(params.get(NEXT_PARAM)) : null;
  /** The page the login dialog was opened for. */
  const askedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!hydrated || next === null) return;
    if (isLoggedIn) {
      askedFor.current = null;
      navigate(next, { replace: true });
      return;
    }
    const ui = useUi.getState();
    if (askedFor.current !== next) {
      askedFor.current = next;
      ui.set({ loginOpen: true, registerOpen: false });
      return;
    }
    // Closed: the render says so, and so does the store (the open above may not have rendered yet
    // when effects run twice).
    if (!authDialogOpen && !ui.loginOpen && !ui.registerOpen) {
      askedFor.current = null;
      navigate('/', { replace: true });
    }
  }, [hydrated, next, isLoggedIn, authDialogOpen, navigate]);
  return null;
}
