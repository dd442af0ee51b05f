import { layoutOf } from '@chok/contract/layouts';
import { useLocation } from 'react-router';
import { LayoutFrame, PendingPage } from '../layouts/Layout';
import { useUi } from '../stores/ui';

/**
 * The first paint, while the page's code loads: the frame of the layout the start-up payload names
 * (header and footer, or a bare page for payment, game and iframe), so nothing jumps in after.
 * Without a payload (`vite dev`) the same route table decides.
 */
export function BootFallback() {
  const { pathname } = useLocation();
  const layout = useUi((s) => s.startupLayout) ?? layoutOf(pathname);
  return <LayoutFrame layout={layout} page={<PendingPage />} chrome="frame" />;
}
