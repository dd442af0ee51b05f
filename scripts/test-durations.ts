/**
 * Writes vitest.durations.json: each test file's duration in the last `npm test` of this checkout
 * (vitest's own cache under node_modules/.vite), rounded to 0.1 s. vitest.sequencer.ts orders a run
 * by the cache when there is one and by this table on a fresh clone, where there is none, so the
 * longest files start first there too. Refresh it after a run when files were added or got slower:
 *
 *   npm test && npm run test:durations
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules/.vite/vitest');

const table: Record<string, number> = {};
for (const dir of readdirSync(CACHE)) {
  const { results } = JSON.parse(readFileSync(path.join(CACHE, dir, 'results.json'), 'utf8')) as {
    results: [string, { duration: number; failed: boolean }][];
  };
  for (const [key, r] of results) {
    const file = key.slice(key.indexOf(':') + 1);
    if (!r.failed && existsSync(path.join(ROOT, file))) table[key] = Math.round(r.duration / 100) * 100;
  }
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(path.join(ROOT, 'vitest.durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`vitest.durations.json: ${Object.keys(sorted).length} files`);
