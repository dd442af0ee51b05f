// Prints the size of the JavaScript and CSS a visitor downloads for each public page (the entry, its
// static imports and the page's lazy chunk), gzip and brotli as the server sends them,
// and fails when the JavaScript of a route is over budget.
// Run after `npm run build`: `npm run bench -w @chok/web` (`--json` prints the figures as JSON;
// `npm run bench:web` runs it beside Lighthouse, bench/web.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const BUDGET_JS_GZIP_BYTES = 150 * 1024;
/** Each measured route and the manifest key of its page (apps/web/src/app/routes.tsx). */
export const ROUTES = {
  '/': 'src/pages/Home.tsx',
  '/lotto/lobby': 'src/pages/lotto/Lobby.tsx',
  '/promotions': 'src/pages/promotions/Promotions.tsx',
  '/lotto/rates': 'src/pages/lotto/Rates.tsx',
  '/lotto/results': 'src/pages/lotto/Results.tsx',
  '/lobby/casino': 'src/pages/games/Lobby.tsx',
};
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** What each route downloads before its page renders, per file and in total (bytes). */
export function bundleReport(dist = DIST) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  /** Every file a manifest entry pulls in before it runs: itself, its static imports, their CSS. */
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const routes = {};
  for (const [route, page] of Object.entries(ROUTES)) {
    const files = new Set();
    for (const key of new Set([...closure('index.html'), ...closure(page)])) {
      const chunk = manifest[key];
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    const rows = [...files].map((file) => {
      const bytes = readFileSync(path.join(dist, file));
      return {
        file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    });
    rows.sort((a, b) => b.gzip - a.gzip);
    const sum = (kind, field) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r[field], 0);
    routes[route] = {
      files: rows,
      js: { raw: sum('js', 'raw'), gzip: sum('js', 'gzip'), brotli: sum('js', 'brotli') },
      css: { raw: sum('css', 'raw'), gzip: sum('css', 'gzip'), brotli: sum('css', 'brotli') },
    };
  }
  return { budget_js_gzip: BUDGET_JS_GZIP_BYTES, routes };
}

function main() {
  const report = bundleReport();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const [route, r] of Object.entries(report.routes)) {
      console.log(`What a visitor downloads for \`${route}\` (gzip -9, brotli 11):`);
      for (const f of r.files) {
        console.log(
          `  ${f.file.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip ${kb(f.brotli).padStart(10)} br`,
        );
      }
      console.log(
        `  JavaScript: ${kb(r.js.gzip)} gzip, ${kb(r.js.brotli)} br (budget ${kb(BUDGET_JS_GZIP_BYTES)} gzip)`,
      );
      console.log(`  CSS:        ${kb(r.css.gzip)} gzip, ${kb(r.css.brotli)} br`);
    }
  }
  const over = Object.entries(report.routes).filter(([, r]) => r.js.gzip > BUDGET_JS_GZIP_BYTES);
  for (const [route] of over) console.error(`JavaScript for \`${route}\` is over budget`);
  if (over.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
