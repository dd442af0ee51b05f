// Prints the size of the JavaScript and CSS the console's first screens download — the login screen
// (everything a browser loads before a staff member has logged in) and the first screen after login
// (the frame, its menu and the home page) — gzip and brotli as the server sends them, and fails when
// a screen's JavaScript is over budget (issue 38: 250 KB gzip).
// Run after `npm run build`: `npm run bench -w @chok/backoffice` (`--json` prints the figures as JSON;
// `npm run bench:web` runs it beside Lighthouse, bench/web.ts; apps/server/test/backoffice.test.ts
// holds the same budget and what the login screen must not load).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestClosure, reportMain, sizeFiles } from '../../../scripts/bundle-sizes.mjs';

export const BUDGET_JS_GZIP_BYTES = 250 * 1024;
/**
 * Each first screen and the manifest entries it loads: the entry (index.html) with the login screen,
 * and after login the staff frame (src/app/StaffShell.tsx, loaded once a staff member is signed in).
 */
export const SCREENS = {
  '/backoffice/login': ['index.html'],
  '/backoffice/': ['index.html', 'src/app/StaffShell.tsx'],
};
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * The modules the screen's scripts hold (`src/app/App.tsx`, `node_modules/react-dom/…`) and the size of
 * each as bundled (bytes before minifying), heaviest first (.vite/modules.json, scripts/vite-chunk-modules.ts).
 */
export function screenModules(dist, files) {
  const file = path.join(dist, '.vite/modules.json');
  if (!existsSync(file)) return [];
  const chunks = JSON.parse(readFileSync(file, 'utf8'));
  return files.flatMap((f) => chunks[f] ?? []).sort((a, b) => b.bytes - a.bytes);
}

/** The same by package or source folder (`node_modules/react-dom`, `src/app`), heaviest first. */
export function byPackage(modules) {
  const sums = new Map();
  for (const m of modules) {
    const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m.id)?.[0] ?? path.posix.dirname(m.id);
    sums.set(pkg, (sums.get(pkg) ?? 0) + m.bytes);
  }
  return [...sums].map(([id, bytes]) => ({ id, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** What each screen downloads before it renders, per file and in total (bytes). */
export function bundleReport(dist = DIST) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const screens = {};
  for (const [screen, entries] of Object.entries(SCREENS)) {
    const keys = new Set();
    for (const entry of entries) manifestClosure(manifest, entry, keys);
    const sized = sizeFiles(dist, manifest, keys);
    screens[screen] = {
      keys: [...keys],
      ...sized,
      modules: screenModules(
        dist,
        sized.files.filter((r) => r.kind === 'js').map((r) => r.file),
      ),
    };
  }
  return { budget_js_gzip: BUDGET_JS_GZIP_BYTES, routes: screens };
}

function main() {
  reportMain(
    bundleReport(),
    (screen) => `What the console downloads for \`${screen}\``,
    (r, kb) => [
      `Heaviest (as bundled, before minifying): ${byPackage(r.modules)
        .slice(0, 6)
        .map((m) => `${m.id} ${kb(m.bytes)}`)
        .join(', ')}`,
    ],
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
