/**
 * Builds the browser apps and stamps each build with a hash of what it was built from, so
 * `npm start` rebuilds only what changed:
 *   - the member site (apps/web → apps/web/dist, with the server's renderer in
 *     apps/web/dist/server/entry-server.js);
 *   - the operator console (apps/backoffice → apps/backoffice/dist, served at /backoffice).
 *
 *
 *   tsx scripts/web-build.ts               build (npm run build:web, npm test)
 *   tsx scripts/web-build.ts --if-changed  build only if the sources differ from the stamp (npm start)
 *
 * An app's hash covers every file of the app (but dist/ and node_modules/), the sources of the
 * packages it imports (packages/contract, and packages/engine for the site), the root tsconfig
 * files, the shared Vite plugin and the lockfile.
 * The stamp is written after a successful build only; Vite empties dist/ when it builds, so a failed
 * or interrupted build leaves no stamp and the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    inputs: ['apps/web', 'packages/contract/src', 'packages/engine/src'],
    dist: 'apps/web/dist',
    built: ['index.html', SSR_ENTRY],
  },
  backoffice: {
    name: 'operator console',
    workspace: '@chok/backoffice',
    inputs: ['apps/backoffice', 'packages/contract/src'],
    dist: 'apps/backoffice/dist',
    built: ['index.html'],
  },
} as const satisfies Record<string, BuildTarget>;
export type TargetName = keyof typeof TARGETS;

const ROOT_FILES = [
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'scripts/vite-precompress.ts',
];
const SKIP_DIRS = new Set(['dist', 'node_modules', '.vite']);

function filesUnder(root: string, dir: string, out: string[]): void {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
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

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ifChanged = process.argv.includes('--if-changed');
  for (const target of Object.keys(TARGETS) as TargetName[]) {
    const { name, workspace, dist } = TARGETS[target];
    const hash = sourceHash(root, target); // before building: a change made meanwhile is built next time
    if (ifChanged && isUpToDate(root, hash, target)) {
      process.stdout.write(`[chok] ${name} is up to date (${dist}); not rebuilding\n`);
      continue;
    }
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeStamp(root, hash, target);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
