import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';

const browserOf = useBrowser();

describe('axe accessibility scan: no serious or critical violations', () => {
  for (const [name, path, ready] of [
    ['home', '/', 'โปรโมชั่น'],
    ['login', '/login', 'เข้าสู่ระบบ'],
    ['register', '/register', 'สมัครสมาชิก'],
  ] as const) {
    for (const [size, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ] as const) {
      it(`${name} on ${size}`, async () => {
        const { context, page } = await openPage(browserOf(), viewport);
        await skipAnnouncements(context);
        await page.goto(baseUrl + path);
        await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }

  it('the announcement dialog', async () => {
    const { context, page } = await openPage(browserOf());
    await page.goto(baseUrl);
    await page
      .getByTestId('notification-dialog')
      .getByRole('heading', { name: /ประกาศสำคัญ/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
