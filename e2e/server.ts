import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../apps/server/test/postgres.ts';

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

/**
 * Starts the product exactly as `npm start` does (embedded PostgreSQL, migrations, demo seed), on
 * free ports and a throw-away data folder, and waits until it listens.
 */
export async function startProduct(): Promise<RunningServer> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = path.resolve('.data', `e2e-${process.pid}-${port}`);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('apps/server/src/main.ts'), 'start'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Chok is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
