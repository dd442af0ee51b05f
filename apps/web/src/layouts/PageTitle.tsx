import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { pageTitleOf } from '../lib/page-handle';
import { useAgent } from '../stores/agent';

/** Sets `document.title` from the route's handle (after render, never during it). */
export function PageTitle() {
  const matches = useMatches();
  const site = useAgent((s) => s.agentConfig?.name ?? 'Chok');
  const title = pageTitleOf(matches);
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
  return null;
}
