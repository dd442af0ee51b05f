import { LayoutFrame, PendingPage } from '../layouts/Layout';
import { useUi } from '../stores/ui';

/**
 * The first paint, while the page's code loads: the frame of the layout the start-up payload names
 * (header and footer, or a bare page for payment, game and iframe), so nothing jumps in after.
 */
export function BootFallback() {
  const layout = useUi((s) => s.startupLayout) ?? 'default';
  return <LayoutFrame layout={layout} page={<PendingPage />} chrome="frame" />;
}
