/**
 * The operator console (/backoffice) in the browser: log in through its form (password, then the
 * TOTP code of the seeded staff secret), or open it with a token from the global setup, and the
 * console pages the screenshots script takes (e2e/screenshots.ts; add your section's pages here).
 */
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { settled } from './page.ts';

/** The seeded staff's TOTP secrets (apps/server/src/seed/demo.ts). */
export const STAFF_SECRETS = {
  owner: 'CHOKOWNERDEMOAAA',
  finance: 'CHOKFINANCEDEMOA',
  lotto: 'CHOKLOTTODEMOAAA',
  support: 'CHOKSUPPORTDEMOA',
  content: 'CHOKCONTENTDEMOA',
} as const;
export type StaffName = keyof typeof STAFF_SECRETS;
export const STAFF_PASSWORD = 'staff1234';

/** Every console page for the screenshots script: file name, path under /backoffice, who opens it. */
export const CONSOLE_PAGES: { name: string; path: string; staff: StaffName }[] = [
  { name: 'console-home', path: '/', staff: 'owner' },
  { name: 'console-payments-deposits', path: '/payments/deposits', staff: 'finance' },
  { name: 'console-payments-withdrawals', path: '/payments/withdrawals', staff: 'finance' },
  { name: 'console-payments-statements', path: '/payments/statements', staff: 'finance' },
  { name: 'console-payments-freezes', path: '/payments/freezes', staff: 'finance' },
  { name: 'console-payments-accounts', path: '/payments/accounts', staff: 'finance' },
  { name: 'console-payments-settings', path: '/payments/settings', staff: 'owner' },
  { name: 'console-games-catalogue', path: '/games/catalogue', staff: 'owner' },
  { name: 'console-games-seeds', path: '/games/seeds', staff: 'owner' },
  { name: 'console-games-rounds', path: '/games/rounds', staff: 'owner' },
  { name: 'console-staff-users', path: '/staff/users', staff: 'owner' },
  { name: 'console-staff-audit', path: '/staff/audit', staff: 'owner' },
  { name: 'console-staff-reconciliation', path: '/staff/reconciliation', staff: 'finance' },
  { name: 'console-staff-password', path: '/staff/password', staff: 'lotto' },
  { name: 'console-protection-members', path: '/protection/members', staff: 'support' },
];

const totpOf = (who: StaffName) =>
  new TOTP({ secret: Secret.fromBase32(STAFF_SECRETS[who]), digits: 6, period: 30, algorithm: 'SHA1' });

const STEP_MS = 30_000;

/**
 * Logs `who` in through the console's form: name and password, then the code. The server takes a
 * step's code once and only steps newer than the last one used (the global setup and other files log
 * the same staff in), so the code of the step ahead is typed; when it was spent, the form starts
 * over at the next step.
 */
export async function loginConsole(page: Page, baseUrl: string, who: StaffName): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.goto(`${baseUrl}/backoffice/login`);
    await page.getByLabel('ชื่อผู้ใช้').fill(who);
    await page.getByLabel('รหัสผ่าน').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    const step = Math.floor(Date.now() / STEP_MS);
    await page.getByLabel(/รหัสยืนยัน 6 หลัก/).fill(totpOf(who).generate({ timestamp: (step + 1) * STEP_MS }));
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    const outcome = await Promise.race([
      page
        .getByRole('heading', { name: `สวัสดี ${who}` })
        .waitFor()
        .then(() => 'in' as const),
      page
        .getByRole('alert')
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    // That step's code was spent: the one after it is accepted once its step has begun.
    await page.waitForFunction((until) => Date.now() >= until, (step + 1) * STEP_MS + 50, {
      timeout: 40_000,
    });
  }
  throw new Error(`${who} could not log in to the console`);
}

/**
 * Opens the console already logged in with a staff token (the global setup's `staffTokens`): the
 * session is put in sessionStorage before the app starts, as the login form would.
 */
export async function useConsoleSession(
  context: BrowserContext,
  token: string,
  staff: { id: number; username: StaffName; role: StaffName },
): Promise<void> {
  await context.addInitScript(
    ({ token, staff }) => {
      const state = { token, staff, idleMinutes: 30, lastActivity: Date.now() };
      window.sessionStorage.setItem('chok-backoffice-session', JSON.stringify({ state, version: 0 }));
    },
    { token, staff },
  );
}

/** The staff member behind a token (GET /api/admin/me), for `useConsoleSession`. */
export async function consoleStaff(baseUrl: string, token: string) {
  const res = await fetch(`${baseUrl}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { id: number; username: StaffName; role: StaffName } };
  return { id: body.data.id, username: body.data.username, role: body.data.role };
}

/** The sizes the console is shot at: a laptop and a tablet held upright. */
export const CONSOLE_SIZES = {
  laptop: { width: 1366, height: 768 },
  tablet: { width: 820, height: 1180 },
} as const;

/**
 * Screenshots of the console's login screen and every page of CONSOLE_PAGES, at both sizes, into
 * `out` (`console-<page>-<size>.png`). `login` gives a token per staff name.
 */
export async function consoleScreenshots(
  browser: Browser,
  baseUrl: string,
  out: string,
  login: (who: StaffName) => Promise<string>,
): Promise<string[]> {
  const tokens = new Map<StaffName, string>();
  for (const p of CONSOLE_PAGES) if (!tokens.has(p.staff)) tokens.set(p.staff, await login(p.staff));
  const files: string[] = [];
  const shot = async (page: Page, name: string) => {
    await settled(page);
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  };
  for (const [size, viewport] of Object.entries(CONSOLE_SIZES)) {
    const anonymous = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
    const loginPage = await anonymous.newPage();
    await loginPage.goto(`${baseUrl}/backoffice/login`);
    await loginPage.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor();
    await shot(loginPage, `console-login-${size}`);
    await anonymous.close();
    for (const [who, token] of tokens) {
      const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
      await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
      const page = await context.newPage();
      for (const p of CONSOLE_PAGES.filter((x) => x.staff === who)) {
        await page.goto(`${baseUrl}/backoffice${p.path}`);
        await page.locator('main h1').first().waitFor();
        // Every read of the page answered: no "loading" cell or paragraph left.
        await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('กำลังโหลด'));
        await shot(page, `${p.name}-${size}`);
      }
      await context.close();
    }
  }
  return files;
}
