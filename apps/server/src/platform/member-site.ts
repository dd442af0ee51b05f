/**
 * The member site over HTTP: the built files (apps/web/dist, precompressed, hashed ones cached for
 * good) and, for every client route, the HTML answer with the start-up payload (agent config,
 * layout, server time, error; docs/architecture.md). The public pages are rendered here by the
 * site's own renderer (apps/web/src/entry-server.tsx, built into dist/server/), with their data read
 * through this app's routes in process, so a member sees content before any script runs and the
 * browser hydrates it (docs/rules/member-site.md §4 "start-up").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { errorPageText, layoutOf, pageStatus } from '@chok/contract/layouts';
import type {
  ServerFetch,
  ServerRenderer,
  ServerRenderOutput,
  StartupError,
  StartupPayload,
} from '@chok/contract/startup';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import { AppError, envelopeOf } from './errors.ts';
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_MARK } from './request-log.ts';

/** Where the build puts the server's renderer, inside the site's folder; never served. */
export const SSR_ENTRY = 'server/entry-server.js';
/** How long a public answer read for a server-side render is reused (the site refetches after 30 s). */
export const SSR_DATA_TTL_MS = 5_000;
const SSR_DATA_MAX_ENTRIES = 200;

export interface MemberSiteDeps {
  /** The built site (WEB_DIST). */
  dist: string;
  clock: Clock;
  /** The operator's public configuration (the content module). */
  agentConfig: () => Promise<unknown>;
  /** Subscribes to edits of what public reads show (the content module): the renderer's reads are dropped. */
  onPublicChange?: (listener: () => void) => void;
  /**
   * Whether a page whose parameters are well-formed names something that exists (a round for
   * `/lotto/<id>`); false answers the 404 page with status 404. Wired by app.ts; absent: every
   * well-formed page exists.
   */
  pageFound?: (pathname: string) => Promise<boolean>;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The start-up payload of a client route: the route's layout (contract/layouts, the table the web
 * app's router is built from), and an error when the route failed: an unknown path or a page whose
 * parameters fail its validation is a 404 (docs/rules/member-site.md §8); a payload that cannot be
 * made is a 500, in Thai.
 */
export async function startupPayload(
  pathname: string,
  deps: Pick<MemberSiteDeps, 'clock' | 'agentConfig' | 'pageFound'>,
  log?: FastifyBaseLogger,
): Promise<StartupPayload> {
  const layout = layoutOf(pathname);
  const server_time = deps.clock.now().toISOString();
  const failed = (status: number): StartupError => ({ status, message: errorPageText(status) });
  try {
    const agent = await deps.agentConfig();
    let status = pageStatus(pathname);
    if (status === 200 && deps.pageFound && !(await deps.pageFound(pathname))) status = 404;
    return { agent, layout, server_time, error: status === 200 ? null : failed(status) };
  } catch (err) {
    log?.error({ err }, 'start-up payload failed');
    return { agent: null, layout, server_time, error: failed(500) };
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The head tags for a server-rendered page's own code (from the client build's manifest): its
 * stylesheets, so the page is styled without scripts, and its scripts as module preloads, so the
 * browser hydrates as soon as the entry has run. The entry's own are in index.html already.
 */
export function pageAssetTags(manifest: Manifest, modules: readonly string[]): string {
  // What index.html loads already: the entry, its styles and every chunk it imports.
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);
  const loadedFiles = new Set([...loaded].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]));

  const page = new Set<string>();
  for (const m of modules) walk(m, page);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const key of page) {
    const chunk = manifest[key]!;
    if (!loadedFiles.has(chunk.file)) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!loadedFiles.has(css)) styles.add(css);
  }
  return [
    ...[...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...scripts].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * A server-rendered page's stylesheets put into the page itself, so the browser paints it without
 * waiting for another request (on a phone's connection a round trip costs a few hundred ms). Each
 * `<link>` stays with `media="print"`: it no longer holds up the first paint, the file still lands
 * in the cache for the next pages, and the page's code, which asks for its stylesheet when it loads
 * (Vite looks for the `<link>` by its href), finds it already there. `styleOf` answers a built
 * file's text, or undefined to keep the link as it is.
 */
export function inlineStylesheets(html: string, styleOf: (file: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = styleOf(file);
    if (css === undefined) return link;
    return `<style data-href="/${file}">${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" crossorigin href="/${file}" media="print">`;
  });
}

/**
 * The resource hints React writes at the very start of a page's markup: its preloads of the first
 * pictures (the header's logo, the announcement's picture, a lobby's banner: `preload()` in the
 * page's code).
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

/**
 * The HTML answer: index.html with the payload, and the server-rendered page when there is one. The
 * page's picture preloads move to the top of the head, before the site's scripts and fonts: on a
 * phone's connection the browser asks for what comes first first, and the largest thing a visitor
 * sees is often such a picture (docs/architecture.md "Start-up and server rendering").
 */
export function pageHtml(
  indexHtml: string,
  payload: StartupPayload,
  rendered: (ServerRenderOutput & { assets: string }) | null,
  styleOf: (file: string) => string | undefined = () => undefined,
): string {
  const startup = `<script type="application/json" id="chok-startup">${scriptJson(payload)}</script>`;
  if (!rendered) return indexHtml.replace('</head>', () => `${startup}</head>`);
  const data = `<script type="application/json" id="chok-ssr">${scriptJson(rendered.data)}</script>`;
  // Replacements as functions: a `$` in the page's text or styles is not a replacement pattern.
  const assets = inlineStylesheets(rendered.assets, styleOf);
  const preloads = LEADING_PRELOADS.exec(rendered.html)?.[0] ?? '';
  const markup = rendered.html.slice(preloads.length);
  return inlineStylesheets(indexHtml, styleOf)
    .replace(/<\/title>/, () => `</title>${preloads}`)
    .replace('</head>', () => `${assets}${startup}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace('</body>', () => `${data}</body>`);
}

/**
 * How the renderer reads the API: this app's routes through `inject`, in process. Public reads (a
 * GET with no token) are reused for a few seconds and shared between the renders asking at once, until
 * `onPublicChange` says an operator changed what they show.
 */
export function inProcessFetch(
  app: FastifyInstance,
  clock: Clock,
  onPublicChange?: (listener: () => void) => void,
): ServerFetch {
  type Answer = { status: number; type: string; body: string };
  const cache = new Map<string, { until: number; answer: Promise<Answer> }>();
  onPublicChange?.(() => cache.clear());
  const send = async (url: string, init: RequestInit | undefined): Promise<Answer> => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: {
        accept: 'application/json',
        [INTERNAL_REQUEST_HEADER]: INTERNAL_REQUEST_MARK,
        ...(init?.headers as Record<string, string> | undefined),
      },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body };
  };
  return async (url, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const cacheable = (init?.method ?? 'GET') === 'GET' && !headers.authorization;
    let answer: Promise<Answer>;
    if (!cacheable) {
      answer = send(url, init);
    } else {
      const now = clock.now().getTime();
      const hit = cache.get(url);
      if (hit && hit.until > now) {
        answer = hit.answer;
      } else {
        answer = send(url, init);
        cache.delete(url);
        if (cache.size >= SSR_DATA_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(url, { until: now + SSR_DATA_TTL_MS, answer });
        const forget = () => {
          if (cache.get(url)?.answer === answer) cache.delete(url);
        };
        answer.then((a) => a.status !== 200 && forget(), forget);
      }
    }
    const a = await answer;
    return new Response(a.body, { status: a.status, headers: { 'content-type': a.type } });
  };
}

/**
 * The encoding an HTML answer goes out in: brotli or gzip when the client takes it (`q` above 0),
 * else none. A server-rendered page is some 30 KB of markup and data; compressed it is about a fifth.
 */
export function htmlEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

export function encode(html: string, encoding: 'br' | 'gzip' | null): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html, { level: 6 });
  return html;
}

/**
 * How a built browser app's files go out (the member site here, the operator console in
 * backoffice-site.ts): the build writes `.br` and `.gz` beside each text file
 * (scripts/vite-precompress.ts); they are sent for the file itself when Accept-Encoding allows, never
 * as routes of their own. Files under assets/ carry a hash of their content in the name, so they are
 * cached for good (a new build is a new URL); the others are revalidated.
 */
export function builtFilesOptions(
  dist: string,
  ignore: readonly string[] = [],
  prefix = '/',
): FastifyStaticOptions {
  const hashed = path.resolve(dist, 'assets') + path.sep;
  return {
    root: dist,
    prefix,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', ...ignore],
    cacheControl: false,
    // A second app registers the plugin again: the reply decorators exist already.
    decorateReply: prefix === '/',
    setHeaders: (res, file) => {
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader(
        'cache-control',
        path.resolve(file).startsWith(hashed) ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
      );
    },
  };
}

/**
 * The member site's record that the important announcements were shown (apps/web/src/lib/notice.ts):
 * set when they are, for the 15 minutes they stay closed.
 */
const NOTICE_COOKIE = /(?:^|;\s*)chok_notice=\d{1,15}(?:;|$)/;

async function loadRenderer(dist: string, log: FastifyBaseLogger): Promise<ServerRenderer | null> {
  const file = path.join(dist, SSR_ENTRY);
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as ServerRenderer;
  } catch (err) {
    log.error({ err }, 'the server-side renderer did not load; pages render in the browser');
    return null;
  }
}

/**
 * Serves the built member site with history-mode fallback: every client route answers index.html
 * with the start-up payload, the public pages rendered with their data (status 404 for a failed
 * route, which shows the error page).
 */
export async function serveMemberSite(app: FastifyInstance, deps: MemberSiteDeps): Promise<void> {
  const { dist } = deps;
  const indexFile = path.join(dist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const renderer = indexHtml === null ? null : await loadRenderer(dist, app.log);
  // The built stylesheets a rendered page carries inline (read once: the build does not change under
  // a running server).
  const styles = new Map<string, string | undefined>();
  const styleOf = (file: string) => {
    if (!styles.has(file)) {
      const full = path.join(dist, file);
      styles.set(file, existsSync(full) ? readFileSync(full, 'utf8') : undefined);
    }
    return styles.get(file);
  };
  const apiFetch = inProcessFetch(app, deps.clock, deps.onPublicChange);

  if (indexHtml !== null) {
    // The server's renderer is no file of the site.
    app.register(fastifyStatic, builtFilesOptions(dist, [`${path.dirname(SSR_ENTRY)}/**`]));
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|provider|webhooks)\//.test(pathname);
    // HEAD as GET (uptime checks and link checkers ask with HEAD; Node leaves the body out).
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (indexHtml === null || !read || isApi || path.extname(pathname) !== '') {
      return reply.status(404).send(envelopeOf(new AppError('NOT_FOUND')));
    }
    const payload = await startupPayload(pathname, deps, req.log);
    let rendered: (ServerRenderOutput & { assets: string }) | null = null;
    if (renderer) {
      try {
        const page = await renderer.render({
          url: req.url,
          payload,
          fetch: apiFetch,
          noticeSeen: NOTICE_COOKIE.test(req.headers.cookie ?? ''),
        });
        if (page) rendered = { ...page, assets: pageAssetTags(manifest, page.modules) };
      } catch (err) {
        // The browser renders the page instead, as for any route not rendered here.
        req.log.error({ err, url: req.url }, 'server-side render failed');
      }
    }
    const encoding = htmlEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(payload.error?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .send(encode(pageHtml(indexHtml, payload, rendered, styleOf), encoding));
  });
}
