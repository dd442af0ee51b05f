import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { LanesReport } from './lanes-report.ts';

/**
 * The product this test file talks to. The global setup starts one product per worker (a "lane":
 * its own server and embedded database, started as `npm start` does); the files of a lane run one
 * after another, as they would against one real site, while the lanes run side by side. A worker
 * keeps its pool id (1…maxWorkers) for its whole life, so two files running at the same time never
 * share a lane.
 *
 * The lanes start in the background while the server tests run (e2e/global-setup.ts); a browser
 * file waits here until they are written, which after the server group they usually already are.
 */
async function lanesReport(file: string): Promise<LanesReport> {
  const until = Date.now() + 300_000;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`the browser tests' products did not start in 300 s (${file})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as LanesReport;
}

const report = await lanesReport(inject('lanesFile'));
if ('error' in report) throw new Error(`the browser tests' products did not start:\n${report.error}`);
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
const lane = report.lanes[(poolId - 1) % report.lanes.length]!;

export const baseUrl = lane.baseUrl;
/** The lane's embedded database, for tests that must seed what no API creates (past days). */
export const databaseUrl = lane.databaseUrl;
/** One session per demo staff user, signed in once per lane (a TOTP code is single-use). */
export const staffTokens = lane.staffTokens;
/** The lane's Chromium (e2e/browser.ts `useBrowser`). */
export const browserEndpoint = lane.browserEndpoint;
