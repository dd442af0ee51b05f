/**
 * Builds the member site (apps/web → apps/web/dist, with the server's renderer in
 * apps/web/dist/server/entry-server.js) and stamps the build with a hash of what it
 * was built from, so `npm start` rebuilds only when that changed:
 *
 *   tsx scripts/web-build.ts               build (npm run build:web, npm test)
 *   tsx scripts/web-build.ts --if-changed  build only if the sources differ from the stamp (npm start)
 *
 * The hash covers every file of apps/web (but dist/ and node_modules/), the sources of the packages
 * the site imports (packages/contract, packages/engine), the root tsconfig files and the lockfile.
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

const INPUTS = ['apps/web', 'packages/contract/src', 'packages/engine/src'];
const ROOT_FILES = ['package-lock.json', 'tsconfig.base.json', 'tsconfig.json'];
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
export function sourceHash(root: string): string {
  const files: string[] = [];
  for (const dir of INPUTS) filesUnder(root, dir, files);
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

const distOf = (root: string) => path.join(root, 'apps/web/dist');

/** Whether apps/web/dist holds a finished build of exactly the current sources. */
export function isUpToDate(root: string, hash = sourceHash(root)): boolean {
  const dist = distOf(root);
  const stamp = path.join(dist, STAMP_FILE);
  const built = ['index.html', SSR_ENTRY].every((f) => existsSync(path.join(dist, f)));
  if (!built || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

export function writeStamp(root: string, hash: string): void {
  writeFileSync(path.join(distOf(root), STAMP_FILE), `${hash}\n`);
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ifChanged = process.argv.includes('--if-changed');
  const hash = sourceHash(root); // before building: a change made meanwhile is built next time
  if (ifChanged && isUpToDate(root, hash)) {
    process.stdout.write('[chok] member site is up to date (apps/web/dist); not rebuilding\n');
    return;
  }
  const built = spawnSync('npm', ['run', 'build', '-w', '@chok/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeStamp(root, hash);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
