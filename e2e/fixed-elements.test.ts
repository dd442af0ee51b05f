import { type LayoutName, type MemberRoute, memberRoutes } from '@chok/contract/layouts';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { DEMO, signIn } from './journeys.ts';
import { baseUrl } from './lane.ts';
import { openPage, pageHydrated, pageIdle, settled, skipAnnouncements } from './page.ts';
import { call } from './staff.ts';

/**
 * docs/rules/member-site.md §10: nothing fixed covers the page. Every member route, at the widths of
 * two phones and a tablet, for a visitor and for a member: every link, button and field, brought into
 * view the way the browser brings a focused field into view, is itself at its centre (no fixed or
 * sticky element lies on it), the page's last line is clear of the fixed elements when the page is
 * scrolled to its end, and the fixed bars' own logo and buttons are whole.
 */

const browserOf = useBrowser();

/** Two phones and a tablet (CSS px): the narrowest common phone, an iPhone, an iPad in portrait. */
const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;

/** An open round of the demo lotto markets, from the public lobby. */
async function openRoundId(): Promise<number> {
  const lobby = await call<{
    categories: { markets: { round: { round_id: number; status: string } | null }[] }[];
  }>(baseUrl, '/api/lotto/lobby?agent_id=34');
  const round = lobby.body.data.categories
    .flatMap((c) => c.markets.map((m) => m.round))
    .find((r) => r?.status === 'open');
  if (!round) throw new Error('no open lotto round');
  return round.round_id;
}

/** A demo link to the in-house slot (a fresh single-use token each time), as the launcher opens it. */
async function demoSlotPath(): Promise<string> {
  const list = await call<{ game_id: string; provider_id: string; name: string }[]>(
    baseUrl,
    '/api/game/list?category=slot',
  );
  const slot = list.body.data.find((g) => g.name === 'ช้างทอง');
  if (!slot) throw new Error('the demo slot ช้างทอง is missing');
  const demo = await call<{ link: string }>(baseUrl, '/api/game/demo', {
    method: 'POST',
    body: JSON.stringify({ game_id: slot.game_id, provider_id: slot.provider_id, is_mobile: true }),
  });
  if (demo.body.error !== 0) throw new Error(`demo link refused: ${demo.body.message}`);
  const link = new URL(demo.body.data.link, baseUrl);
  return link.pathname + link.search;
}

let roundId: number;
beforeAll(async () => {
  roundId = await openRoundId();
});

/**
 * The path walked for each route: parameters filled with real ids of the demo data. A route added to
 * the table without a value here fails the test instead of going unwalked.
 */
async function pathOf(route: MemberRoute): Promise<string> {
  switch (route) {
    case '/lotto/:round_id?':
      return `/lotto/${roundId}`;
    case '/poll/:id?':
      return '/poll/1';
    case '/play/:game?':
      return demoSlotPath();
    case '/lobby/:name?':
      return '/lobby/slot';
    case '/liff/:name?':
      return '/liff/checkin';
    default:
      if (route.includes(':')) throw new Error(`no demo value for the parameters of ${route}`);
      return route;
  }
}

/** The layouts a member or a visitor is sent away from (docs/rules/member-site.md §6). */
const MEMBERS_ONLY: readonly LayoutName[] = ['auth', 'payment'];
const VISITORS_ONLY: readonly LayoutName[] = ['no-auth', 'iframe'];

/** The routes one of them can open. */
const routesFor = (member: boolean) =>
  (Object.keys(memberRoutes) as MemberRoute[]).filter((r) =>
    member ? !VISITORS_ONLY.includes(memberRoutes[r]) : !MEMBERS_ONLY.includes(memberRoutes[r]),
  );

/**
 * The site's API calls under way in a page (the live event stream, which stays open, left out): a
 * page is ready to be looked at once its data has arrived.
 */
function apiCallsOf(page: Page): Set<Request> {
  const pending = new Set<Request>();
  const isCall = (r: Request) => {
    const { pathname } = new URL(r.url());
    return pathname.startsWith('/api/') && pathname !== '/api/stream';
  };
  page.on('request', (r) => {
    if (isCall(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return pending;
}

/** Waits until the page is rendered with its data: no call under way, fonts in, animations done. */
async function ready(page: Page, pending: Set<Request>): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && main.getAttribute('aria-busy') !== 'true' && main.childElementCount > 0;
  });
  for (;;) {
    await expect.poll(() => pending.size).toBe(0);
    await settled(page);
    await pageIdle(page);
    if (pending.size === 0) return;
  }
}

/**
 * In the page: every place where a fixed or sticky element covers the page. Runs three checks and
 * returns one line per fault:
 * - the fixed bars' own logo and buttons (header, lobby bar, bottom bar, floating buttons) are inside
 *   the screen and nothing lies on them (the wallet chip once covered the logo);
 * - every link, button and field of the page, brought into view as the browser brings a focused
 *   field into view (`scrollIntoView` nearest), is the element found at its centre, not a fixed or
 *   sticky element;
 * - the page's last line of text, the page scrolled to its end, and the last line of `<main>`,
 *   brought into view, are found at their left end, middle and right end, not a fixed element.
 */
function coverFaults(): string[] {
  const faults: string[] = [];
  const fixedOf = (el: Element | null): Element | null => {
    for (let e = el; e; e = e.parentElement) {
      const position = getComputedStyle(e).position;
      if (position === 'fixed' || position === 'sticky') return e;
    }
    return null;
  };
  const name = (el: Element | null): string => {
    if (!el) return 'nothing';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
    const label = el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}${cls} "${label.trim().replace(/\s+/g, ' ').slice(0, 24)}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 1 &&
      r.height > 1 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      el.closest('[inert], [aria-hidden="true"], dialog') === null
    );
  };
  /** The element at (x, y) is `el`, inside it, or the label of the field `el`. */
  const isAt = (el: Element, x: number, y: number): Element | null => {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit) || hit.closest('label')?.control === el)) return null;
    return hit ?? document.documentElement;
  };
  const cover = (hit: Element) => {
    const fixed = fixedOf(hit);
    return fixed ? name(fixed) : null;
  };

  // 1. The fixed bars' own logo and buttons, at the top of the page.
  window.scrollTo(0, 0);
  const controls =
    'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(`${controls}, img`)) {
    if (!shown(el) || fixedOf(el) === null) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > window.innerWidth + 0.5) {
      faults.push(`${name(el)} runs off the screen (${Math.round(r.left)}–${Math.round(r.right)} px)`);
      continue;
    }
    const y = (r.top + r.bottom) / 2;
    const xs =
      el.tagName === 'IMG' ? [r.left + 2, (r.left + r.right) / 2, r.right - 2] : [(r.left + r.right) / 2];
    for (const x of xs) {
      const hit = isAt(el, x, y);
      if (hit) {
        faults.push(`${name(el)} is covered by ${name(hit)} at x=${Math.round(x)}`);
        break;
      }
    }
  }

  // 2. Every link, button and field of the page, brought into view.
  for (const el of document.querySelectorAll(controls)) {
    if (!shown(el) || fixedOf(el) !== null) continue;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const top = Math.max(r.top, 0);
    const bottom = Math.min(r.bottom, window.innerHeight);
    const left = Math.max(r.left, 0);
    const right = Math.min(r.right, window.innerWidth);
    if (bottom <= top || right <= left) continue; // clipped away by its own scroller
    const hit = isAt(el, (left + right) / 2, (top + bottom) / 2);
    const by = hit && cover(hit);
    if (by) faults.push(`${name(el)} is under ${by}`);
  }

  // 3. The last line of the page, the page scrolled to its end, and the last line of <main>,
  // brought into view.
  const lastLine = (root: Element): { el: Element; rect: DOMRect } | null => {
    let best: { el: Element; rect: DOMRect } | null = null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !shown(el) || fixedOf(el) !== null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 1 && (!best || rect.bottom > best.rect.bottom + 0.5)) best = { el, rect };
      }
    }
    return best;
  };
  const main = document.getElementById('main');
  for (const [what, root] of [
    ['the last line of the page', document.body],
    ['the last line of <main>', main],
  ] as const) {
    if (!root) continue;
    if (root === document.body) window.scrollTo(0, document.documentElement.scrollHeight);
    else lastLine(root)?.el.scrollIntoView({ block: 'nearest' });
    const line = lastLine(root);
    if (!line) continue;
    const { el, rect } = line;
    const y = (rect.top + rect.bottom) / 2;
    if (rect.bottom > window.innerHeight + 0.5) {
      faults.push(`${what} (${name(el)}) cannot be scrolled into the screen`);
      continue;
    }
    for (const x of [rect.left + 2, (rect.left + rect.right) / 2, rect.right - 2]) {
      const hit = isAt(el, x, y);
      const by = hit && cover(hit);
      if (by) {
        faults.push(`${what} (${name(el)}) is under ${by} at x=${Math.round(x)}`);
        break;
      }
    }
  }
  window.scrollTo(0, 0);
  return faults;
}

/** Opens `path` in `page` (a full load, as a link from outside does) and lists its faults. */
async function faultsOn(page: Page, pending: Set<Request>, path: string): Promise<string[]> {
  await page.goto(`${baseUrl}${path}`);
  await ready(page, pending);
  const at = new URL(page.url());
  // A route the visitor or member is sent away from is not walked (MEMBERS_ONLY, VISITORS_ONLY).
  expect(at.pathname + at.search).toBe(path);
  return page.evaluate(coverFaults);
}

describe('nothing fixed covers the page (docs/rules/member-site.md §10)', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  for (const size of SIZES) {
    for (const member of [false, true]) {
      // The member at 390 px walks with the floating buttons tucked away: the tab left of them
      // covers nothing either.
      const tucked = member && size.width === 390;
      it(`every route at ${size.width} px, ${member ? 'a member' : 'a visitor'}${tucked ? ', the floating buttons tucked away' : ''}`, async () => {
        const { context, page } = await openPage(browserOf(), size);
        contexts.push(context);
        await skipAnnouncements(context);
        if (member) await signIn(page, baseUrl, DEMO.rich);
        if (tucked) await page.getByRole('button', { name: 'ซ่อนปุ่มลอย' }).click();
        const pending = apiCallsOf(page);
        const faults: string[] = [];
        for (const route of routesFor(member)) {
          const path = await pathOf(route);
          for (const fault of await faultsOn(page, pending, path)) faults.push(`${route}: ${fault}`);
        }
        expect(faults, `covered:\n${faults.join('\n')}\n`).toEqual([]);
        await context.close();
      });
    }
  }
});

/**
 * How far up from the bottom of the screen the visible fixed elements reach, and the room the shell
 * keeps for them under the footer.
 */
function bottomRoom(page: Page): Promise<{ reach: number; room: number }> {
  return page.evaluate(() => {
    let top = window.innerHeight;
    for (const el of document.querySelectorAll('.mobile-bar, .chat-fab, .event-fab, .fab-toggle')) {
      const r = el.getBoundingClientRect();
      if (r.height > 0 && el.checkVisibility()) top = Math.min(top, r.top);
    }
    const shell = document.querySelector('.shell');
    return {
      reach: window.innerHeight - top,
      room: shell ? Number.parseFloat(getComputedStyle(shell).paddingBottom) : 0,
    };
  });
}

describe('the floating buttons and the scroll (docs/rules/member-site.md §10)', () => {
  it('the chat and event buttons tuck away for the browser session, and the page keeps room for what is left', async () => {
    const { context, page } = await openPage(browserOf(), SIZES[1]);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/`);
    const chat = page.getByRole('link', { name: 'แชทกับเจ้าหน้าที่' });
    const chest = page.getByRole('button', { name: 'กิจกรรม', exact: true });
    await chat.waitFor();
    await chest.waitFor();
    const shown = await bottomRoom(page);
    expect(shown.room).toBeGreaterThanOrEqual(shown.reach);

    await page.getByRole('button', { name: 'ซ่อนปุ่มลอย' }).click();
    await chat.waitFor({ state: 'hidden' });
    await chest.waitFor({ state: 'hidden' });
    const tucked = await bottomRoom(page);
    expect(tucked.reach).toBeLessThan(shown.reach);
    expect(tucked.room).toBeGreaterThanOrEqual(tucked.reach);
    expect(tucked.room).toBeLessThan(shown.room);

    // Another page, loaded afresh in the same tab: still tucked, until the member brings them back.
    await page.goto(`${baseUrl}/promotions`);
    await pageHydrated(page);
    await page.getByRole('button', { name: 'แสดงปุ่มลอย' }).waitFor();
    expect(await chat.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'แสดงปุ่มลอย' }).click();
    await chat.waitFor();
    await chest.waitFor();

    // A new browser session starts with them shown.
    await page.getByRole('button', { name: 'ซ่อนปุ่มลอย' }).click();
    await chat.waitFor({ state: 'hidden' });
    const next = await openPage(browserOf(), SIZES[1]);
    await skipAnnouncements(next.context);
    await next.page.goto(`${baseUrl}/`);
    await next.page.getByRole('link', { name: 'แชทกับเจ้าหน้าที่' }).waitFor();
    await next.context.close();
    await context.close();
  });

  it('a page loaded afresh opens at its top, whatever page the tab left scrolled down', async () => {
    const { context, page } = await openPage(browserOf(), SIZES[1]);
    await skipAnnouncements(context);
    // A page the browser renders (not the server), loaded after a page left scrolled down.
    await page.goto(`${baseUrl}/lotto/lobby`);
    await pageHydrated(page);
    await page
      .locator('a.market-card')
      .last()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await page.goto(`${baseUrl}/fair`);
    await pageHydrated(page);
    await pageIdle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('a market tapped low on /lotto/lobby opens its round at the top; Back returns to where the member was', async () => {
    const { context, page } = await openPage(browserOf(), SIZES[1]);
    await skipAnnouncements(context);
    await page.goto(`${baseUrl}/lotto/lobby`);
    await pageHydrated(page);
    const markets = page.locator('a.market-card.is-open');
    await markets.first().waitFor();
    const last = markets.last();
    await last.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(400);

    await last.click();
    await page.waitForURL(/\/lotto\/\d+$/);
    const title = page.locator('.round-head__title');
    await title.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The round's name and countdown are on the first screen, below the header.
    const inView = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const header = document.querySelector('.header')!.getBoundingClientRect();
        return r.top >= header.bottom && r.bottom <= window.innerHeight;
      });
    expect(await inView('.round-head__title')).toBe(true);
    expect(await inView('[data-testid="round-countdown"]')).toBe(true);

    await page.goBack();
    await page.waitForURL(`${baseUrl}/lotto/lobby`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    await context.close();
  });
});
