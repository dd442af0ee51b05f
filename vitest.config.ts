import { defineConfig } from 'vitest/config';
import TestOrder from './vitest.sequencer.ts';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: one file at a time. Server files wait in part
    // (on PostgreSQL, a product starting), so two run side by side: measured, 210 s against 280 s
    // for one, and three were no faster than two while spending half as much CPU again. The
    // browser tests run as a second group (`groupOrder`), after every other file, with a count of
    // their own: measured on two cores, browser files beside server files made both slower than
    // one group after the other (docs/decisions/0070-test-run.md).
    maxWorkers: 2,
    sequence: { sequencer: TestOrder },
    projects: [
      { test: { name: 'engine', isolate: false, include: ['packages/engine/test/**/*.test.ts'] } },
      { test: { name: 'contract', isolate: false, include: ['packages/contract/test/**/*.test.ts'] } },
      { test: { name: 'web', isolate: false, include: ['apps/web/test/**/*.test.ts'] } },
      { test: { name: 'backoffice', isolate: false, include: ['apps/backoffice/test/**/*.test.ts'] } },
      { test: { name: 'client', isolate: false, include: ['packages/client/test/**/*.test.ts'] } },
      { test: { name: 'lint', isolate: false, include: ['lint/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          isolate: false,
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          // One product and one Chromium per worker (e2e/global-setup.ts). Two lanes, measured on
          // two cores at the 1280 × 800 desktop of e2e/page.ts: 240 s against 261–310 s for one.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits as long as a Playwright locator does (openPage's 10 s), not vitest's
          // 1 s default: a page that re-fetches after a reload can take seconds on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
