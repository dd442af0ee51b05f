/**
 * `tsx e2e/games-screenshots.ts`: the games lobby, the launcher's wallet choice and the in-house
 * games at phone (390×844) and desktop (1440×900) sizes, into e2e/artifacts/screenshots.
 * Starts the product like `npm start` unless BASE_URL points at a running one.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './browser.ts';
import { DEMO, loginThroughForm } from './journeys.ts';
import { settled, skipAnnouncements } from './page.ts';
import { ensureChromium, startProduct } from './server.ts';

const OUT = path.resolve('e2e/artifacts/screenshots');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await ensureChromium();
  const server = process.env.BASE_URL ? null : await startProduct();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const context = await browser.newContext({ viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
      await skipAnnouncements(context);
      const page = await context.newPage();
      const snap = async (name: string) => {
        await settled(page);
        const file = path.join(OUT, `games-${name}-${size}.png`);
        await page.screenshot({ path: file });
        process.stdout.write(`${file}\n`);
      };
      await page.goto(`${baseUrl}/lobby/slot`);
      await page.waitForLoadState('networkidle');
      await snap('lobby-visitor');
      await loginThroughForm(page, baseUrl, DEMO.rich);
      await page.goto(`${baseUrl}/lobby`);
      await page.waitForLoadState('networkidle');
      await snap('lobby');
      await page
        .locator('[data-game="golden-elephant"]')
        .first()
        .getByRole('button', { name: 'เล่นเลย' })
        .click();
      await page.getByRole('heading', { name: 'กรุณาเลือกกระเป๋าเงิน' }).waitFor();
      await snap('launcher-wallets');
      await page.getByRole('button', { name: 'ปิดเกม' }).click();
      for (const [code, name] of [
        ['golden-elephant', 'slot'],
        ['fishing', 'fishing'],
        ['baccarat-1', 'baccarat'],
        ['virtual-football', 'football'],
      ] as const) {
        await page.locator(`[data-game="${code}"]`).first().getByRole('button', { name: 'ทดลองเล่น' }).click();
        const frame = page.frameLocator('iframe');
        await frame.getByTestId('game-balance').waitFor();
        if (name === 'slot') {
          await frame.getByRole('button', { name: 'หมุน' }).click();
          // The round is over when the spin button (disabled, '…', while it spins) is enabled again.
          await frame.locator('.slot__spin:enabled').waitFor();
        }
        await snap(name);
        await page.getByRole('button', { name: 'ปิดเกม' }).click();
      }
      await page.goto(`${baseUrl}/fair`);
      await snap('fair');
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
