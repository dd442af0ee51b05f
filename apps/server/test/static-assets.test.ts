import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { builtDist } from './product.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let dist: string;
/** The entry script and stylesheet index.html names (/assets/<name>-<hash>.js|css). */
let assets: { url: string; type: string }[];

beforeAll(async () => {
  // The member site as `npm run build` built it (with its .br and .gz files; the global setup
  // brought it up to date).
  dist = builtDist('web');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect(style).toBeDefined();
  assets = [
    { url: script!, type: 'application/javascript' },
    { url: style!, type: 'text/css' },
  ];
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
const original = (url: string) => readFileSync(path.join(dist, url));

describe('built assets go over the wire precompressed, and hashed ones are cached for good', () => {
  it('the build writes a brotli and a gzip file beside each script and stylesheet', () => {
    for (const { url } of assets) {
      expect(existsSync(path.join(dist, `${url}.br`)), url).toBe(true);
      expect(existsSync(path.join(dist, `${url}.gz`)), url).toBe(true);
    }
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding: %s → %s, immutable', async (accept, encoding) => {
    for (const { url, type } of assets) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['content-type'], url).toContain(type);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.equals(original(url)), url).toBe(true);
      expect(res.rawPayload.length, url).toBeLessThan(body.length);
    }
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity', 'identity'],
    ['deflate', 'deflate'],
  ])('%s → the file as it is, immutable', async (_, accept) => {
    for (const { url, type } of assets) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['content-type'], url).toContain(type);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(original(url)), url).toBe(true);
    }
  });

  it('the compressed files are no URLs of their own', async () => {
    const res = await get(`${assets[0]!.url}.br`, 'br');
    expect(res.statusCode).toBe(404);
  });

  it('the HTML, which carries the start-up payload, is revalidated on every visit, compressed as accepted', async () => {
    for (const url of ['/', '/lotto/lobby']) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        const html = (
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(res.rawPayload)
              : res.rawPayload
        ).toString('utf8');
        expect(html, url).toContain('id="chok-startup"');
      }
    }
    // HEAD answers as GET does (uptime checks ask with HEAD): the page's status and headers.
    for (const [url, status] of [
      ['/', 200],
      ['/member/profile', 200],
      ['/no/such/page', 404],
    ] as const) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(status);
      expect(head.headers['content-type'], url).toContain('text/html');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
    const file = await get('/index.html', 'br');
    expect(file.headers['cache-control']).not.toContain('immutable');
  });

  it('every page preloads the Kanit files its stylesheet declares, so the first layout has them (decision 0070)', async () => {
    const faces = (css: string) =>
      [...css.matchAll(/url\((\/assets\/kanit-[\w-]+\.woff2)\)/g)].map((m) => m[1]!).sort();
    const declared = faces(original(assets[1]!.url).toString('utf8'));
    // Thai and Latin in the three weights the site sets (300, 400, 500).
    expect(declared).toHaveLength(6);
    for (const url of ['/', '/lotto/lobby', '/member/profile']) {
      const html = (await get(url)).body;
      const preloaded = [
        ...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin="" href="([^"]+)">/g),
      ].map((m) => m[1]!);
      expect(preloaded.sort(), url).toEqual(declared);
    }
    const font = await get(declared[0]!, 'br');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
  });

  it("the code every page starts with comes in two files, React DOM and the rest, besides the bundler's small runtime (issue 15)", () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([\w-]+)\.js">/g),
    ];
    expect(preloads.map((m) => m[1]!.replace(/-[\w]+$/, '')).sort()).toEqual([
      'react-dom',
      'rolldown-runtime',
    ]);
  });

  it('files that are not hashed (public/) are not cached for good', async () => {
    const res = await get('/brand/logo.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0');
  });
});

describe('the member site carries nothing of the operator console', () => {
  it('no script of the build names a staff endpoint or the console', () => {
    const scripts = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) {
      const text = readFileSync(path.join(dist, 'assets', f), 'utf8');
      expect(text.includes('/api/admin/'), f).toBe(false);
      expect(text.includes('/backoffice'), f).toBe(false);
    }
  });
});

describe("the demo's pictures", () => {
  const seeds = ['content', 'polls', 'shop'].map((m) =>
    readFileSync(path.resolve(import.meta.dirname, `../src/modules/${m}/seed.ts`), 'utf8'),
  );
  const named = [
    ...new Set(
      seeds.flatMap((text) => [...text.matchAll(/'(\/(?:demo|shop)\/[\w.-]+)'/g)].map((m) => m[1]!)),
    ),
  ];

  it('every picture the demo seed names is served, as WebP (no SVG with text to lay out on a phone)', async () => {
    expect(named.length).toBeGreaterThanOrEqual(15);
    for (const url of named) {
      expect(url).toMatch(/\.webp$/);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
    }
  });

  it('a database seeded with the old drawings moves to the pictures; what an operator entered stays (migration 061)', async () => {
    const rows = await t.db
      .insertInto('banner')
      .values([
        { agent_id: 34, title: 'เดโม', image: '/demo/banner-lotto.svg' },
        { agent_id: 34, title: 'ของผู้ให้บริการ', image: '/uploads/banner-lotto.svg' },
      ])
      .returning(['id', 'image'])
      .execute();
    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../migrations/061_demo_pictures.sql'),
      'utf8',
    );
    await sql.raw(migration).execute(t.db);
    const after = await t.db
      .selectFrom('banner')
      .select(['id', 'image'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.image)).toEqual(['/demo/banner-lotto.webp', '/uploads/banner-lotto.svg']);
    expect((await get(after[0]!.image)).statusCode).toBe(200);
  });

  it('every drawing of apps/web/demo-art has its picture (npm run demo-images)', () => {
    const art = path.resolve(import.meta.dirname, '../../web/demo-art');
    const drawings = readdirSync(art, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.svg'),
    );
    expect(drawings.length).toBeGreaterThanOrEqual(named.length);
    for (const drawing of drawings) {
      const picture = path.join(dist, drawing.replace(/\.svg$/, '.webp'));
      expect(existsSync(picture), picture).toBe(true);
    }
  });
});
