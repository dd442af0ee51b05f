import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { embeddedUrl } from '../apps/server/src/platform/embedded-postgres.ts';
import { freePort } from '../apps/server/test/postgres.ts';
import { scratchDataDir, startProduct as startProductProcess } from '../apps/server/test/product.ts';

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`): the same Blink as the
 * `chromium` package without the desktop browser around it, at well under half the CPU per page
 * (measured: 21 s of Chromium CPU instead of 50 s for e2e/member.test.ts), which the browser tests
 * on two cores need. `CHROMIUM_PATH` picks another build (e.g. `/usr/bin/chromium`).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const PACKAGES = ['chromium-headless-shell', 'fonts-thai-tlwg'];

/**
 * Installs Debian's Chromium headless shell when it is missing (never a downloaded browser build), or
 * another Debian build at `browser` from `packages` (Lighthouse and the picture script take the full
 * `chromium` package).
 */
export async function ensureChromium(browser = CHROMIUM, packages = PACKAGES): Promise<void> {
  if (existsSync(browser)) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = async (args: string[]) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    const child = spawn(cmd!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`${[cmd, ...rest].join(' ')} exited with ${code}`);
  };
  process.stdout.write(`${browser} is missing: installing Debian packages ${packages.join(' ')}\n`);
  await run(['apt-get', 'update']);
  await run(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}

export interface RunningServer {
  baseUrl: string;
  /** The product's embedded database, for tests that must seed what no API creates (past days). */
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** The product as `npm start` runs it, on free ports and a throw-away data folder. */
export async function startProduct(): Promise<RunningServer> {
  const data = scratchDataDir('e2e');
  const pgPort = await freePort();
  const product = await startProductProcess(data.dir, {
    EMBEDDED_PG_PORT: String(pgPort),
    // Every member and operator of the browser tests comes from 127.0.0.1: the per-address limits on
    // OTP requests, registrations, logins and demo launches (apps/server/test/auth.test.ts and
    // platform.test.ts test them) would stand for one real visitor; a fast machine runs more than
    // twenty logins a minute on one lane.
    RATE_LIMIT_PER_MINUTE_OTP: '600',
    RATE_LIMIT_PER_MINUTE_REGISTER: '600',
    RATE_LIMIT_PER_MINUTE_LOGIN: '600',
    RATE_LIMIT_PER_MINUTE_STAFF_LOGIN: '600',
    RATE_LIMIT_PER_MINUTE_DEMO: '600',
    OTP_MAX_PER_HOUR_NETWORK: '100000',
  });
  return {
    baseUrl: product.baseUrl,
    databaseUrl: embeddedUrl(pgPort, 'chok'),
    stop: async () => {
      await product.stop();
      data.remove();
    },
  };
}
