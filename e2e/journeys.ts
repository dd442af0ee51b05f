import type { Page } from 'playwright-core';

export const DEMO = {
  rich: { phone: '0811111111', password: 'demo1234' },
  small: { phone: '0822222222', password: 'demo1234' },
  empty: { phone: '0833333333', password: 'demo1234' },
} as const;

/**
 * Logs in through the /login form, as a member would, and waits for the wallet chip. For the tests
 * whose subject is the login; the others sign in with `signIn` (two page loads fewer).
 */
export async function loginThroughForm(
  page: Page,
  baseUrl: string,
  who: { phone: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(who.phone);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(who.password);
  await page.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByTestId('wallet-total').waitFor();
}

/**
 * Signs a member in without the form, for tests whose subject is not the login: the token comes
 * from `POST /api/login` and is stored where the site keeps it after a login (`local_data`), once
 * per browser context (a later logout stays logged out), then `path` opens and the wallet chip shows
 * a balance.
 * Returns the token.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  who: { phone: string; password: string },
  path = '/',
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as {
    error: number;
    message: string;
    data: { access_token: string } | null;
  };
  if (body.error !== 0 || !body.data) throw new Error(`login of ${who.phone} refused: ${body.message}`);
  const token = body.data.access_token;
  await page.context().addInitScript(
    ({ origin, token }) => {
      if (window.location.origin !== origin || window.localStorage.getItem('e2e_signed_in')) return;
      const raw = window.localStorage.getItem('local_data');
      const stored = raw ? (JSON.parse(raw) as { state: Record<string, unknown>; version: number }) : null;
      const state = { ...(stored?.state ?? {}), token, isLoggedIn: true };
      window.localStorage.setItem('local_data', JSON.stringify({ state, version: stored?.version ?? 0 }));
      window.localStorage.setItem('e2e_signed_in', '1');
    },
    { origin: new URL(baseUrl).origin, token },
  );
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('wallet-total').filter({ hasText: /\d/ }).waitFor();
  return token;
}
