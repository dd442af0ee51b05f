import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../apps/server/test/product.ts';
import { launchBrowserServer } from './browser.ts';
import type { Lane, LanesReport } from './lanes-report.ts';
import { ensureChromium, type RunningServer, startProduct } from './server.ts';
import { STAFF_USERNAMES, staffLogin } from './staff.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the lanes are written once they are up (e2e/lane.ts waits for it). */
    lanesFile: string;
  }
}

/**
 * Starts one product per test worker (each worker claims one: e2e/lane.ts), all at once. Their count
 * is the run's worker count (`maxWorkers` of vitest.config.ts, or `--maxWorkers`), so files running
 * side by side never share a database; `E2E_LANES` overrides it.
 *
 * In the background: the server group runs first (`groupOrder`), and would otherwise wait while
 * two clusters initialise, migrate and seed (and, on a fresh machine, Chromium is installed). The
 * lanes are written to `lanesFile` when they are up, or the reason they are not, which every
 * browser file then reports.
 */
export default async function setup(project: TestProject) {
  // The product serves the built member site and console (a run without `npm test`'s build).
  ensureBuilt('server', 'web', 'backoffice');
  const count = Number(
    process.env.E2E_LANES ?? project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1,
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'chok-e2e-'));
  const lanesFile = path.join(dir, 'lanes.json');
  const servers: RunningServer[] = [];
  const browsers: BrowserServer[] = [];
  // Each started thing is stopped once, whether the start failed half-way or the run ended.
  const stopAll = () =>
    Promise.all([
      ...servers.splice(0).map((s) => s.stop()),
      ...browsers.splice(0).map((b) => b.close()),
    ]).then(() => undefined);
  const report = (r: LanesReport) => {
    // Written whole, then renamed: a reader never sees half a file.
    writeFileSync(`${lanesFile}.tmp`, JSON.stringify(r));
    renameSync(`${lanesFile}.tmp`, lanesFile);
  };
  const up = startLanes(Math.max(1, count), servers, browsers).then(
    (lanes) => report({ lanes }),
    async (err: unknown) => {
      await stopAll();
      report({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    },
  );
  project.provide('lanesFile', lanesFile);
  return async () => {
    await up;
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function startLanes(
  count: number,
  servers: RunningServer[],
  browsers: BrowserServer[],
): Promise<Lane[]> {
  const chromium = ensureChromium();
  const started = await Promise.allSettled(Array.from({ length: count }, () => startProduct()));
  for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  await chromium;
  const lanes: Lane[] = [];
  for (const server of servers) {
    const staffTokens: Record<string, string> = {};
    for (const username of STAFF_USERNAMES)
      staffTokens[username] = await staffLogin(server.baseUrl, username);
    const browser = await launchBrowserServer();
    browsers.push(browser);
    lanes.push({
      baseUrl: server.baseUrl,
      databaseUrl: server.databaseUrl,
      staffTokens,
      browserEndpoint: browser.wsEndpoint(),
    });
  }
  return lanes;
}
