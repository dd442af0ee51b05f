import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useProgress } from '../stores/progress';

const THROTTLE_MS = 200;

/** The 2 px top bar: appears when navigation or a request lasts longer than 200 ms. */
export function ProgressBar() {
  const navigating = useNavigation().state !== 'idle';
  const requesting = useProgress((s) => s.requests > 0);
  const busy = navigating || requesting;
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase('running'), THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = window.setTimeout(() => setPhase('idle'), 400);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return <div className={`progress-bar progress-bar--${phase}`} aria-hidden="true" />;
}
