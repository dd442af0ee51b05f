import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUpToDate, sourceHash, type TargetName, writeStamp } from '../../../scripts/build.ts';

/** Writes files (path relative to `dir`, parent folders made) into a scratch checkout. */
const writer = (dir: string) => (rel: string, content: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), content);
};

/** Each of `files`, once changed, makes `target` stale until a build stamps it again. */
function expectEachChangeRebuilds(dir: string, target: TargetName, files: readonly string[]) {
  const put = writer(dir);
  for (const file of files) {
    put(file, `export const changed = ${JSON.stringify(file)};`);
    expect(isUpToDate(dir, undefined, target), file).toBe(false);
    writeStamp(dir, sourceHash(dir, target), target);
    expect(isUpToDate(dir, undefined, target)).toBe(true);
  }
}

const root = mkdtempSync(path.join(tmpdir(), 'chok-web-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const put = writer(root);

describe('npm start builds the member site only when its sources changed', () => {
  it('is up to date after a stamped build, until a source, a shared package or the lockfile changes', () => {
    put('apps/web/index.html', '<html></html>');
    put('apps/web/src/main.tsx', 'export {};');
    put('packages/contract/src/errors.ts', 'export const a = 1;');
    put('packages/engine/src/money.ts', 'export const b = 1;');
    put('package-lock.json', '{}');
    put('apps/web/dist/index.html', '<html>built</html>');
    put('apps/web/dist/server/entry-server.js', 'export async function render() {}');
    expect(isUpToDate(root)).toBe(false); // built, but not stamped: a build that did not finish

    writeStamp(root, sourceHash(root));
    expect(isUpToDate(root)).toBe(true);
    // What the build writes and what npm installs are not sources.
    put('apps/web/dist/assets/index-abc.js', 'built');
    put('apps/web/node_modules/x/index.js', 'installed');
    put('packages/contract/test/errors.test.ts', 'not bundled');
    expect(isUpToDate(root)).toBe(true);

    expectEachChangeRebuilds(root, 'web', [
      'apps/web/src/main.tsx',
      'apps/web/src/new-page.tsx',
      'packages/client/src/api.ts',
      'packages/contract/src/errors.ts',
      'packages/engine/src/money.ts',
      'package-lock.json',
    ]);

    // A build without the server's renderer (an older build, or one interrupted before it) is rebuilt.
    rmSync(path.join(root, 'apps/web/dist/server/entry-server.js'));
    expect(isUpToDate(root)).toBe(false);
    put('apps/web/dist/server/entry-server.js', 'export async function render() {}');
    expect(isUpToDate(root)).toBe(true);

    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(isUpToDate(root)).toBe(false);
  });
});

describe('npm start builds the operator console only when its own sources changed', () => {
  it('stamps apps/backoffice/dist apart from the member site', () => {
    const r = mkdtempSync(path.join(tmpdir(), 'chok-backoffice-build-'));
    try {
      const at = writer(r);
      at('apps/backoffice/index.html', '<html></html>');
      at('apps/backoffice/src/main.tsx', 'export {};');
      at('apps/web/src/main.tsx', 'export {};');
      at('packages/contract/src/errors.ts', 'export const a = 1;');
      at('packages/engine/src/money.ts', 'export const b = 1;');
      at('scripts/vite-precompress.ts', 'export {};');
      at('package-lock.json', '{}');
      at('apps/backoffice/dist/index.html', '<html>built</html>');
      expect(isUpToDate(r, undefined, 'backoffice')).toBe(false);
      writeStamp(r, sourceHash(r, 'backoffice'), 'backoffice');
      expect(isUpToDate(r, undefined, 'backoffice')).toBe(true);
      // The member site's own sources are not the console's.
      at('apps/web/src/main.tsx', 'export const changed = 1;');
      at('apps/backoffice/dist/assets/index-abc.js', 'built');
      expect(isUpToDate(r, undefined, 'backoffice')).toBe(true);
      expectEachChangeRebuilds(r, 'backoffice', [
        'apps/backoffice/src/main.tsx',
        'packages/client/src/stream.ts',
        'packages/contract/src/errors.ts',
        // The console writes dates with the engine's Thai date formatter.
        'packages/engine/src/thai-dates.ts',
        'scripts/vite-precompress.ts',
        'package-lock.json',
      ]);
      // The console's sources are not the member site's.
      at('apps/web/dist/index.html', '<html>built</html>');
      at('apps/web/dist/server/entry-server.js', 'export async function render() {}');
      writeStamp(r, sourceHash(r, 'web'), 'web');
      at('apps/backoffice/src/main.tsx', 'export const again = 1;');
      expect(isUpToDate(r)).toBe(true);
      rmSync(path.join(r, 'apps/backoffice/dist/index.html'));
      expect(isUpToDate(r, undefined, 'backoffice')).toBe(false);
    } finally {
      rmSync(r, { recursive: true, force: true });
    }
  });
});

describe('npm start, npm run staff and the tests run the server bundle, rebuilt only when its sources changed', () => {
  it('stamps apps/server/dist from the server, the packages it bundles and the lockfile, not the browser apps', () => {
    const r = mkdtempSync(path.join(tmpdir(), 'chok-server-build-'));
    try {
      const at = writer(r);
      at('apps/server/src/main.ts', 'export {};');
      at('apps/server/build.ts', 'export {};');
      at('apps/server/package.json', '{}');
      at('apps/web/src/main.tsx', 'export {};');
      at('apps/backoffice/src/main.tsx', 'export {};');
      at('packages/contract/src/errors.ts', 'export const a = 1;');
      at('packages/engine/src/money.ts', 'export const b = 1;');
      at('package-lock.json', '{}');
      at('apps/server/dist/main.mjs', 'built');
      expect(isUpToDate(r, undefined, 'server')).toBe(false); // no stamp: not a finished build
      writeStamp(r, sourceHash(r, 'server'), 'server');
      expect(isUpToDate(r, undefined, 'server')).toBe(false); // staff.mjs is missing
      at('apps/server/dist/staff.mjs', 'built');
      expect(isUpToDate(r, undefined, 'server')).toBe(false); // backup.mjs is missing
      at('apps/server/dist/backup.mjs', 'built');
      expect(isUpToDate(r, undefined, 'server')).toBe(true);
      // The browser apps, the server's tests' data and what the build writes are not its sources.
      at('apps/web/src/main.tsx', 'export const changed = 1;');
      at('apps/backoffice/src/main.tsx', 'export const changed = 1;');
      at('packages/client/src/api.ts', 'export const changed = 1;');
      at('apps/server/dist/chunk-abc.mjs', 'built');
      at('apps/server/node_modules/x/index.js', 'installed');
      expect(isUpToDate(r, undefined, 'server')).toBe(true);
      expectEachChangeRebuilds(r, 'server', [
        'apps/server/src/main.ts',
        'apps/server/src/modules/new.ts',
        'apps/server/build.ts',
        'apps/server/package.json',
        'packages/contract/src/errors.ts',
        'packages/engine/src/money.ts',
        'package-lock.json',
      ]);
    } finally {
      rmSync(r, { recursive: true, force: true });
    }
  });
});

describe('npm ci on the oldest Node the project supports', () => {
  it('installs no package whose engines exclude it (npm prints EBADENGINE for each)', async () => {
    const { default: semver } = await import('semver');
    const rootPkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(rootPkg.engines.node)?.version ?? '';
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const excluded = Object.entries(lock.packages)
      .filter(([, p]) => {
        const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([name, p]) => `${name} (${(p.engines as { node: string }).node})`);
    expect(oldest).toMatch(/^20\./);
    expect(excluded).toEqual([]);
  });
});
