import { Outlet, ScrollRestoration } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { useUi } from '../stores/ui';
import { OnlineStatus } from './OnlineStatus';
import { ProgressBar } from './ProgressBar';
import { usePageViews } from './usePageViews';

/**
 * Everything every route shares: progress bar, online indicator, analytics, start-up errors, and the
 * scroll: a page opened by a link starts at its top, Back and Forward return to where the member was
 * on that page (React Router's scroll restoration, positions kept per history entry in
 * sessionStorage; docs/rules/member-site.md §10).
 */
export function Root() {
  const startupError = useUi((s) => s.startupError);
  usePageViews();
  return (
    <>
      <ScrollRestoration />
      <ProgressBar />
      <OnlineStatus />
      {startupError ? <ErrorPage status={startupError.status} message={startupError.message} /> : <Outlet />}
    </>
  );
}
