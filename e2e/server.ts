import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  stop: () => Promise<void>;
}

/** The product as `npm start` runs it, on free ports and a throw-away data folder. */
export async function startProduct(): Promise<RunningServer> {
  const data = scratchDataDir('e2e');
  const product = await startProductProcess(data.dir);
  return {
    baseUrl: product.baseUrl,
    stop: async () => {
      await product.stop();
      data.remove();
    },
  };
}
