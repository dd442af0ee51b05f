import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { embeddedUrl } from '../apps/server/src/platform/embedded-postgres.ts';
import { freePort } from '../apps/server/test/postgres.ts';
import { scratchDataDir, startProduct as startProductProcess } from '../apps/server/test/product.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing (never a downloaded browser build). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  process.stdout.write(
    '[e2e] Chromium is missing: installing Debian packages chromium and fonts-thai-tlwg\n',
  );
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium', 'fonts-thai-tlwg']);
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
  const product = await startProductProcess(data.dir, { EMBEDDED_PG_PORT: String(pgPort) });
  return {
    baseUrl: product.baseUrl,
    databaseUrl: embeddedUrl(pgPort, 'chok'),
    stop: async () => {
      await product.stop();
      data.remove();
    },
  };
}
