import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in: longest first within each group (the server, engine and
 * contract files; then the browser tests, `groupOrder` in vitest.config.ts), so the slowest files
 * (a product started several times, the fuzz, the wallet model, the server-rendering journey) do
 * not end a group alone. Durations come from vitest's cache of the last run; on a fresh clone from
 * vitest.durations.json (`npm run test:durations` writes it from the cache), and for a file that
 * table does not know yet from an estimate of the file.
 */
export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const tableFile = path.join(this.ctx.config.root, 'vitest.durations.json');
    const table = existsSync(tableFile)
      ? (JSON.parse(readFileSync(tableFile, 'utf8')) as Record<string, number>)
      : {};
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const last = cache.getFileTestResults(key);
      if (last && !last.failed) return last.duration;
      if (table[key] !== undefined) return table[key];
      // No timing yet: bytes of test code, a browser test's costing more per byte, and a file that
      // starts whole products among the longest.
      const text = readFileSync(spec.moduleId, 'utf8');
      const perByte = spec.project.name === 'e2e' ? 4 : 0.25;
      return statSync(spec.moduleId).size * perByte + (text.includes('startProduct(') ? 60_000 : 0);
    };
    return files
      .map((spec) => ({ spec, w: weight(spec) }))
      .sort((a, b) => b.w - a.w)
      .map((x) => x.spec);
  }
}
