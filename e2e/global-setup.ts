import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../apps/server/test/product.ts';
import { launchBrowserServer } from './browser.ts';
import { ensureChromium, type RunningServer, startProduct } from './server.ts';
import { STAFF_USERNAMES, staffLogin } from './staff.ts';

export interface Lane {
  baseUrl: string;
  databaseUrl: string;
  /** One session per demo staff user, signed in once for the whole run (a TOTP code is single-use). */
  staffTokens: Record<string, string>;
  /** The lane's Chromium, started once (playwright `launchServer`); each file connects to it. */
  browserEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per worker (e2e/lane.ts). */
    lanes: Lane[];
  }
}

/**
 * Starts one product per test worker (its pool id picks it: e2e/lane.ts), all at once. Their count
 * is the run's worker count (`maxWorkers` of vitest.config.ts, or `--maxWorkers`), so files running
 * side by side never share a database; `E2E_LANES` overrides it.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  // The product serves the built member site and console (a run without `npm test`'s build).
  ensureBuilt('server', 'web', 'backoffice');
  const count = Number(
    process.env.E2E_LANES ?? project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1,
  );
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, count) }, () => startProduct()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const browsers: BrowserServer[] = [];
  const stopAll = () =>
    Promise.all([...servers.map((s) => s.stop()), ...browsers.map((b) => b.close())]).then(() => undefined);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const lanes: Lane[] = [];
  try {
    for (const server of servers as RunningServer[]) {
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
  } catch (err) {
    await stopAll();
    throw err;
  }
  project.provide('lanes', lanes);
  return stopAll;
}
