import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import { isAlive } from '../apps/server/src/platform/embedded-postgres.ts';
import type { LanesReport } from './lanes-report.ts';

/**
 * The product this test file talks to. The global setup starts one product per worker (a "lane":
 * its own server and embedded database, started as `npm start` does); the files of a lane run one
 * after another, as they would against one real site, while the lanes run side by side: each
 * worker claims a lane of its own (`claimLane`), so two files running at the same time never share
 * a lane.
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

/**
 * The lane this worker process holds: a claim file per lane, created exclusively, names the worker's
 * pid. A worker keeps its lane for its whole life, a lane whose worker has exited is taken over, and
 * two workers never hold one lane. (Lanes chosen by pool id once ran two files side by side on one
 * product: a demo member's chip in one gained exactly the 885 baht the other file's round paid it.) Only when there are more
 * workers than lanes (`E2E_LANES` below `--maxWorkers`) do lanes share, by pool id.
 */
function claimLane(file: string, count: number): number {
  const claim = (i: number) => `${file}.lane-${i}`;
  const holder = (i: number) => {
    try {
      return Number(readFileSync(claim(i), 'utf8'));
    } catch {
      return null;
    }
  };
  for (let i = 0; i < count; i++) if (holder(i) === process.pid) return i;
  for (let i = 0; i < count; i++) {
    const pid = holder(i);
    if (pid !== null && pid > 0 && isAlive(pid)) continue;
    if (pid !== null) rmSync(claim(i), { force: true });
    try {
      writeFileSync(claim(i), String(process.pid), { flag: 'wx' });
      return i;
    } catch {
      // Another worker claimed it first.
    }
  }
  return (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % count;
}

const lanesFile = inject('lanesFile');
const report = await lanesReport(lanesFile);
if ('error' in report) throw new Error(`the browser tests' products did not start:\n${report.error}`);
const lane = report.lanes[claimLane(lanesFile, report.lanes.length)]!;

export const baseUrl = lane.baseUrl;
/** The lane's embedded database, for tests that must seed what no API creates (past days). */
export const databaseUrl = lane.databaseUrl;
/** One session per demo staff user, signed in once per lane (a TOTP code is single-use). */
export const staffTokens = lane.staffTokens;
/** The lane's Chromium (e2e/browser.ts `useBrowser`). */
export const browserEndpoint = lane.browserEndpoint;
