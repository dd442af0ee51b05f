import { Outlet } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { useUi } from '../stores/ui';
import { OnlineStatus } from './OnlineStatus';
import { ProgressBar } from './ProgressBar';
import { usePageViews } from './usePageViews';

/** Everything every route shares: progress bar, online indicator, analytics, start-up errors. */
export function Root() {
  const startupError = useUi((s) => s.startupError);
  usePageViews();
  return (
    <>
      <ProgressBar />
      <OnlineStatus />
      {startupError ? <ErrorPage status={startupError.status} message={startupError.message} /> : <Outlet />}
    </>
  );
}
