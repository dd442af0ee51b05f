import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, REPO_ROOT, type TargetName } from '../../../scripts/build.ts';
import { freePort } from './postgres.ts';

/**
 * The server bundle `npm start` runs (apps/server/dist, `npm run build`): `main` or `staff`. The
 * global setups of the server and browser tests bring it up to date once per run
 * (`ensureBuilt`), before any test spawns it.
 */
export const serverBundle = (entry: 'main' | 'staff' | 'backup') =>
  path.join(REPO_ROOT, 'apps/server/dist', `${entry}.mjs`);

/**
 * The Node flags `npm start` gives the server (the root package.json's `start`: `node <flags>
 * apps/server/dist/main.mjs start`), for everything that starts the product as it does. The other ways
 * to start it (apps/server's `start`, ops/systemd, Dockerfile, compose.yaml) give the same ones
 * (start-commands.test.ts).
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const m = /(?:^|&&\s*)node((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.mjs start\b/.exec(
    pkg.scripts.start ?? '',
  );
  if (!m)
    throw new Error(`package.json's start does not run apps/server/dist/main.mjs: ${pkg.scripts.start}`);
  return m[1]!.trim().split(/\s+/).filter(Boolean);
}

/**
 * Brings each target's dist up to date as `npm run build` writes it (nothing to do after `npm test`'s
 * own build; a run of the server tests alone builds what changed, once, in the global setup).
 */
export function ensureBuilt(...targets: TargetName[]): void {
  for (const target of targets) build(REPO_ROOT, target, { quiet: true });
}

/** The member site (`web`) or the console (`backoffice`) as `npm run build` built it: tests read it, never write. */
export const builtDist = (target: 'web' | 'backoffice') => path.join(REPO_ROOT, 'apps', target, 'dist');

export interface RunningProduct {
  baseUrl: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** SIGTERM, wait for exit; returns the exit code. Keeps the data folder. */
  stop: () => Promise<number | null>;
  /** Resolves with the exit code when the process ends on its own. */
  exited: Promise<number | null>;
  /** SIGKILL, as a crash would: nothing of the process's own shutdown runs. */
  kill: () => Promise<void>;
  pid: number;
}

/**
 * Starts the product exactly as `npm start` does (the server bundle; embedded PostgreSQL, migrations, seed) on free
 * ports, with its data in `dataDir`, and waits until it listens (or prints `opts.ready`). `opts.args`
 * follow `start` (e.g. `--role=web`).
 */
export async function startProduct(
  dataDir: string,
  env: Record<string, string> = {},
  opts: { args?: string[]; ready?: string } = {},
): Promise<RunningProduct> {
  const ready = opts.ready ?? 'Chok is running at';
  const port = await freePort();
  const pgPort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags(), serverBundle('main'), 'start', ...(opts.args ?? [])],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    pid: child.pid!,
  };
}

/** A throw-away data folder under ./.data, removed by `remove`. */
export function scratchDataDir(label: string): { dir: string; remove: () => void } {
  const dir = path.resolve(
    '.data',
    `${label}-${process.pid}-${Date.now()}-${randomBytes(3).toString('hex')}`,
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `root` and every process below it, parents first (from /proc): a product started with
 * WEB_CONCURRENCY > 1, the HTTP processes it forked and their live-feed processes (docs/operations.md).
 */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
    } catch {
      // gone since the listing
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}
