import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM } from './server.ts';

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** The same browser, started once and reached over its WebSocket (one per e2e lane). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/**
 * The lane's browser for one test file: connected before the file's tests, disconnected after
 * (which closes every context the file opened). Each test opens its own context, so files share
 * no cookies, storage or pages.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const { browserEndpoint } = await import('./lane.ts');
    browser = await chromium.connect(browserEndpoint);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}
