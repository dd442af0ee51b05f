import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, pageHydrated, skipAnnouncements } from './page.ts';

const browserOf = useBrowser();

describe('routes, layouts and the shell', () => {
  it('shows the full-screen 404 page on an unknown route', async () => {
    const { context, page } = await openPage(browserOf());
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.getByText('404', { exact: true }).waitFor();
    const cover = await page.locator('.error-page').evaluate((el) => {
      const s = getComputedStyle(el);
      return { position: s.position, top: s.top, left: s.left };
    });
    expect(cover).toEqual({ position: 'fixed', top: '0px', left: '0px' });
    await context.close();
  });

  it('the home banners advance every 5 s, not under the pointer, and never for a device that asked for less motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await openPage(browserOf(), undefined, { reducedMotion });
      await skipAnnouncements(context);
      // Every scroll the page asks of an element, recorded as it is asked (the scroll itself is smooth).
      await context.addInitScript(() => {
        const calls: unknown[] = [];
        (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
        const original = Element.prototype.scrollTo;
        Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
          calls.push(args[0]);
          return (original as (...a: unknown[]) => void).apply(this, args);
        } as typeof original;
      });
      await page.clock.install({ time: new Date() });
      await page.goto(baseUrl);
      await pageHydrated(page);
      const track = page.locator('.carousel__track');
      expect(await page.locator('.carousel__slide').count()).toBeGreaterThan(1);
      const calls = () => page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls);

      // Under the pointer: 11 s pass and nothing moves.
      await track.hover();
      await page.clock.runFor(11_000);
      expect(await calls()).toEqual([]);

      // Pointer elsewhere: the next 5 s bring the next banner (smoothly), unless less motion was asked for.
      await page.mouse.move(5, 790);
      await page.clock.runFor(11_000);
      if (reducedMotion === 'reduce') {
        expect(await calls()).toEqual([]);
      } else {
        expect((await calls()).length).toBeGreaterThan(0);
        expect((await calls())[0]).toMatchObject({ behavior: 'smooth' });
        await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
      await context.close();
    }
  });

  it('renders a page inside its layout: /poll/1 in the default layout, with its title', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/poll/1`);
    await page.getByRole('heading', { name: 'บอลคู่เอกสุดสัปดาห์นี้ ใครจะชนะ?', level: 1 }).waitFor();
    // Default layout chrome: header logo and footer.
    await page.locator('header img[src="/brand/logo.svg"]').waitFor();
    const year = new Date().getFullYear();
    await page.getByText(`Copyright © ${year} Chok All Rights Reserved`).waitFor();
    expect(await page.title()).toContain('โพลกิจกรรม');
    await context.close();
  });

  it('sends a visitor away from member pages, and a member away from the login page', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    // The visitor lands on / carrying the page asked for (its login dialog: notifications.test.ts).
    await page.goto(`${baseUrl}/member/statement`);
    await page.waitForURL(`${baseUrl}/?next=%2Fmember%2Fstatement`);
    await signIn(page, baseUrl, DEMO.rich, '/register');
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it('on a phone: drawer navigation and the bottom login/deposit/withdraw buttons', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    const drawer = page.getByTestId('drawer');
    expect(await drawer.getByRole('link', { name: 'หวย' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
    await drawer.getByRole('link', { name: 'หวย' }).click();
    await page.waitForURL(`${baseUrl}/lotto/lobby`);
    await expect.poll(() => drawer.getByRole('link', { name: 'หวย' }).isVisible()).toBe(false);

    const bar = page.getByTestId('mobile-bar');
    await bar.getByRole('link', { name: 'สมัครสมาชิก' }).waitFor();
    await bar.getByRole('link', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, baseUrl, DEMO.rich);
    await bar.getByRole('link', { name: 'ถอนเงิน' }).waitFor();
    await bar.getByRole('link', { name: 'ฝากเงิน' }).click();
    await page.waitForURL(`${baseUrl}/member/deposit`);
    await page.getByText('1. เลือกช่องทางฝาก').waitFor();
    await context.close();
  });

  it('opens the event dialog from the treasure chest; an image leads to /poll/1', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'กิจกรรม' }).click();
    const events = page.getByTestId('event-dialog');
    await events.getByRole('button', { name: 'กิจกรรมทายผลบอล' }).click();
    await page.waitForURL(`${baseUrl}/poll/1`);
    await expect.poll(() => events.isVisible()).toBe(false);
    await context.close();
  });

  it('shows an offline indicator while the browser is offline', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'โปรโมชั่น' }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'ออฟไลน์' });
    expect(await banner.count()).toBe(0);
    await context.setOffline(true);
    await banner.waitFor();
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('pushes a page view to window.dataLayer 250 ms after each route change', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    const views = () =>
      page.evaluate(() => (window.dataLayer ?? []).map((e) => (e as { page_path?: string }).page_path));
    await page.goto(`${baseUrl}/`);
    await expect.poll(views).toContain('/');
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'หวย' }).click();
    await expect.poll(views).toContain('/lotto/lobby');
    expect((await views()).filter((p) => p === '/')).toHaveLength(1);
    await context.close();
  });

  it('reloads once when a page chunk fails to load, then shows the error page', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'โปรโมชั่น' }).waitFor();
    // Every script chunk not loaded yet now fails, as after a deploy removed the old build's chunks.
    const loaded = new Set(
      await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('?')[0]!)),
    );
    await page.route('**/assets/*.js', (route) =>
      loaded.has(route.request().url().split('?')[0]!) ? route.continue() : route.abort(),
    );
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'หวย' }).click();
    await reloaded;
    // The second failure within 60 s is not reloaded again: the error page, in Thai.
    await page.getByRole('heading', { name: 'เกิดข้อผิดพลาด' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/lotto/lobby');
    expect(await page.evaluate(() => sessionStorage.getItem('chok:chunk-reload-at'))).toMatch(/^\d+$/);
    await context.close();
  });
});

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
