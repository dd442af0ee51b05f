import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixedClock, systemClock } from '../src/platform/clock.ts';
import { inProcessFetch, pageHtml, SSR_DATA_TTL_MS } from '../src/platform/member-site.ts';
import { call, createTestApp, staffToken, type TestApp } from './helpers.ts';
import { lottoOf } from './lotto-fixtures.ts';
import { builtDist } from './product.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // The member site and its server-side renderer as `npm run build` built them (the global setup
  // brought them up to date).
  dist = builtDist('web');
  t = await createTestApp({ env: { WEB_DIST: dist } });
  // The rounds the scheduler keeps ahead (its job does not run in tests), opened as of now.
  await lottoOf(t, systemClock).tick(new Date());
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="chok-ssr">/.exec(html)?.[1] ?? '';
const ssrData = (html: string) => {
  const m = /<script type="application\/json" id="chok-ssr">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { queries: { queries: { queryKey: unknown[] }[] } }) : null;
};

describe('the public pages are rendered on the server with their data (spec §4 start-up)', () => {
  it('/lotto/rates: the rate tables in the markup, the page title, its data for hydration', async () => {
    const res = await get('/lotto/rates');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('อัตราจ่ายหวย');
    expect(root).toContain('หวยรัฐบาลไทย');
    expect(root).toContain('3 ตัวบน');
    expect(root).toContain('<header class="header">');
    expect(res.body).toContain('<title>อัตราจ่ายหวย | Chok</title>');
    const keys = ssrData(res.body)!.queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['lotto', 'rates', '']);
    expect(keys).toContainEqual(['events', 'chok']);
  });

  it('/: the category tiles and the promotions, with the visitor’s join buttons', async () => {
    const root = rootOf((await get('/')).body);
    expect(root).toContain('หวยออนไลน์');
    expect(root).toContain('สมัครสมาชิกวันนี้');
    expect(root).toMatch(/class="promo-grid"/);
  });

  it('/: the open lottery rounds with their countdowns, the latest results and the games with their pictures, each leading somewhere real', async () => {
    const res = await get('/');
    const root = rootOf(res.body);
    const lobby = (await get('/api/lotto/lobby')).json().data as {
      categories: { markets: { code: string; round: { round_id: number; status: string } | null }[] }[];
    };
    const markets = lobby.categories.flatMap((c) => c.markets);
    // The next Thai government draw and, while one runs, the yeekee round: a card to the round page.
    const glo = markets.find((m) => m.code === 'glo')!.round!;
    expect(root).toContain('หวยเปิดรับแทง');
    const tag = (testId: string) => new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(root)?.[0] ?? '';
    expect(tag('home-round-glo')).toContain(`href="/lotto/${glo.round_id}"`);
    const yeekee = markets.find((m) => m.code === 'yeekee')?.round;
    if (yeekee) expect(tag('home-round-yeekee')).toContain(`href="/lotto/${yeekee.round_id}"`);
    // An open round counts down to its close on the server's clock, in the markup itself.
    const open = markets.find((m) => m.round?.status === 'open');
    expect(open).toBeDefined();
    expect(root).toMatch(/data-testid="round-clock">(\d+ วัน )?\d{2}:\d{2}:\d{2}</);

    // The latest results (the demo's history of yesterday at least), each to the results page of its day.
    expect(root).toContain('ผลหวยล่าสุด');
    expect(root).toMatch(
      /<a [^>]*data-testid="home-result-[a-z_]+" href="\/lotto\/results\?date=\d{4}-\d{2}-\d{2}"/,
    );
    expect(root).toMatch(/<small>3 ตัวบน<\/small><strong>\d{3}<\/strong>/);

    // The catalogue's games, each tile with its picture's box; the pictures themselves are asked for
    // once the page is shown (decision 0080), so the markup carries no address for them.
    expect(root).toContain('เกมยอดนิยม');
    expect(root).toMatch(/data-game="golden-elephant"><img width="300" height="400"/);
    expect(root).not.toMatch(/<img[^>]*src="\/game-art\//);

    // Their data for hydration, the results as the short list the page shows.
    const queries = ssrData(res.body)!.queries.queries as { queryKey: unknown[]; state: { data: unknown } }[];
    expect(queries.map((q) => q.queryKey)).toContainEqual(['lotto', 'lobby']);
    const latest = queries.find((q) => q.queryKey[1] === 'latest-results')!.state.data as unknown[];
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.length).toBeLessThanOrEqual(6);
  });

  it('/lotto/lobby: a round closing or opening on another day than today shows its date, not the time alone', async () => {
    const lobby = (await get('/api/lotto/lobby')).json().data as {
      categories: {
        markets: { code: string; round: { open_at: string; close_at: string; status: string } | null }[];
      }[];
    };
    const glo = lobby.categories.flatMap((c) => c.markets).find((m) => m.code === 'glo')!.round!;
    const bangkokDay = (iso: string | number) =>
      new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const root = rootOf((await get('/lotto/lobby')).body).replaceAll('<!-- -->', '');
    const card = /<a [^>]*data-testid="market-glo"[^>]*>(.*?)<\/a>/.exec(root)?.[1] ?? '';
    const withDate = /\d{1,2} [ก-๛.]+ \d{2} \d{2}:\d{2}/;
    const close = /ปิด ([^<]*) น\./.exec(card)?.[1] ?? '';
    if (bangkokDay(glo.close_at) === bangkokDay(Date.now())) expect(close).toMatch(/^\d{2}:\d{2}$/);
    else expect(close).toMatch(withDate);
    if (glo.status === 'scheduled') {
      const opens = /เปิด ([^<]*) น\./.exec(card)?.[1] ?? '';
      if (bangkokDay(glo.open_at) === bangkokDay(Date.now())) expect(opens).toMatch(/^\d{2}:\d{2}$/);
      else expect(opens).toMatch(withDate);
    }
  });

  it('/lotto/results?date=…: the day asked for', async () => {
    const res = await get('/lotto/results?date=2020-01-01');
    expect(rootOf(res.body)).toContain('value="2020-01-01"');
    expect(ssrData(res.body)!.queries.queries.map((q) => q.queryKey)).toContainEqual([
      'lotto',
      'results',
      '2020-01-01',
    ]);
  });

  it('/lobby/casino: the category’s banner, tabs and games in the markup, its data for hydration; the banner asked for first', async () => {
    const res = await get('/lobby/casino');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const games = (await get('/api/game/list?category=casino&limit=120')).json().data as {
      game_id: string;
      name: string;
    }[];
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) expect(root).toContain(`data-game="${g.game_id}"`);
    expect(root).toContain('<h1 class="lobby-hero__title">คาสิโน</h1>');
    expect(root).toContain('เกมยอดนิยม');
    expect(root).toMatch(/<a aria-current="page" class="lobby-tab active" href="\/lobby\/casino"/);
    expect(res.body).toContain('<title>ล็อบบี้เกม | Chok</title>');
    const keys = ssrData(res.body)!.queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['lobby-config', 'casino']);
    expect(keys).toContainEqual(['game-lobby', false]);
    expect(keys).toContainEqual(['game-list', { category: 'casino' }]);
    // The banner (a background, found by the browser only once styled) is preloaded from the top of
    // the head, before the site's scripts and fonts; the opened page does not fade in.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const banner = head.indexOf(
      '<link rel="preload" href="/games/art/banner-casino.svg" as="image" fetchPriority="high"/>',
    );
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(head.indexOf('<script type="module"'));
    expect(banner).toBeLessThan(head.indexOf('as="font"'));
    expect(root).not.toContain('<link rel="preload"');
    expect(root).toContain('<main id="main">');
    // Any other name is the lobby of every game.
    const all = rootOf((await get('/lobby/nothing')).body);
    expect(all).toContain('data-game="golden-elephant"');
    expect(all).toContain('data-game="baccarat-1"');
  });

  it('the page’s stylesheets are in the head itself (nothing to fetch before the first paint), their links kept for the cache', async () => {
    const res = await get('/lotto/lobby');
    const inline = [...res.body.matchAll(/<style data-href="(\/assets\/[^"]+\.css)">(.*?)<\/style>/gs)];
    const hrefs = inline.map((m) => m[1]!);
    expect(hrefs.some((href) => /\/index-[\w-]+\.css$/.test(href))).toBe(true);
    expect(hrefs.some((href) => /\/lotto-[\w-]+\.css$/.test(href))).toBe(true);
    for (const [, href, css] of inline) {
      const file = await get(href!);
      expect(file.statusCode, href).toBe(200);
      expect(css, href).toBe(file.body);
      // The link no longer holds up the paint, and the page's code finds its stylesheet loaded.
      expect(res.body).toContain(`<link rel="stylesheet" crossorigin href="${href}" media="print">`);
    }
    expect(res.body).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);
    expect(res.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/Lobby-[\w-]+\.js">/);
  });

  it('a page that is not rendered on the server links its stylesheet as built', async () => {
    const res = await get('/member/deposit');
    expect(res.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
    expect(res.body).not.toContain('<style data-href=');
  });

  it('every rendered page carries the notifications; where the dialog comes open, the first important one’s image is fetched first with the page', async () => {
    const list = (await get('/api/notifications?agent_code=chok')).json() as {
      data: { type: number; image: string | null }[];
    };
    const images = list.data.filter((n) => n.type === 1 && n.image).map((n) => n.image!);
    expect(images.length).toBeGreaterThan(0);
    for (const url of ['/', '/lotto/lobby']) {
      const res = await get(url);
      expect(ssrData(res.body)!.queries.queries.map((q) => q.queryKey)).toContainEqual([
        'notifications',
        'chok',
      ]);
      // The first slide's picture ahead of the page's other pictures where the dialog comes open;
      // the next ones while it is read. On / the dialog waits for the page, and so does its picture.
      const first = `<link rel="preload" href="${images[0]}" as="image" fetchPriority="high"/>`;
      if (url === '/') expect(res.body, url).not.toContain(first);
      else expect(res.body, url).toContain(first);
      for (const image of images.slice(1))
        expect(res.body, url).not.toContain(`<link rel="preload" href="${image}"`);
    }
  });

  it('the announcements come open in the markup of a public page, never in that of / (a visitor sees the site first)', async () => {
    const noticeTag = (html: string) => /<dialog[^>]*data-testid="notification-dialog"[^>]*>/.exec(html)?.[0];
    expect(noticeTag((await get('/promotions')).body)).toContain(' open=""');
    expect(noticeTag((await get('/lotto/results')).body)).toContain(' open=""');
    const home = (await get('/')).body;
    expect(home).toContain('id="chok-ssr"');
    expect(noticeTag(home)).toBeDefined();
    expect(home).not.toMatch(/<dialog[^>]*open=""/);
    // Seen within 15 minutes (the cookie), no page has it open.
    const seen = await t.app.inject({
      method: 'GET',
      url: '/promotions',
      headers: { cookie: `chok_notice=${Date.now()}` },
    });
    expect(seen.body).not.toMatch(/<dialog[^>]*open=""/);
  });

  it('an announcement the operator publishes is on the next rendered page, not after the renderer’s reuse', async () => {
    expect((await get('/promotions')).statusCode).toBe(200); // the renderer now holds this second's public reads
    const title = `ประกาศใหม่จากหลังบ้าน ${Date.now()}`;
    const token = await staffToken(t, 'content');
    const created = await call(t.app, 'POST', '/api/admin/content/notifications', {
      token,
      body: { type: 1, title, description: 'ทดสอบ', image: null },
    });
    expect(created.body.error).toBe(0);
    // (A page whose markup has the announcements open: / opens them in the browser.)
    const html = (await get('/promotions')).body;
    expect(rootOf(html)).toContain(title);
    const id = (created.body.data as { id: number }).id;
    await call(t.app, 'PUT', `/api/admin/content/notifications/${id}`, { token, body: { is_active: false } });
    expect(rootOf((await get('/promotions')).body)).not.toContain(title);
  });

  it('a guarded route is not rendered on the server: its guard runs first in the browser', async () => {
    const res = await get('/member/deposit');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="chok-ssr"');
  });

  it('a failed page validation is the 404 page, rendered', async () => {
    const res = await get('/lotto/abc');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('Not Found');
  });

  it('rendering the public pages writes nothing to the console (no store of the browser is written on the server)', async () => {
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level));
    try {
      for (const url of [
        '/',
        '/promotions',
        '/lotto/results',
        '/lotto/rates',
        '/lotto/lobby',
        '/lobby/casino',
      ]) {
        expect((await get(url)).statusCode, url).toBe(200);
      }
      for (const spy of spies) expect(spy.mock.calls).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('the renderer is no file of the site', async () => {
    expect((await get('/server/entry-server.js')).statusCode).toBe(404);
  });
});

describe('the renderer reads the API in process, public reads reused for a few seconds', () => {
  it('a GET without a token is answered once per TTL; a member’s read every time', async () => {
    const app = Fastify();
    let reads = 0;
    app.get('/api/x', async () => ({ error: 0, data: ++reads }));
    await app.ready();
    const clock = new FixedClock(new Date('2026-11-20T03:00:00Z'));
    const fetch = inProcessFetch(app, clock);
    const read = async (init?: RequestInit) =>
      ((await (await fetch('/api/x', init)).json()) as { data: number }).data;
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    clock.advance(SSR_DATA_TTL_MS - 1);
    expect(await read()).toBe(1);
    clock.advance(1);
    expect(await read()).toBe(2);
    expect(await read({ headers: { authorization: 'Bearer x' } })).toBe(3);
    expect(await read()).toBe(2);
    await app.close();
  });
});

describe('the HTML answer is put together as text, not as replacement patterns', () => {
  it("a `$&` or `$'` in the page, its title or its styles arrives as written", () => {
    const index =
      '<html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/index-a1.css"></head><body><div id="root"></div></body></html>';
    const html = pageHtml(
      index,
      { agent: null, layout: 'default', server_time: '2026-01-01T00:00:00.000Z', error: null },
      { html: "<p>โปร $& และ $'</p>", title: 'ราคา $1', data: {}, modules: [], assets: '' },
      () => '.a::after{content:"$&"}',
    );
    expect(html).toContain("<p>โปร $& และ $'</p>");
    expect(html).toContain('<title>ราคา $1</title>');
    expect(html).toContain('<style data-href="/assets/index-a1.css">.a::after{content:"$&"}</style>');
  });
});
