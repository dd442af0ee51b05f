import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useUi } from '../../stores/ui';

const LauncherSheet = lazy(() => import('./LauncherSheet'));

/**
 * The game launcher of docs/rules/member-site.md §2, mounted by the default, auth and lobby layouts.
 * Until a game is selected it renders nothing and costs the first page almost no code: the sheet is
 * its own chunk.
 */
export function GameLauncher() {
  const selected = useUi((s) => s.selectedGame);
  if (!selected) return null;
  return createPortal(
    <Suspense fallback={null}>
      <LauncherSheet />
    </Suspense>,
    document.body,
  );
}
