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

export interface ConsolePage {
  /** File name of its screenshot: `console-payments-deposits`. */
  name: string;
  /** Under /backoffice, with `:id` left in (`consolePath` fills it). */
  path: string;
  /** Who opens it: the role the page is for (not the owner, who sees every page, unless it is only his). */
  staff: StaffName;
}

/**
 * Every console page: the home page and each page of every section of apps/backoffice/src/sections.ts,
 * opened by the role that sees it. The screenshots script shoots them and e2e/console-axe.test.ts
 * scans them, so a page added to a section is in both without a line here.
 */
// Read at run time (the console's sources are built for the browser, not type-checked with these).
const { sections } = (await import(new URL('../apps/backoffice/src/sections.ts', import.meta.url).href)) as {
  sections: readonly { pages: readonly { path: string; roles: readonly string[] }[] }[];
};

export const CONSOLE_PAGES: ConsolePage[] = [
  { name: 'console-home', path: '/', staff: 'owner' },
  ...sections.flatMap((s) =>
    s.pages.map((p) => ({
      name: `console-${p.path.replace(/\/:id$/, '-one').replace(/\//g, '-')}`,
      path: `/${p.path}`,
      staff: (p.roles.find((r) => r !== 'owner') ?? 'owner') as StaffName,
    })),
  ),
];

/**
 * A page's path with its `:id` filled from the product: a demo member for the member pages, the first
 * open round of a regular market for a lotto round.
 */
export async function consolePath(baseUrl: string, path: string, token: string): Promise<string> {
  if (!path.includes(':id')) return path;
  const read = async <T>(url: string) => {
    const res = await fetch(baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: T }).data;
  };
  if (path.startsWith('/lotto/')) {
    const rounds = await read<{ items: { round_id: number; derive_rule: string }[] }>(
      '/api/admin/lotto/rounds?status=open&page_size=200',
    );
    const round = rounds.items.find((r) => r.derive_rule !== 'yeekee') ?? rounds.items[0];
    if (!round) throw new Error('no open lotto round');
    return path.replace(':id', String(round.round_id));
  }
  const members = await read<{ items: { id: number }[] }>('/api/admin/members?q=0811111111');
  if (!members.items[0]) throw new Error('the demo member was not found');
  return path.replace(':id', String(members.items[0].id));
}

/** Opens a console page and waits until every read of it has answered (no "loading" left in main). */
export async function openConsolePage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/backoffice${path}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('กำลังโหลด'));
}

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
  idleMinutes = 30,
): Promise<void> {
  await context.addInitScript(
    ({ token, staff, idleMinutes }) => {
      const state = { token, staff, idleMinutes, lastActivity: Date.now() };
      window.sessionStorage.setItem('chok-backoffice-session', JSON.stringify({ state, version: 0 }));
    },
    { token, staff, idleMinutes },
  );
}

/** The staff member behind a token (GET /api/admin/me), for `useConsoleSession`; fails on a refused token. */
export async function consoleStaff(baseUrl: string, token: string) {
  const me = await adminMe(baseUrl, token);
  return { id: me.id, username: me.username, role: me.role };
}

async function adminMe(baseUrl: string, token: string) {
  const res = await fetch(`${baseUrl}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as {
    error: number;
    message: string;
    data: { id: number; username: StaffName; role: StaffName; idle_minutes: number };
  };
  if (body.error !== 0) throw new Error(`GET /api/admin/me refused the token: ${body.message}`);
  return body.data;
}

/** Opens the console signed in with `token`, under the staff member's own idle limit. */
export async function openConsoleAs(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  const me = await adminMe(baseUrl, token);
  await useConsoleSession(
    context,
    token,
    { id: me.id, username: me.username, role: me.role },
    me.idle_minutes,
  );
}

/** The sizes the console is shot and scanned at: a laptop and a tablet held upright. */
export const CONSOLE_SIZES = {
  laptop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
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
        await openConsolePage(page, baseUrl, await consolePath(baseUrl, p.path, token));
        await shot(page, `${p.name}-${size}`);
      }
      await context.close();
    }
  }
  return files;
}
