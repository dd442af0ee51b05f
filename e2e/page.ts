import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
/**
 * A laptop: the `lg` band of the breakpoints (1280–1919) and every wide layout of the stylesheet
 * (≥ 960), at a fifth fewer pixels to paint than 1440 × 900.
 */
export const DESKTOP = { width: 1280, height: 800 };

/** A fresh browser context (own storage) at a Thai locale and Bangkok's time zone. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  opts: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // A device that asked for less motion, unless a test says otherwise: nothing moves by itself
    // (the home banners), so a page left open costs the browser nothing while the test waits.
    reducedMotion: opts.reducedMotion ?? 'reduce',
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Marks the announcements as just seen, so the dialog stays closed in tests about other things: in
 * `local_data` and in the cookie a page rendered on the server reads (apps/web/src/lib/notice.ts).
 */
export async function skipAnnouncements(context: BrowserContext): Promise<void> {
  // Cookies are per host, not per port: this one reaches every product the tests start.
  await context.addCookies([
    {
      name: 'chok_notice',
      value: String(Date.now()),
      domain: '127.0.0.1',
      path: '/',
      expires: Math.round(Date.now() / 1000) + 3600,
    },
  ]);
  await context.addInitScript(() => {
    const raw = window.localStorage.getItem('local_data');
    const stored = raw ? (JSON.parse(raw) as { state: Record<string, unknown>; version: number }) : null;
    const state = { ...(stored?.state ?? {}), lastNotificationShownAt: Date.now() };
    window.localStorage.setItem('local_data', JSON.stringify({ state, version: stored?.version ?? 0 }));
  });
}

/** The bearer token the site stored under `local_data`. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('local_data');
    return raw ? ((JSON.parse(raw) as { state: { token: string | null } }).state.token ?? null) : null;
  });
}

/**
 * Resolves once the page's main thread has run out of queued work (`requestIdleCallback`): every
 * response handler and render scheduled so far has run. The condition to wait for before asserting
 * that something did not appear, instead of a fixed pause.
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Resolves once the web fonts are loaded and every finite CSS animation or transition in every frame
 * has finished (endless ones, such as a spinner, are left running), then the page is idle: the
 * moment a screenshot shows the settled layout.
 */
export async function settled(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    await frame.evaluate(async () => {
      await document.fonts.ready;
      const finite = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    });
  }
  await pageIdle(page);
}

/**
 * Resolves once React has hydrated the page's own markup on a server-rendered page (the element
 * inside `<main>` carries React's instance key), so a click on it reaches its handler. React hydrates
 * the layout at once and the page when its code has arrived; a click on the page before that is lost.
 */
export async function pageHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('#main > *');
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  });
}
