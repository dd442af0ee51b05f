/**
 * Builds what `npm start` runs and stamps each build with a hash of what it was built from, so
 * `npm start` rebuilds only what changed:
 *   - the member site (apps/web → apps/web/dist, with the server's renderer in
 *     apps/web/dist/server/entry-server.js);
 *   - the operator console (apps/backoffice → apps/backoffice/dist, served at /backoffice);
 *   - the server (apps/server → apps/server/dist/main.mjs and staff.mjs, bundled by
 *     apps/server/build.ts: docs/decisions/0071-server-bundle.md).
 *
 *   tsx scripts/build.ts               build (npm run build, npm test)
 *   tsx scripts/build.ts --if-changed  build only if the sources differ from the stamp (npm start)
 *   … --only=server --quiet            one target, without the build's own output (npm run staff)
 *
 * A target's hash covers every file of it (but dist/ and node_modules/), the sources of the
 * packages it imports (packages/contract and packages/engine; packages/client for both sites), the
 * root tsconfig files, the shared Vite plugins and the lockfile.
 * The stamp is written after a successful build only; each build empties its dist/ first, so a
 * failed or interrupted build leaves no stamp and the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const STAMP_FILE = '.chok-build-stamp';
/** The server-side renderer the build writes beside the site (apps/web/vite.config.ts). */
export const SSR_ENTRY = 'server/entry-server.js';

export interface BuildTarget {
  name: string;
  /** The npm workspace whose `build` script builds it. */
  workspace: string;
  inputs: readonly string[];
  dist: string;
  /** What a finished build holds (besides the stamp). */
  built: readonly string[];
}

export const TARGETS = {
  web: {
    name: 'member site',
    workspace: '@chok/web',
    inputs: ['apps/web', 'packages/client/src', 'packages/contract/src', 'packages/engine/src'],
    dist: 'apps/web/dist',
    built: ['index.html', SSR_ENTRY],
  },
  backoffice: {
    name: 'operator console',
    workspace: '@chok/backoffice',
    inputs: ['apps/backoffice', 'packages/client/src', 'packages/contract/src', 'packages/engine/src'],
    dist: 'apps/backoffice/dist',
    built: ['index.html'],
  },
  server: {
    name: 'server',
    workspace: '@chok/server',
    inputs: [
      'apps/server/src',
      'apps/server/build.ts',
      'apps/server/package.json',
      'packages/contract/src',
      'packages/engine/src',
    ],
    dist: 'apps/server/dist',
    built: ['main.mjs', 'staff.mjs', 'backup.mjs'],
  },
} as const satisfies Record<string, BuildTarget>;
export type TargetName = keyof typeof TARGETS;

const ROOT_FILES = [
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'scripts/vite-chunk-modules.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-preload-fonts.ts',
];
const SKIP_DIRS = new Set(['dist', 'node_modules', '.vite']);

/** The files under `dir` (a folder or one file), relative to `root`. */
function filesUnder(root: string, dir: string, out: string[]): void {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  if (statSync(abs).isFile()) {
    out.push(dir);
    return;
  }
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) filesUnder(root, rel, out);
    } else if (entry.isFile()) {
      out.push(rel);
    }
  }
}

/** SHA-256 over the path and content of every input file, in a fixed order. */
export function sourceHash(root: string, target: TargetName = 'web'): string {
  const files: string[] = [];
  for (const dir of TARGETS[target].inputs) filesUnder(root, dir, files);
  for (const f of ROOT_FILES) if (existsSync(path.join(root, f))) files.push(f);
  files.sort();
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f)
      .update('\0')
      .update(readFileSync(path.join(root, f)))
      .update('\0');
  }
  return h.digest('hex');
}

const distOf = (root: string, target: TargetName) => path.join(root, TARGETS[target].dist);

/** Whether the target's dist holds a finished build of exactly the current sources. */
export function isUpToDate(root: string, hash?: string, target: TargetName = 'web'): boolean {
  hash ??= sourceHash(root, target);
  const dist = distOf(root, target);
  const stamp = path.join(dist, STAMP_FILE);
  const built = TARGETS[target].built.every((f) => existsSync(path.join(dist, f)));
  if (!built || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

export function writeStamp(root: string, hash: string, target: TargetName = 'web'): void {
  writeFileSync(path.join(distOf(root, target), STAMP_FILE), `${hash}\n`);
}

/**
 * Builds `target` when its dist is not a stamped build of the current sources (or always, with
 * `force`); returns whether it built. Throws when the build fails.
 */
export function build(
  root: string,
  target: TargetName,
  opts: { force?: boolean; quiet?: boolean } = {},
): boolean {
  const { name, workspace } = TARGETS[target];
  const hash = sourceHash(root, target); // before building: a change made meanwhile is built next time
  if (!opts.force && isUpToDate(root, hash, target)) {
    return false;
  }
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    // Always a production build, also when a test run (NODE_ENV=test) asks for it: Vite would
    // otherwise select React's development JSX for the server renderer.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: opts.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    shell: process.platform === 'win32',
  });
  if (built.status !== 0) throw new Error(`the ${name} build failed (npm run build -w ${workspace})`);
  writeStamp(root, hash, target);
  return true;
}

/** The repository's root, from this file's place. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function main(): void {
  const force = !process.argv.includes('--if-changed');
  const quiet = process.argv.includes('--quiet');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const targets = Object.keys(TARGETS).filter((t) => only === undefined || t === only) as TargetName[];
  if (targets.length === 0) {
    process.stderr.write(`[chok] --only= names one of: ${Object.keys(TARGETS).join(', ')}\n`);
    process.exit(2);
  }
  try {
    const current = targets.filter((target) => !build(REPO_ROOT, target, { force, quiet }));
    if (!quiet && current.length > 0) {
      const names = current.map((t) => TARGETS[t].name).join(', ');
      process.stdout.write(`[chok] up to date, not rebuilt: ${names}\n`);
    }
  } catch (err) {
    process.stderr.write(`[chok] ${(err as Error).message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
