import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in, for two cores and three workers: the server files that
 * take longest (a product started several times, the fuzz, the wallet model) first, then the
 * browser tests, longest first, then the other server files, which share their workers' modules
 * (isolate: false; alternating browser and server files measured worse: every switch re-imports
 * the server). Durations come from vitest's cache of the last run; on a fresh clone from an
 * estimate of the file. Vitest's own order put every browser test first and the slowest server
 * files last, alone.
 */
export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const last = cache.getFileTestResults(key);
      if (last && !last.failed) return last.duration;
      // No timing yet: bytes of test code, a browser test's costing more per byte, and a file that
      // starts whole products among the longest.
      const text = readFileSync(spec.moduleId, 'utf8');
      const perByte = spec.project.name === 'e2e' ? 4 : 0.25;
      return statSync(spec.moduleId).size * perByte + (text.includes('startProduct(') ? 60_000 : 0);
    };
    const sorted = files
      .map((spec) => ({ spec, w: weight(spec), browser: spec.project.name === 'e2e' }))
      .sort((a, b) => b.w - a.w);
    const LONG = 12_000;
    return [
      ...sorted.filter((x) => !x.browser && x.w >= LONG),
      ...sorted.filter((x) => x.browser),
      ...sorted.filter((x) => !x.browser && x.w < LONG),
    ].map((x) => x.spec);
  }
}
