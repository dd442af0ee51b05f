// The sizes a browser downloads for a set of built files (the member site's and the console's bundle
// reports, apps/*/scripts/bundle-report.mjs): per file raw, gzip -9 and brotli 11 as the server sends
// them, heaviest first, and the totals of the JavaScript and the CSS; and both reports' command line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Every manifest key an entry pulls in before it runs: itself and its static imports. */
export function manifestClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not a chunk of this build`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) manifestClosure(manifest, dep, seen);
  return seen;
}

/** The files of these manifest keys (each chunk and its CSS), sized. */
export function sizeFiles(dist, manifest, keys) {
  const names = new Set();
  for (const key of keys) {
    names.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) names.add(css);
  }
  const files = [...names].map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return {
      file,
      kind: file.endsWith('.css') ? 'css' : 'js',
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (kind, field) => files.filter((r) => r.kind === kind).reduce((s, r) => s + r[field], 0);
  return {
    files,
    js: { raw: sum('js', 'raw'), gzip: sum('js', 'gzip'), brotli: sum('js', 'brotli') },
    css: { raw: sum('css', 'raw'), gzip: sum('css', 'gzip'), brotli: sum('css', 'brotli') },
  };
}

/**
 * A bundle report's command line: `--json` prints the report as JSON, otherwise each route's files and
 * totals (`heading(route)` above them, `more(r)` lines below); exits 1 when a route's JavaScript is over
 * the report's budget.
 */
export function reportMain(report, heading, more = () => []) {
  const budget = report.budget_js_gzip;
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const [route, r] of Object.entries(report.routes)) {
      console.log(`${heading(route)} (gzip -9, brotli 11):`);
      for (const f of r.files) {
        console.log(
          `  ${f.file.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip ${kb(f.brotli).padStart(10)} br`,
        );
      }
      console.log(`  JavaScript: ${kb(r.js.gzip)} gzip, ${kb(r.js.brotli)} br (budget ${kb(budget)} gzip)`);
      console.log(`  CSS:        ${kb(r.css.gzip)} gzip, ${kb(r.css.brotli)} br`);
      for (const line of more(r, kb)) console.log(`  ${line}`);
    }
  }
  const over = Object.entries(report.routes).filter(([, r]) => r.js.gzip > budget);
  for (const [route] of over) console.error(`JavaScript for \`${route}\` is over budget`);
  if (over.length > 0) process.exit(1);
}
