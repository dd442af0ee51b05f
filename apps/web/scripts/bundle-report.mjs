// Prints the gzip size of the JavaScript and CSS a visitor downloads for `/` (the entry, its
// static imports and the home page's lazy chunk) and fails when the JavaScript is over budget.
// Run after `npm run build:web`: `npm run bench -w @chok/web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP_BYTES = 150 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Every file a manifest entry pulls in before it runs: itself, its static imports, their CSS. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const keys = new Set([...closure('index.html'), ...closure('src/pages/Home.tsx')]);
const files = new Set();
for (const key of keys) {
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
  };
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = (kind) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.gzip, 0);

console.log('What a visitor downloads for `/` (gzip -9):');
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${r.file.padEnd(40)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
}
const js = total('js');
console.log(`  JavaScript: ${kb(js)} gzip (budget ${kb(BUDGET_JS_GZIP_BYTES)})`);
console.log(`  CSS:        ${kb(total('css'))} gzip`);
if (js > BUDGET_JS_GZIP_BYTES) {
  console.error('JavaScript for `/` is over budget');
  process.exit(1);
}
