import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';

// The wallet chip's menu: each wallet, the points, and the free-credit wallet's turnover requirement,
// progress and cap (docs/rules/casino.md §1.3). 0811111111 holds 50.00 of demo free credit, seeded
// under the same rule as any grant: 250.00 to play, 300.00 at most to main.

const browserOf = useBrowser();

describe('wallet menu', () => {
  it('shows every wallet, the points and the free-credit requirement, progress and cap; no axe violations at phone width', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich);
    await page.getByTestId('wallet-menu-button').click();
    const menu = page.getByTestId('wallet-menu');
    await menu.waitFor();
    await expect.poll(() => menu.getByTestId('wallet-menu-balance-3').textContent()).toBe('50.00 ฿');
    await expect.poll(() => menu.getByTestId('wallet-menu-points').textContent()).toMatch(/^\d[\d,]* แต้ม$/);
    await expect.poll(() => menu.textContent()).toContain('ยอดเทิร์นที่ต้องทำ250.00 ฿');
    expect(await menu.textContent()).toContain('ถอนได้สูงสุด300.00 ฿');
    expect(await menu.getByTestId('free-credit-played').textContent()).toBe('0.00 ฿');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
