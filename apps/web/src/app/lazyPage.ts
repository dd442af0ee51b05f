import type { ComponentType } from 'react';
import { pendingPath } from '../lib/navigation';

const RELOAD_KEY = 'chok:chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page when a code chunk fails to load (a deploy replaced it), at most once per 60 s,
 * so a chunk that is really missing shows the error page instead of a reload loop.
 */
export function reloadForStaleChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? '0');
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  const target = pendingPath();
  const here = window.location.pathname + window.location.search;
  if (target && target !== here) window.location.assign(target);
  else window.location.reload();
  return true;
}

/** A route's `lazy` for a page module with a default export, wrapped in the reload guard. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const mod = await load();
      return { Component: mod.default };
    } catch (err) {
      if (reloadForStaleChunk()) return new Promise<never>(() => {});
      throw err;
    }
  };
}
