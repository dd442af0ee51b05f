import { defineConfig } from 'vitest/config';
import TestOrder from './vitest.sequencer.ts';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: one file at a time. Most files spend their time
    // waiting (on PostgreSQL, a browser, a product starting), so three keep both cores busy. Every
    // project must have the same count to run side by side (a project of its own count runs after
    // the others); the browser tests get one product per worker (e2e/global-setup.ts).
    maxWorkers: 3,
    sequence: { sequencer: TestOrder },
    projects: [
      { test: { name: 'engine', include: ['packages/engine/test/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'] } },
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
