import { inject } from 'vitest';

/**
 * The product this test file talks to. The global setup starts one product per worker (a "lane":
 * its own server and embedded database, started as `npm start` does); the files of a lane run one
 * after another, as they would against one real site, while the lanes run side by side. A worker
 * keeps its pool id (1…maxWorkers) for its whole life, so two files running at the same time never
 * share a lane.
 */
const lanes = inject('lanes');
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
const lane = lanes[(poolId - 1) % lanes.length]!;

export const baseUrl = lane.baseUrl;
/** The lane's embedded database, for tests that must seed what no API creates (past days). */
export const databaseUrl = lane.databaseUrl;
/** One session per demo staff user, signed in once per lane (a TOTP code is single-use). */
export const staffTokens = lane.staffTokens;
/** The lane's Chromium (e2e/browser.ts `useBrowser`). */
export const browserEndpoint = lane.browserEndpoint;
