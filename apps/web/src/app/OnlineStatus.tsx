import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A banner while the browser is offline. */
export function OnlineStatus() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <span className="offline-banner__dot" aria-hidden="true" />
      ออฟไลน์ — ไม่มีการเชื่อมต่ออินเทอร์เน็ต
    </div>
  );
}
