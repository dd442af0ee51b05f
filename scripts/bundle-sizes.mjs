// The sizes a browser downloads for a set of built files (the member site's and the console's bundle
// reports, apps/*/scripts/bundle-report.mjs): per file raw, gzip -9 and brotli 11 as the server sends
// them, heaviest first, and the totals of the JavaScript and the CSS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Every manifest key an entry pulls in before it runs: itself and its static imports. */
export function manifestClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) manifestClosure(manifest, dep, seen);
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
