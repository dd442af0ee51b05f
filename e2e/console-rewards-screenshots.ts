import path from 'node:path';
import type { Browser } from 'playwright-core';
import { consoleStaff, useConsoleSession } from './console.ts';
import { pageIdle, settled } from './page.ts';
import { staffLogin } from './staff.ts';

/** The console's rewards and content pages (apps/backoffice/src/sections/rewards, …/content). */
export const REWARDS_CONSOLE_PAGES = [
  ['console-content-agent', 'content/agent'],
  ['console-content-notifications', 'content/notifications'],
  ['console-content-banners', 'content/banners'],
  ['console-content-events', 'content/events'],
  ['console-rewards-promotions', 'rewards/promotions'],
  ['console-rewards-coupons', 'rewards/coupons'],
  ['console-rewards-cashback', 'rewards/cashback'],
  ['console-rewards-affiliate', 'rewards/affiliate'],
  ['console-rewards-checkin', 'rewards/checkin'],
  ['console-rewards-quests', 'rewards/quests'],
  ['console-rewards-wheel', 'rewards/wheel'],
  ['console-rewards-shop', 'rewards/shop'],
  ['console-rewards-shop-orders', 'rewards/shop-orders'],
  ['console-rewards-polls', 'rewards/polls'],
  ['console-rewards-holds', 'rewards/holds'],
] as const;

/**
 * Screenshots of every rewards and content page of the console, signed in as the owner (who sees
 * them all), at a laptop size, into `out` (called by e2e/screenshots.ts).
 */
export async function shootRewardsConsole(browser: Browser, baseUrl: string, out: string): Promise<void> {
  const token = await staffLogin(baseUrl, 'owner');
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  await useConsoleSession(context, token, await consoleStaff(baseUrl, token));
  const page = await context.newPage();
  try {
    for (const [name, url] of REWARDS_CONSOLE_PAGES) {
      await page.goto(`${baseUrl}/backoffice/${url}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => !document.body.innerText.includes('กำลังโหลด…'));
      await pageIdle(page);
      await settled(page);
      const file = path.join(out, `${name}-desktop.png`);
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`${file}\n`);
    }
  } finally {
    await context.close();
  }
}
