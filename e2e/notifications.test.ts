import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, loginThroughForm, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, pageHydrated, pageIdle, skipAnnouncements } from './page.ts';
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

  it('on the other public pages it comes with the page from the server: on screen and closable without scripts, made modal when they run', async () => {
    // Without JavaScript: the server's markup has the dialog open, its image loaded, its close
    // button closing it (a form of method "dialog").
    const noScripts = await browserOf().newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      locale: 'th-TH',
    });
    const bare = await noScripts.newPage();
    await bare.goto(`${baseUrl}/promotions`);
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
    await page.goto(`${baseUrl}/promotions`);
    const before = await dialog(page).locator('.dialog__panel').boundingBox();
    await pageHydrated(page);
    await expect.poll(() => dialog(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog(page).locator('.dialog__panel').boundingBox()).toEqual(before);
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await expect
      .poll(() => context.cookies().then((c) => c.some((x) => x.name === 'chok_notice')))
      .toBe(true);
    const next = await page.evaluate(async () => (await fetch('/promotions')).text());
    expect(next).toContain('id="chok-ssr"');
    // (The inline stylesheet names the attribute too: the dialog element is what is looked at.)
    expect(next).not.toMatch(/<dialog[^>]*data-from-server/);
    const fresh = await (await fetch(`${baseUrl}/promotions`)).text();
    expect(fresh).toMatch(/<dialog[^>]*open=""[^>]*data-from-server/);
    expect(fresh).toContain('ประกาศปิดปรับปรุงระบบธนาคาร');
    await context.close();
  });

  it("never covers a visitor's first paint of /: not in the server's markup, opened once the page is interactive", async () => {
    // The server's markup of / has no dialog open, for a visitor who has never seen the announcements.
    const fresh = await (await fetch(`${baseUrl}/`)).text();
    expect(fresh).toContain('id="chok-ssr"');
    expect(fresh).not.toMatch(/<dialog[^>]*open=""/);
    // Without scripts the visitor has the home page, nothing over it.
    const noScripts = await browserOf().newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      locale: 'th-TH',
    });
    const bare = await noScripts.newPage();
    await bare.goto(`${baseUrl}/`);
    await bare.getByTestId('category-tiles').waitFor();
    expect(await bare.locator('dialog[open]').count()).toBe(0);
    await noScripts.close();

    // With scripts the dialog opens, and at the moment it does the page's own content is hydrated
    // (its taps already answered), as a watcher installed before the page's first byte records.
    const { context, page } = await openPage(browserOf(), PHONE);
    await page.addInitScript(() => {
      const w = window as unknown as { noticeOpenedOn?: 'markup' | 'hydrated page' };
      new MutationObserver(() => {
        const d = document.querySelector<HTMLDialogElement>('[data-testid="notification-dialog"]');
        if (!d?.open || w.noticeOpenedOn) return;
        const content = document.querySelector('#main > *');
        const hydrated = content !== null && Object.keys(content).some((k) => k.startsWith('__reactFiber$'));
        w.noticeOpenedOn = hydrated ? 'hydrated page' : 'markup';
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    });
    await page.goto(`${baseUrl}/`);
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { noticeOpenedOn?: string }).noticeOpenedOn)).toBe(
      'hydrated page',
    );
    await expect.poll(() => dialog(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    await context.close();
  });

  it("on a phone its picture is never larger than the home banner, and /'s pictures below the first screen wait for the page", async () => {
    // The server's markup of /: the first banner's picture with its address; the other slides', the
    // games' and the promotions' pictures without one (asked for once the page is shown).
    const html = await (await fetch(`${baseUrl}/`)).text();
    const imgs = (cls: string) => [
      ...html.matchAll(new RegExp(`<(?:li|div)[^>]*class="${cls}"[\\s\\S]*?<img[^>]*>`, 'g')),
    ];
    const slides = imgs('carousel__slide').map((m) => /src="/.test(m[0]));
    expect(slides.length).toBeGreaterThan(1);
    expect(slides).toEqual(slides.map((_, i) => i === 0));
    const gameTags = [...html.matchAll(/<button[^>]*class="home-game"[^>]*>\s*<img[^>]*>/g)].map((m) => m[0]);
    expect(gameTags.length).toBeGreaterThan(0);
    for (const tag of gameTags) expect(tag).not.toMatch(/ src="/);

    for (const width of [360, 390, 412]) {
      const { context, page } = await openPage(browserOf(), { width, height: 844 });
      await page.goto(`${baseUrl}/`);
      const picture = dialog(page).locator('.notice-slide__image');
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const area = async (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.width * r.height;
          });
      const banner = await area('.carousel__slide img');
      expect(banner).toBeGreaterThan(0);
      expect(await area('.notice-slide__image')).toBeLessThanOrEqual(banner);
      // Once the page is shown every picture has its address and arrives.
      const games = page.locator('.home-game img');
      await expect
        .poll(() =>
          games.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).getAttribute('src'))),
        )
        .toBe(true);
      expect(await page.locator('.carousel__slide img:not([src])').count()).toBe(0);
      await context.close();
    }
  });

  it('waits while another dialog is open: the login a member page asked for first, then the announcements', async () => {
    const { context, page } = await openPage(browserOf());
    const login = page.getByTestId('login-dialog');
    const fetched = notificationsFetched(page);
    // A visitor asks for a member page: / with the login dialog, and the announcements (due) wait.
    await page.goto(`${baseUrl}/member/deposit`);
    await login.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await (await fetched).finished();
    await pageHydrated(page);
    await pageIdle(page);
    expect(await dialog(page).isVisible()).toBe(false);
    // Not shown means not recorded as shown: a reload (/ rendered on the server with the list) finds
    // them still due, still waiting.
    await page.reload();
    await login.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    await pageHydrated(page);
    await pageIdle(page);
    expect(await dialog(page).isVisible()).toBe(false);
    // The login closed without logging in: the visitor stays on /, and now the announcements show.
    await login.locator('.dialog__header').getByRole('button', { name: 'ปิด' }).click();
    await dialog(page).getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    expect(await login.isVisible()).toBe(false);
    await expect.poll(() => page.url()).toBe(`${baseUrl}/`);
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

describe('a member page asked for by a visitor', () => {
  it('sends the visitor to / with the login dialog open, and once logged in to the page asked for', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/member/deposit`);
    const login = page.getByTestId('login-dialog');
    await login.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await login.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(DEMO.rich.phone);
    await login.getByLabel('รหัสผ่าน', { exact: true }).fill(DEMO.rich.password);
    await login.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(`${baseUrl}/member/deposit`);
    await page.getByText('1. เลือกช่องทางฝาก').waitFor();
    expect(await login.count()).toBe(0);
    await context.close();
  });

  it('a member logged out while on a member page (from another tab) goes to / alone: no login dialog, nothing carried', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich, '/member/deposit');
    await page.getByText('1. เลือกช่องทางฝาก').waitFor();
    const other = await context.newPage();
    await other.goto(`${baseUrl}/`);
    await other.getByRole('button', { name: 'เมนูสมาชิก' }).click();
    await other.getByTestId('member-menu').getByRole('button', { name: 'ออกจากระบบ' }).click();
    await other.getByTestId('confirm-dialog').getByRole('button', { name: 'ใช่แล้ว' }).click();
    await other.getByText('ออกจากระบบเรียบร้อย').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await pageIdle(page);
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await page.getByTestId('login-dialog').count()).toBe(0);
    await context.close();
  });

  it('carries only a member page of this site: anything else leaves / as it is', async () => {
    const { context, page } = await openPage(browserOf());
    await skipAnnouncements(context);
    for (const next of [
      'https://example.com/member/deposit',
      '//example.com/member/deposit',
      '/lotto/results',
    ]) {
      await page.goto(`${baseUrl}/?next=${encodeURIComponent(next)}`);
      await pageHydrated(page);
      await pageIdle(page);
      expect(await page.getByTestId('login-dialog').count(), next).toBe(0);
      expect(new URL(page.url()).origin).toBe(baseUrl);
    }
    await context.close();
  });
});
