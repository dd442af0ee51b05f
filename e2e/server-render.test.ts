import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './browser.ts';
import { DEMO, loginThroughForm, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { DESKTOP, openPage, PHONE, pageHydrated, skipAnnouncements } from './page.ts';

const browserOf = useBrowser();

/** A context with JavaScript switched off: what a slow phone shows before any script has run. */
async function openWithoutScripts(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browserOf().newContext({
    viewport: PHONE,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    javaScriptEnabled: false,
  });
  context.setDefaultTimeout(10_000);
  return { context, page: await context.newPage() };
}

/** Every console warning and error, and every uncaught error, of the page from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  return problems;
}

interface Stored {
  state: Record<string, unknown> & {
    token?: string | null;
    isLoggedIn?: boolean;
    userInfo?: { phone: string } | null;
    lobby?: { hot: unknown[]; slot: unknown[] } | null;
    wallets?: unknown[];
    points?: { point: number } | null;
  };
}

const stored = (page: Page, storage: 'localStorage' | 'sessionStorage', key: string) =>
  page.evaluate(
    ([s, k]) => {
      const raw = window[s as 'localStorage'].getItem(k!);
      return raw ? (JSON.parse(raw) as Stored) : null;
    },
    [storage, key],
  );

describe('the public pages are rendered on the server (spec §4 start-up)', () => {
  it('without JavaScript, the public pages show their real content, styled', async () => {
    const { context, page } = await openWithoutScripts();

    const home = await page.goto(`${baseUrl}/`);
    expect(home?.status()).toBe(200);
    const tiles = page.getByTestId('category-tiles');
    await tiles.getByRole('link', { name: /หวยออนไลน์/ }).waitFor();
    expect(await tiles.getByRole('link', { name: /สล็อต/ }).count()).toBe(1);
    await page.getByRole('heading', { name: 'โปรโมชั่น', level: 2 }).waitFor();
    expect(await page.locator('.promo-card').count()).toBeGreaterThan(0);
    await page.locator('header img[src="/brand/logo.svg"]').waitFor();
    // The page's own stylesheet (home.css, a chunk of the page's code) is in the head.
    expect(await tiles.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect(await page.title()).toBe('หน้าแรก | Chok');

    await page.goto(`${baseUrl}/lotto/results`);
    await page.getByRole('heading', { name: 'ผลหวย', level: 1 }).waitFor();
    const cards = page.locator('[data-testid^="result-"]');
    expect(await cards.count()).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/lotto/rates`);
    await page.getByRole('heading', { name: 'อัตราจ่ายหวย', level: 1 }).waitFor();
    const thai = page.getByRole('region', { name: 'หวยรัฐบาลไทย' });
    const threeTop = thai.getByRole('row', { name: /3 ตัวบน/ });
    await threeTop.waitFor();
    expect(await threeTop.getByRole('cell').nth(1).textContent()).toMatch(/^\d[\d,.]*$/);
    expect(await page.locator('.rates-grid').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    // The announcements the server opened are on screen with the page: their first slide (and its
    // picture) does not fade in from transparent.
    const slide = page.getByTestId('notification-dialog').locator('.notice-slide');
    expect(await slide.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await slide.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    await page.goto(`${baseUrl}/lotto/lobby`);
    await page.getByRole('heading', { name: 'หวยออนไลน์', level: 1 }).waitFor();
    expect(await page.locator('[data-testid^="market-"]').count()).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/promotions`);
    await page.getByRole('heading', { name: 'โปรโมชั่น', level: 1 }).waitFor();
    expect(await page.getByTestId('promotion-card').count()).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/lobby/casino`);
    await page.getByRole('heading', { name: 'คาสิโน', level: 1 }).waitFor();
    expect(await page.locator('.lobby-grid [data-testid="game-card"]').count()).toBeGreaterThan(0);
    // Shown as it is: the page a visitor opens does not fade in from transparent.
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

    // A guarded page is not rendered on the server: its guard runs in the browser first.
    await page.goto(`${baseUrl}/member/deposit`);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();
  });

  it.each([
    [
      '/',
      async (page: Page) => {
        await page.locator('.promo-card').first().click();
        await page.getByTestId('promotion-dialog').getByRole('link', { name: 'รับโปรโมชั่น' }).waitFor();
      },
    ],
    [
      '/lotto/results',
      async (page: Page) => {
        const tab = page.getByRole('tab', { name: 'หวยยี่กี' });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      },
    ],
    [
      '/lotto/rates',
      async (page: Page) => {
        const tab = page.getByRole('tab', { name: 'หวยยี่กี' });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      },
    ],
    [
      '/lotto/lobby',
      async (page: Page) => {
        const tab = page.getByRole('tab', { name: 'หวยหุ้น' });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      },
    ],
    [
      '/lobby/casino',
      async (page: Page) => {
        const search = page.getByRole('searchbox', { name: 'ค้นหาเกม' });
        await search.fill('ห้องสยาม');
        await page.getByRole('heading', { name: 'ผลการค้นหา' }).waitFor();
        await expect.poll(() => page.locator('.lobby-grid [data-testid="game-card"]').count()).toBe(1);
        await page.locator('.lobby-grid [data-game="baccarat-1"]').waitFor();
      },
    ],
  ] as const)(
    'with JavaScript, %s hydrates the server’s markup as it is, with no console warning',
    async (path, interact) => {
      const { context, page } = await openPage(browserOf(), DESKTOP);
      await skipAnnouncements(context);
      const problems = consoleProblems(page);
      // The site's script waits until the server's markup has been marked: hydration must keep those
      // very elements (a mismatch would render the page again from scratch and drop the marks).
      let release!: () => void;
      const marked = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await marked;
        await route.continue();
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
      await page.locator('main .container').first().waitFor({ state: 'attached' });
      await page.evaluate(() => {
        document.querySelector('main .container')!.setAttribute('data-server-markup', '');
        document.querySelector('header')!.setAttribute('data-server-markup', '');
      });
      release();
      await pageHydrated(page);
      await interact(page);
      expect(await page.locator('[data-server-markup]').count()).toBe(2);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('a page that fails its validation (/lotto/abc) is the 404 page, with and without JavaScript', async () => {
    for (const open of [openWithoutScripts, () => openPage(browserOf())]) {
      const { context, page } = await open();
      const res = await page.goto(`${baseUrl}/lotto/abc`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Not Found' }).waitFor();
      await page.getByText('404', { exact: true }).waitFor();
      await page.getByText('ไม่พบหน้าที่คุณต้องการ').waitFor();
      await context.close();
    }
  });
});

describe('the state the specification names (spec §3, §9)', () => {
  it('on desktop the header opens login and register as dialogs; logging in keeps the member on the page', async () => {
    const { context, page } = await openPage(browserOf(), DESKTOP);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/rates`);
    const header = page.locator('header');

    await header.getByRole('link', { name: 'สมัครสมาชิก' }).click();
    const register = page.getByTestId('register-dialog');
    await register.getByRole('heading', { name: 'สมัครสมาชิก' }).waitFor();
    await register.getByRole('button', { name: 'ขอรหัส OTP' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/lotto/rates');
    expect(await seriousViolations(page)).toEqual([]);

    // The register form's "log in" switches to the login dialog.
    await register.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    const login = page.getByTestId('login-dialog');
    await login.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill(DEMO.rich.phone);
    await expect.poll(() => register.isVisible()).toBe(false);
    await login.getByLabel('รหัสผ่าน', { exact: true }).fill(DEMO.rich.password);
    await login.locator('form').getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByTestId('wallet-total').waitFor();
    await expect.poll(() => login.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/lotto/rates');
    await context.close();
  });

  it('on a phone the same buttons lead to the pages; /login_box serves the same form in the bare iframe layout', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('mobile-bar').getByRole('link', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.getByTestId('login-dialog').count()).toBe(0);

    await page.goto(`${baseUrl}/login_box`);
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).waitFor();
    await page.getByLabel('รหัสผ่าน', { exact: true }).waitFor();
    expect(await page.locator('header.header').count()).toBe(0);
    await page.goto(`${baseUrl}/register_box`);
    await page.getByRole('button', { name: 'ขอรหัส OTP' }).waitFor();
    expect(await page.locator('header.header').count()).toBe(0);
    await context.close();
  });

  it('the game link asks for the mobile client below the smUp breakpoint (is_mobile)', async () => {
    for (const [viewport, mobile] of [
      [PHONE, true],
      [DESKTOP, false],
    ] as const) {
      const { context, page } = await openPage(browserOf(), viewport);
      await skipAnnouncements(context);
      await page.goto(`${baseUrl}/lobby/slot`);
      const demo = page.waitForRequest((r) => r.url().endsWith('/api/game/demo'));
      await page
        .locator('[data-game="golden-elephant"]')
        .last()
        .getByRole('button', { name: 'ทดลองเล่น' })
        .click();
      expect((await demo).postDataJSON()).toMatchObject({ is_mobile: mobile });
      await context.close();
    }
  });

  it('the home page is alive: an open round counts down on the server clock and leads to its round page, a result to its day, a game to the login', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    await pageHydrated(page);
    const rounds = page.getByTestId('home-rounds');
    const ticking = rounds.locator('.market-card.is-open [data-testid="round-clock"]').first();
    const first = await ticking.textContent();
    // The countdown moves after hydration (the markup came with the render instant's).
    await expect.poll(() => ticking.textContent()).not.toBe(first);
    const glo = page.getByTestId('home-round-glo');
    const href = await glo.getAttribute('href');
    expect(href).toMatch(/^\/lotto\/\d+$/);
    await glo.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await page.getByRole('heading', { name: /หวยรัฐบาลไทย/, level: 1 }).waitFor();

    await page.goto(`${baseUrl}/`);
    const result = page.getByTestId('home-results').getByRole('link').first();
    const day = (await result.getAttribute('href'))!;
    expect(day).toMatch(/^\/lotto\/results\?date=\d{4}-\d{2}-\d{2}$/);
    await result.click();
    await page.waitForURL(`${baseUrl}${day}`);
    await page.getByRole('heading', { name: 'ผลหวย', level: 1 }).waitFor();

    // A game's picture is there, drawn; a visitor who picks it logs in first.
    await page.goto(`${baseUrl}/`);
    const game = page.getByTestId('home-games').getByRole('button').first();
    const picture = game.locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await game.click();
    await page.waitForURL(`${baseUrl}/login`);
    await context.close();
  });

  it('user, local and lobby data persist under local_data, session data under session_data, across a reload', async () => {
    const { context, page } = await openPage(browserOf(), DESKTOP);
    await skipAnnouncements(context);
    // Through the form: what the site itself stores after a login is the subject.
    await loginThroughForm(page, baseUrl, DEMO.rich);
    await page.getByTestId('category-tiles').getByRole('link', { name: /สล็อต/ }).waitFor();
    await page.getByRole('button', { name: 'เมนูสมาชิก' }).click();
    await page.getByTestId('member-menu').getByText(DEMO.rich.phone).waitFor();
    await page.getByTestId('points-total').filter({ hasText: /\d/ }).waitFor();

    await expect
      .poll(async () => (await stored(page, 'localStorage', 'local_data'))?.state.lobby?.hot.length)
      .toBeGreaterThan(0);
    const local = (await stored(page, 'localStorage', 'local_data'))!.state;
    expect(local).toMatchObject({ isLoggedIn: true, userInfo: { phone: DEMO.rich.phone } });
    expect(local.token).toMatch(/.+/);
    expect(local.lobby!.slot.length).toBeGreaterThan(0);
    const session = (await stored(page, 'sessionStorage', 'session_data'))!.state;
    expect(session.wallets!.length).toBeGreaterThan(0);
    expect(session.points).toMatchObject({ point: expect.any(Number) });

    // After a reload the member is still logged in, and what was stored shows while the fresh
    // lists and balances cannot be had: the lobby's tiles (local_data) and the chip (session_data).
    await page.route('**/api/game/lobby*', (route) => route.abort());
    await page.route('**/api/member/wallets', (route) => route.abort());
    await page.reload();
    await expect.poll(() => page.getByTestId('wallet-total').textContent()).toBe('5,350.00');
    await page.getByTestId('category-tiles').getByRole('link', { name: /สล็อต/ }).waitFor();
    expect((await stored(page, 'localStorage', 'local_data'))!.state.token).toBe(local.token);
    expect((await stored(page, 'sessionStorage', 'session_data'))!.state.wallets).toEqual(session.wallets);

    // A new tab has the user (local_data) but not this tab's session data.
    const tab = await context.newPage();
    await tab.route('**/api/member/wallets', (route) => route.abort());
    await tab.goto(`${baseUrl}/lotto/rates`);
    await tab.getByTestId('wallet-total').waitFor();
    await pageHydrated(tab);
    expect((await stored(tab, 'localStorage', 'local_data'))!.state.token).toBe(local.token);
    expect((await stored(tab, 'sessionStorage', 'session_data'))?.state.wallets ?? []).toEqual([]);
    expect(await tab.getByTestId('wallet-total').textContent()).toBe('–');
    await context.close();
  });

  it('the deposit notice shows the operator’s bank and TrueMoney accounts from agent state', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich, '/member/deposit');
    await page.getByRole('button', { name: 'บัญชีรับฝาก' }).click();
    const notice = page.getByTestId('deposit-notice');
    await notice.getByText('048-1-23456-7').waitFor();
    await notice.getByText('0951234567').waitFor();
    expect(await notice.getByRole('region', { name: 'บัญชีธนาคาร' }).count()).toBe(2);
    await context.close();
  });

  it('a pending state lasts at least 200 ms, however quickly the answer comes (the chip’s refresh)', async () => {
    const { context, page } = await openPage(browserOf(), DESKTOP);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich);
    await page.getByTestId('points-total').filter({ hasText: /\d/ }).waitFor();
    // Answer the refresh at once, from the browser's side.
    for (const [url, data] of [
      ['**/api/member/wallets', [{ id: 1, wallet_name: 'กระเป๋าหลัก', balance: '5000.00', wallet_type_id: 1 }]],
      ['**/api/member/points', { point: 1, carry: '0.00' }],
    ] as const) {
      await page.route(url, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ error: 0, message: '', data }),
        }),
      );
    }
    const button = page.getByRole('button', { name: 'รีเฟรชยอดเงิน' });
    await button.evaluate((el) => {
      const times: number[] = [];
      (window as unknown as { spinTimes: number[] }).spinTimes = times;
      new MutationObserver(() => times.push(performance.now())).observe(el, {
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spinTimes: number[] }).spinTimes.length))
      .toBe(2);
    const [on, off] = await page.evaluate(() => (window as unknown as { spinTimes: number[] }).spinTimes);
    // The 200 ms run from the click; the observer sees the class when React commits it, up to a frame
    // (16 ms) later, so the span it measures may be a frame shorter — an instant answer would be ~0 ms.
    expect(off! - on!).toBeGreaterThanOrEqual(200 - 17);
    await context.close();
  });
});
