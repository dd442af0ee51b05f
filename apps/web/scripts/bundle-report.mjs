// Prints the size of the JavaScript and CSS a visitor downloads for each public page (the entry, its
// static imports and the page's lazy chunk), gzip and brotli as the server sends them,
// and fails when the JavaScript of a route is over budget.
// Run after `npm run build`: `npm run bench -w @chok/web` (`--json` prints the figures as JSON;
// `npm run bench:web` runs it beside Lighthouse, bench/web.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestClosure, reportMain, sizeFiles } from '../../../scripts/bundle-sizes.mjs';

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
  const routes = {};
  for (const [route, page] of Object.entries(ROUTES)) {
    const keys = new Set([...manifestClosure(manifest, 'index.html'), ...manifestClosure(manifest, page)]);
    routes[route] = sizeFiles(dist, manifest, keys);
  }
  return { budget_js_gzip: BUDGET_JS_GZIP_BYTES, routes };
}

function main() {
  reportMain(bundleReport(), (route) => `What a visitor downloads for \`${route}\``);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
