import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, PHONE, skipAnnouncements } from './page.ts';
import { call, registerMember, staffLogin } from './staff.ts';

const browserOf = useBrowser();
let support: string;

beforeAll(async () => {
  support = await staffLogin(baseUrl, 'support');
});

/** A member registered through the API, with 2,000 baht (and the gateway's satang) paid in by the sandbox gateway. */
async function fundedMember(): Promise<{ phone: string; password: string; token: string }> {
  const { phone, password, token } = await registerMember(baseUrl, support, {
    bankCode: '004',
    accountPrefix: '8',
    accountName: (p) => `มือถือ ทดสอบ${p.slice(-4)}`,
  });
  const qr = await call<{ gateway_ref: string }>(baseUrl, '/api/member/payment/generate_qr', {
    method: 'POST',
    token,
    body: JSON.stringify({
      channel_id: 3,
      sub_channel_id: 2,
      amount: 2000,
      promotion_id: null,
      idempotency_key: crypto.randomUUID(),
    }),
  });
  if (qr.body.error !== 0) throw new Error(`deposit failed: ${qr.body.message}`);
  const paid = await call(baseUrl, `/api/sandbox/payments/${qr.body.data.gateway_ref}/pay`, {
    method: 'POST',
    body: '{}',
  });
  if (paid.body.error !== 0) throw new Error(`sandbox pay failed: ${paid.body.message}`);
  return { phone, password, token };
}

/** An open round of a regular market that stays open for the test, from the public lobby. */
async function openRoundId(): Promise<number> {
  const lobby = await call<{
    categories: { markets: { round: { round_id: number; status: string; close_at: string } | null }[] }[];
  }>(baseUrl, '/api/lotto/lobby?agent_id=34');
  const round = lobby.body.data.categories
    .flatMap((c) => c.markets.map((m) => m.round))
    .find((r) => r?.status === 'open' && new Date(r.close_at).getTime() - Date.now() > 30 * 60_000);
  if (!round) throw new Error('no open round closing in more than 30 minutes');
  return round.round_id;
}

/**
 * Scrolls the page top to bottom and lists every place where a visible floating button (chat,
 * event chest) lies on a button, link, field or heading of the page.
 */
function coveredByFloatingButtons(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const fabs = [...document.querySelectorAll('.chat-fab, .event-fab')];
    const targets = [...document.querySelectorAll('main :is(button, a, input, select, h1, h2, h3)')];
    const hits = new Set<string>();
    const max = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y += window.innerHeight / 4) {
      window.scrollTo(0, Math.min(y, max));
      await frame();
      await frame();
      for (const fab of fabs.filter(visible)) {
        const a = fab.getBoundingClientRect();
        for (const t of targets.filter(visible)) {
          const b = t.getBoundingClientRect();
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
            hits.add(
              `${fab.className} covers ${t.tagName.toLowerCase()} "${(t.textContent ?? '').trim().slice(0, 20)}"`,
            );
          }
        }
      }
      if (y >= max) break;
    }
    window.scrollTo(0, 0);
    return [...hits];
  });
}

const THAI_MONEY = /^\d{1,3}(,\d{3})*\.\d{2}$/;

describe('what a member sees on a 390 px phone', () => {
  it('the profile page fits the width: the referral link wraps, nothing scrolls sideways', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, DEMO.rich, '/member/profile');
    await page.getByText(/\/register\?ref=DEMO0001$/).waitFor();
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    await context.close();
  });

  it('a lotto round: the floating buttons cover nothing, the bill and the wallet show Thai-grouped baht, and the statement says ซื้อหวย บิล #n', async () => {
    const member = await fundedMember();
    const roundId = await openRoundId();
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await signIn(page, baseUrl, member, `/lotto/${roundId}`);
    const chip = page.getByTestId('wallet-total');
    await expect.poll(() => chip.textContent()).toMatch(/^2,000\.\d\d$/);
    await page.getByRole('button', { name: '2 ตัวบน' }).waitFor();
    expect(await coveredByFloatingButtons(page)).toEqual([]);
    // The chat contact stays one tap away, in the drawer.
    await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
    await page.getByTestId('drawer').getByRole('link', { name: 'แชทกับเจ้าหน้าที่' }).waitFor();
    await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();

    await page.getByRole('button', { name: '2 ตัวบน' }).click();
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'ใส่ราคา (1)' }).click();
    const dialog = page.getByTestId('bill-dialog');
    await dialog.getByLabel('ราคา 2 ตัวบน 12').fill('20');
    await expect.poll(() => dialog.getByTestId('bill-total').textContent()).toBe('20.00 บาท');
    await dialog.getByRole('button', { name: 'ยืนยันส่งโพย' }).click();
    const bought = page.getByTestId('bill-bought');
    await bought.waitFor();
    const left = await bought.getByTestId('bill-bought-balance').textContent();
    expect(left).toMatch(THAI_MONEY);
    expect(left).toMatch(/^1,980\.\d\d$/);
    await expect.poll(() => chip.textContent()).toBe(left);
    const billId = /โพย #(\d+)/.exec((await bought.textContent()) ?? '')?.[1];
    expect(billId).toBeDefined();

    await page.goto(`${baseUrl}/member/statement`);
    const rows = page.getByTestId('statement-list').getByRole('listitem');
    await rows.filter({ hasText: `ซื้อหวย บิล #${billId}` }).waitFor();
    await rows.filter({ hasText: 'ฝากเงิน รายการ #' }).waitFor();
    expect(await page.getByTestId('statement-list').textContent()).not.toMatch(/lotto:|DEP-|chok:/);
    await context.close();
  });

  it('an unknown or malformed /lotto/{round_id} shows the 404 page at that URL', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    for (const path of ['/lotto/99999999', '/lotto/abc', '/lotto/0']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: 'Not Found' }).waitFor();
      await page.getByText('404', { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      // Full-screen, as for any unknown route: the overlay lies over the header and the bottom bar.
      const onTop = await page.evaluate(() =>
        [
          [window.innerWidth / 2, 20],
          [window.innerWidth / 2, window.innerHeight - 20],
        ].map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.error-page') !== null),
      );
      expect(onTop).toEqual([true, true]);
    }
    await context.close();
  });

  it('the drawer reopens the announcements after they were closed', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    const dialog = page.getByTestId('notification-dialog');
    const footer = dialog.locator('.dialog__footer');
    await page.goto(`${baseUrl}/`);
    // Shown once on arrival, then closed. (Its heading read as it is, so a wrong count says so.)
    const heading = dialog.getByRole('heading', { name: /^ประกาศสำคัญ/ });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('ประกาศสำคัญ (1 / 2)');
    await footer.getByRole('button', { name: 'ถัดไป' }).click();
    await footer.getByRole('button', { name: 'ปิด' }).click();
    await dialog.getByRole('heading').waitFor({ state: 'detached' });
    // The header's bell is hidden at this width; the drawer brings them back.
    expect(await page.locator('.header__bell').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'เปิดเมนูนำทาง' }).click();
    await page.getByTestId('drawer').getByRole('button', { name: 'ประกาศสำคัญ' }).click();
    await dialog.getByRole('heading', { name: 'ประกาศสำคัญ (1 / 2)' }).waitFor();
    await dialog.getByText('ประกาศปิดปรับปรุงระบบธนาคาร').waitFor();
    await context.close();
  });

  it('the home tiles name only the game categories and games the catalogue has', async () => {
    const lobby = await call<Record<string, { name: string }[]>>(baseUrl, '/api/game/lobby?limit=100');
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    const tiles = page.getByTestId('category-tiles');
    await tiles.getByRole('link', { name: /สล็อต/ }).waitFor();
    const text = (await tiles.textContent()) ?? '';
    // A word of a kind of game appears only where a game of the catalogue carries it (the aggregator's
    // live tables are called บาคาร่าสด, รูเล็ตสด).
    const names = Object.values(lobby.body.data)
      .flat()
      .map((g) => g.name)
      .join(' ');
    for (const word of ['รูเล็ต', 'มวย', 'ทุกค่าย', 'สด']) {
      if (!names.includes(word)) expect(text).not.toContain(word);
    }
    for (const category of ['slot', 'casino', 'sport', 'fishing']) {
      const games = lobby.body.data[category] ?? [];
      const tile = tiles.locator(`a[href="/lobby/${category}"]`);
      if (games.length === 0) {
        expect(await tile.count()).toBe(0);
        continue;
      }
      const firstWord = games[0]!.name.split(/\s+/)[0]!;
      expect(await tile.textContent()).toContain(firstWord);
    }
    await context.close();
  });

  it('the first paint is framed by the layout the start-up payload names', async () => {
    const { context, page } = await openPage(browserOf(), PHONE);
    await skipAnnouncements(context);
    // Hold the page's code chunk: what shows meanwhile is the first paint. (A page rendered on the
    // server shows itself at once, e2e/server-render.test.ts; this one renders in the browser.)
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/assets\/Fair-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/fair`);
    const payload = await page.evaluate(
      () => JSON.parse(document.getElementById('chok-startup')?.textContent ?? '{}') as { layout: string },
    );
    expect(payload.layout).toBe('default');
    // The default layout's header and footer are there before the page is.
    await page.locator('header.header').waitFor();
    await page.locator('main[aria-busy="true"]').waitFor();
    await page.locator('footer').waitFor();
    release();
    await page.locator('main[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'ตรวจสอบความยุติธรรม' }).first().waitFor();
    await context.close();
  });
});
