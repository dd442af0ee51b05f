const KEY = 'chok_ref';
/** How long a referral link is remembered in this browser before registration. */
const KEEP_MS = 30 * 86_400_000;
const CODE = /^[A-Za-z0-9]{1,20}$/;

/**
 * The referral code of the link a visitor arrived with (`/register?ref=CODE`,
 * docs/rules/engagement.md §11 rule 1), kept in this browser until they register, so a detour to
 * the login page or the home page does not lose who referred them. The server fixes the referrer
 * at registration; this only fills the form.
 */
export function rememberReferral(code: string | null): void {
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code: code.toUpperCase(), at: Date.now() }));
  } catch {
    // Storage refused (private mode): the form still has the code from the link.
  }
}

export function rememberedReferral(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { code, at } = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof code !== 'string' || !CODE.test(code) || typeof at !== 'number' || Date.now() - at > KEEP_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    return code;
  } catch {
    return null;
  }
}

export function forgetReferral(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
