import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('serves the member site with the operator logo from the agent config', async () => {
  const page = await browser.newPage();
  await page.goto(inject('baseUrl'));
  const logo = page.locator('img[src="/brand/logo.svg"]');
  await expect.poll(() => logo.count()).toBeGreaterThan(0);
  await page.close();
});
