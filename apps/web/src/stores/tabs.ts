import { navigateTo } from '../lib/navigation';
import { useLocalData } from './local';
import { useSessionData } from './session';

/** The token a `local_data` value written by another tab holds (null when logged out or unreadable). */
function tokenIn(value: string | null): string | null {
  if (!value) return null;
  try {
    return (JSON.parse(value) as { state?: { token?: string | null } }).state?.token ?? null;
  } catch {
    return null;
  }
}

/**
 * Every tab of the browser shares one login (the token under `local_data`): when another tab logs
 * out — by the member, a 401, or a time-out or self-exclusion that ended every session — this tab
 * leaves the member's pages at once instead of at its next call; when another tab logs in, this one
 * shows the member too. The browser fires `storage` only in the tabs that did not write.
 */
export function followOtherTabs(): void {
  window.addEventListener('storage', (e) => {
    if (e.storageArea !== localStorage || (e.key !== 'local_data' && e.key !== null)) return;
    const mine = useLocalData.getState().token;
    const theirs = tokenIn(e.key === null ? null : e.newValue);
    if (mine === theirs) return;
    void useLocalData.persist.rehydrate();
    if (mine && !theirs) {
      useSessionData.getState().clear();
      navigateTo('/');
    }
  });
}
