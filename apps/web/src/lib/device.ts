const KEY = 'chok_device';

/**
 * A random id for this browser, kept in local storage and sent as `X-Device-Id`: the server compares
 * it between members for its risk rule (members sharing a device wait for an operator before
 * cash rewards). It identifies nothing about the member.
 */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}
