import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { PageHandle } from '../app/routes';
import { useLocalData } from '../stores/local';

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Sets `document.title` from the route's handle (after render, never during it). */
export function PageTitle() {
  const matches = useMatches();
  const site = useLocalData((s) => s.agentConfig?.name ?? 'Chok');
  const title = matches.map((m) => m.handle).findLast(isPageHandle)?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${site}` : site;
  }, [title, site]);
  return null;
}
