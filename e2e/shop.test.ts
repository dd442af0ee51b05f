import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';

// The point shop (/redeem, docs/rules/engagement.md §8) in Chromium at phone width. The demo member
// without money holds 2,500 seeded points (apps/server/src/modules/shop/seed.ts).

const browserOf = useBrowser();

/** "1,250.50" → 125050 satang; "2,500" → 2500 points. */
const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe('point shop', () => {
  it('a member with points buys a voucher and sees the wallet chip and points change', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.empty);
    const chip = page.getByTestId('wallet-total');
    const chipPoints = page.getByTestId('points-total');
    await expect.poll(() => chip.textContent()).not.toBe('–');
    await expect.poll(() => chipPoints.textContent()).not.toBe('–');
    const walletBefore = digits(await chip.textContent());
    const pointsBefore = digits(await chipPoints.textContent());
    expect(pointsBefore).toBeGreaterThanOrEqual(2_000);

    await page.goto(`${baseUrl}/redeem`);
    await page.getByRole('heading', { name: 'แลกของรางวัล', level: 1 }).waitFor();
    const card = page.getByTestId('shop-item').filter({
      has: page.getByRole('heading', { name: 'เงินเข้ากระเป๋าหลัก 100 บาท' }),
    });
    await card.waitFor();
    await expect.poll(() => page.getByTestId('shop-points').textContent().then(digits)).toBe(pointsBefore);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'แลกเลย' }).click();
    const dialog = page.getByTestId('quote-dialog');
    await dialog.getByRole('heading', { name: 'ยืนยันการแลกของรางวัล' }).waitFor();
    expect(digits(await dialog.getByTestId('quote-cost').textContent())).toBe(2_000);
    expect(digits(await dialog.getByTestId('quote-balance-after').textContent())).toBe(pointsBefore - 2_000);
    await expect.poll(() => dialog.getByTestId('quote-timer').textContent()).toMatch(/ยืนยันภายใน \d+ วินาที/);
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'ยืนยันการแลก' }).click();
    const result = page.getByTestId('redeem-result');
    await result.getByText('แลกของรางวัลสำเร็จ').waitFor();
    await result.getByText('เติม 100.00 บาท เข้ากระเป๋าหลักแล้ว').waitFor();
    // The header changed without a reload: 100 baht more, 2,000 points fewer.
    await expect.poll(() => chip.textContent().then(digits)).toBe(walletBefore + 10_000);
    await expect.poll(() => chipPoints.textContent().then(digits)).toBe(pointsBefore - 2_000);
    await result.getByRole('button', { name: 'ตกลง' }).click();
    await expect
      .poll(() => page.getByTestId('shop-points').textContent().then(digits))
      .toBe(pointsBefore - 2_000);

    await page.getByRole('tab', { name: 'ประวัติการแลก' }).click();
    const order = page.getByTestId('shop-order').filter({ hasText: 'เงินเข้ากระเป๋าหลัก 100 บาท' }).first();
    await order.waitFor();
    expect(await order.getByTestId('shop-order-status').textContent()).toBe('แลกสำเร็จ');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
