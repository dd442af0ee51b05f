import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, loginThroughForm } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, pageHydrated, pageIdle } from './page.ts';
import { call, staffLogin } from './staff.ts';

const browserOf = useBrowser();

function dialog(page: Page) {
  return page.getByTestId('notification-dialog');
}

const notificationsFetched = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/notifications'));

/**
 * `/` loaded and its notifications handled (the dialog shown or not): the page comes rendered on the
 * server with the list, which the app takes as it hydrates, without asking again.
 */
async function homeLoaded(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await pageHydrated(page);
  await pageIdle(page);
}

describe('the important-announcement dialog', () => {
  it('pages through the type-1 notifications and stays closed on reload within 15 minutes', async () => {
    const { context, page } = await openPage(browserOf());
    await homeLoaded(page);
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await dialog(page).getByText('ประกาศปิดปรับปรุงระบบธนาคาร').waitFor();
    // Type 2 and 3 go to the news list, not the dialog.
    expect(await dialog(page).getByText('หวยรัฐบาลงวดนี้').count()).toBe(0);

    await dialog(page).getByRole('button', { name: 'ถัดไป' }).click();
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (2 / 2)' }).waitFor();
    await dialog(page).getByText('ระวังมิจฉาชีพ').waitFor();
    await dialog(page).locator('.dialog__footer').getByRole('button', { name: 'ปิด' }).click();
    await dialog(page).getByRole('heading').waitFor({ state: 'detached' });

    await homeLoaded(page);
    expect(await dialog(page).isVisible()).toBe(false);

    // Once 15 minutes have passed since it was shown, it comes back.
    await page.evaluate(() => {
      const stored = JSON.parse(window.localStorage.getItem('local_data')!) as {
        state: { lastNotificationShownAt: number };
      };
      stored.state.lastNotificationShownAt = Date.now() - 16 * 60_000;
      window.localStorage.setItem('local_data', JSON.stringify(stored));
    });
    await homeLoaded(page);
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await context.close();
  });

  it('comes with the page from the server: on screen and closable without scripts, made modal when they run', async () => {
    // Without JavaScript: the server's markup has the dialog open, its image loaded, its close
    // button closing it (a form of method "dialog").
    const noScripts = await browserOf().newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      locale: 'th-TH',
    });
    const bare = await noScripts.newPage();
    await bare.goto(`${baseUrl}/`);
    await dialog(bare).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await dialog(bare).getByText('ประกาศปิดปรับปรุงระบบธนาคาร').waitFor();
    const image = dialog(bare).locator('img.notice-slide__image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await dialog(bare).locator('.dialog__header').getByRole('button', { name: 'ปิด' }).click();
    await dialog(bare).waitFor({ state: 'hidden' });
    await noScripts.close();

    // With JavaScript the same dialog becomes modal where it stands, and once it has been shown the
    // server renders the next page without it (the chok_notice cookie).
    const { context, page } = await openPage(browserOf(), PHONE);
    await page.goto(`${baseUrl}/`);
    const before = await dialog(page).locator('.dialog__panel').boundingBox();
    await pageHydrated(page);
    await expect.poll(() => dialog(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog(page).locator('.dialog__panel').boundingBox()).toEqual(before);
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await expect
      .poll(() => context.cookies().then((c) => c.some((x) => x.name === 'chok_notice')))
      .toBe(true);
    const next = await page.evaluate(async () => (await fetch('/')).text());
    expect(next).toContain('id="chok-ssr"');
    // (The inline stylesheet names the attribute too: the dialog element is what is looked at.)
    expect(next).not.toMatch(/<dialog[^>]*data-from-server/);
    const fresh = await (await fetch(`${baseUrl}/`)).text();
    expect(fresh).toMatch(/<dialog[^>]*open=""[^>]*data-from-server/);
    expect(fresh).toContain('ประกาศปิดปรับปรุงระบบธนาคาร');
    await context.close();
  });

  it('says ไม่มีประกาศสำคัญในตอนนี้ when there is no important announcement', async () => {
    const staff = await staffLogin(baseUrl, 'content');
    const list = await call<{ id: number; type: number; is_active: boolean }[]>(
      baseUrl,
      '/api/admin/content/notifications',
      { token: staff },
    );
    const important = list.body.data.filter((n) => n.type === 1 && n.is_active);
    expect(important.length).toBeGreaterThan(0);
    // One after another, each answer checked: a switch that failed would leave later files of this
    // lane (they count the seeded announcements) looking at the wrong list, far from the cause.
    const setActive = async (is_active: boolean) => {
      for (const n of important) {
        const res = await call(baseUrl, `/api/admin/content/notifications/${n.id}`, {
          method: 'PUT',
          token: staff,
          body: JSON.stringify({ is_active }),
        });
        expect(res.body.error, res.body.message).toBe(0);
      }
    };
    await setActive(false);
    try {
      const { context, page } = await openPage(browserOf());
      const fetched = notificationsFetched(page);
      await loginThroughForm(page, baseUrl, DEMO.rich);
      await (await fetched).finished();
      await pageIdle(page);
      expect(await dialog(page).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'ประกาศสำคัญ' }).click();
      await dialog(page).getByText('ไม่มีประกาศสำคัญในตอนนี้').waitFor();
      await context.close();
    } finally {
      await setActive(true);
    }
  });
});
