import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleFloors, moduleRanks } from '../src/db/table-owners.ts';

// The modules stand in one order of floors (docs/architecture.md, "Module floors"): a module imports
// only modules on a lower floor. Every import of every file under modules/ is resolved against the
// file's own folder (so `./../x/`, `../x/../y/` and the like land where they really point) and the
// module it lands in must rank below the importer's.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const MODULES = path.join(SRC, 'modules');

/** Every module specifier of a source: static imports and re-exports (types too), bare imports, `import()`. */
export function specifiersOf(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]!);
  return found;
}

/** The module folder an absolute path lies in, or null outside `modules/`. */
function moduleOf(modulesDir: string, file: string): string | null {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const first = rel.split(path.sep)[0]!;
  return first === rel ? null : first;
}

export interface Violation {
  file: string;
  imports: string;
  line: string;
}

/**
 * The imports that go sideways or up: from a module to a module on its own floor or above. `files`
 * are absolute paths under `modulesDir` with their source; a module with no floor is a violation too.
 */
export function upwardImports(
  modulesDir: string,
  files: readonly { file: string; source: string }[],
  ranks: Readonly<Record<string, number>>,
): Violation[] {
  const out: Violation[] = [];
  for (const { file, source } of files) {
    const from = moduleOf(modulesDir, file);
    if (from === null) continue;
    for (const spec of specifiersOf(source)) {
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (to === null || to === from) continue;
      const rel = path.relative(modulesDir, file);
      const a = ranks[from];
      const b = ranks[to];
      if (a === undefined || b === undefined || b >= a)
        out.push({
          file: rel,
          imports: spec,
          line: `${rel} (${from}, floor ${a ?? '?'}) imports ${spec} (${to}, floor ${b ?? '?'})`,
        });
    }
  }
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

const folders = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('module floors', () => {
  it('every module folder has exactly one floor, and every floor names a module folder', () => {
    const listed = moduleFloors.flat() as string[];
    expect(
      folders.filter((m) => !listed.includes(m)),
      'modules with no floor',
    ).toEqual([]);
    expect(
      listed.filter((m) => !folders.includes(m)),
      'floor entries with no module',
    ).toEqual([]);
    expect(
      listed.filter((m, i) => listed.indexOf(m) !== i),
      'modules on two floors',
    ).toEqual([]);
  });

  it('no module imports a module on its own floor or above', () => {
    const files = tsFiles(MODULES).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(upwardImports(MODULES, files, moduleRanks).map((v) => v.line)).toEqual([]);
  });

  describe('the checker, on planted files', () => {
    const ranks = { wallet: 0, members: 0, games: 1, lotto: 2, originals: 2, console: 3 };
    const at = (rel: string, source: string) => ({ file: path.join(MODULES, rel), source });
    const check = (...files: { file: string; source: string }[]) =>
      upwardImports(MODULES, files, ranks).map((v) => `${v.file} -> ${v.imports}`);

    it('refuses an import upwards, sideways (same floor) and into a module with no floor', () => {
      expect(
        check(
          at('wallet/ledger.ts', `import { bill } from '../lotto/service.ts';`),
          at('lotto/bills.ts', `import type { Round } from '../originals/service.ts';`),
          at('wallet/x.ts', `import { y } from '../members/service.ts';`),
          at('games/x.ts', `import { q } from '../sooth/service.ts';`),
        ),
      ).toEqual([
        'wallet/ledger.ts -> ../lotto/service.ts',
        'lotto/bills.ts -> ../originals/service.ts',
        'wallet/x.ts -> ../members/service.ts',
        'games/x.ts -> ../sooth/service.ts',
      ]);
    });

    it('resolves the spelling: ./../, detours, deeper files, re-exports, bare and dynamic imports', () => {
      expect(
        check(
          at('members/a.ts', `import { b } from './../lotto/bills.ts';`),
          at('members/b.ts', `import { c } from '../wallet/../games/service.ts';`),
          at('games/sub/c.ts', `import {\n  d,\n  e,\n} from '../../console/members.ts';`),
          at('wallet/d.ts', `export { x } from '../lotto/service.ts';\nexport * from '../games/service.ts';`),
          at('wallet/e.ts', `import '../games/register.ts';`),
          at('wallet/f.ts', `const m = await import(\n  '../lotto/service.ts'\n);`),
        ),
      ).toEqual([
        'members/a.ts -> ./../lotto/bills.ts',
        'members/b.ts -> ../wallet/../games/service.ts',
        'games/sub/c.ts -> ../../console/members.ts',
        'wallet/d.ts -> ../lotto/service.ts',
        'wallet/d.ts -> ../games/service.ts',
        'wallet/e.ts -> ../games/register.ts',
        'wallet/f.ts -> ../lotto/service.ts',
      ]);
    });

    it('allows imports downwards, within the module, and out of modules/', () => {
      expect(
        check(
          at(
            'console/a.ts',
            `import { a } from '../lotto/service.ts';\nimport { b } from '../wallet/service.ts';`,
          ),
          at('lotto/b.ts', `import { c } from './bill-queries.ts';\nimport { d } from '../lotto/rounds.ts';`),
          at('games/c.ts', `import type { E } from '../../platform/db.ts';\nimport { z } from 'zod';`),
          at('games/d.ts', `// import { x } from '../console/members.ts';\n/* from '../lotto/x.ts' */`),
        ),
      ).toEqual([]);
    });
  });
});
