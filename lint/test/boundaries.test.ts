import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSource, checkTree, resolveImport } from '../boundaries.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The violations of a planted file at `file` (it need not exist), resolved against the real tree. */
const plant = (file: string, text: string) => checkSource(ROOT, file, text);

describe('import boundaries on resolved paths (docs/architecture.md)', () => {
  it('the tree has no import across a boundary', () => {
    expect(checkTree(ROOT)).toEqual([]);
  });

  it('resolves every spelling of a file to the same file', () => {
    const from = 'apps/server/src/modules/wallet/x.ts';
    for (const spelling of [
      './../lotto/bills.ts',
      '../lotto/bills.js',
      '../lotto/bills',
      '../../modules/lotto/bills.ts',
    ]) {
      expect(resolveImport(ROOT, from, spelling)).toEqual({
        kind: 'file',
        file: 'apps/server/src/modules/lotto/bills.ts',
      });
    }
    expect(resolveImport(ROOT, 'packages/engine/src/x.ts', '@chok/contract/errors')).toEqual({
      kind: 'file',
      file: 'packages/contract/src/errors.ts',
    });
  });

  it("refuses `./../lotto/bills.ts` from another module, and allows the module's service.ts", () => {
    const file = 'apps/server/src/modules/wallet/planted.ts';
    const [v] = plant(
      file,
      "import { placeBill } from './../lotto/bills.ts';\nexport const x = placeBill;\n",
    );
    expect(v).toMatchObject({ file, line: 1, specifier: './../lotto/bills.ts' });
    expect(v?.message).toContain('only through its service.ts');
    expect(plant(file, "export * from '../lotto/service.ts';\n")).toEqual([]);
    // Re-exports and dynamic imports are imports too.
    expect(plant(file, "export { x } from '../../modules/lotto/bills.ts';\n")).toHaveLength(1);
    expect(plant(file, "const m = await import('../lotto/bill-queries.ts');\n")).toHaveLength(1);
  });

  it('refuses `../../app.js` from a module', () => {
    const [v] = plant(
      'apps/server/src/modules/lotto/planted.ts',
      "import { buildApp } from '../../app.js';\n",
    );
    expect(v?.specifier).toBe('../../app.js');
    expect(v?.message).toContain('never import app.ts');
    expect(
      plant('apps/server/src/platform/planted.ts', "import '../modules/lotto/service.ts';\n"),
    ).toHaveLength(1);
    expect(plant('apps/server/src/seed/planted.ts', "import '../app.ts';\n")).toHaveLength(1);
    expect(plant('apps/server/src/main.ts', "import { buildApp } from './app.ts';\n")).toEqual([]);
  });

  it('refuses `../../features/x` from a web feature, and allows its own feature by any spelling', () => {
    const file = 'apps/web/src/features/wheel/planted.ts';
    const [v] = plant(file, "import { x } from '../../features/lotto/api';\n");
    expect(v?.message).toContain('never imports another feature');
    expect(plant(file, "import { x } from '../../features/x';\n")).toHaveLength(1);
    expect(plant(file, "import { x } from '../../features/wheel/api';\n")).toEqual([]);
    expect(plant(file, "import { x } from '../../pages/Wheel';\n")).toHaveLength(1);
    expect(plant('apps/web/src/lib/planted.ts', "import { x } from '../features/wheel/api';\n")).toHaveLength(
      1,
    );
  });

  it('refuses a relative path from the engine into the contract (and node:*)', () => {
    const file = 'packages/engine/src/planted.ts';
    const [v] = plant(file, "import { errors } from '../../contract/src/errors.ts';\n");
    expect(v?.message).toContain('packages/engine is pure');
    expect(plant(file, "import { errors } from '@chok/contract/errors';\n")).toHaveLength(1);
    expect(plant(file, "import { createHash } from 'node:crypto';\n")).toHaveLength(1);
    expect(plant(file, "import { x } from '../../../apps/server/src/app.ts';\n")).toHaveLength(1);
    expect(plant(file, "import { satang } from './money.ts';\n")).toEqual([]);
  });

  it("gives the console's sections, components, lib and stores the member site's rules", () => {
    const section = 'apps/backoffice/src/sections/rewards/planted.tsx';
    expect(plant(section, "import { x } from '../content/NotificationsPage';\n")).toHaveLength(1);
    expect(plant(section, "import { x } from '../../app/access';\n")).toHaveLength(1);
    expect(
      plant(section, "import { call } from '../../lib/api';\nimport type { Section } from '../types';\n"),
    ).toEqual([]);
    expect(
      plant('apps/backoffice/src/components/planted.tsx', "import '../sections/content';\n"),
    ).toHaveLength(1);
    expect(plant('apps/backoffice/src/lib/planted.ts', "import '../../../web/src/lib/api';\n")).toHaveLength(
      1,
    );
  });

  it('keeps the shared API client free of React', () => {
    expect(plant('packages/client/src/planted.ts', "import { useEffect } from 'react';\n")).toHaveLength(1);
    expect(
      plant('packages/client/src/planted.ts', "import type { Route } from '@chok/contract/endpoint';\n"),
    ).toEqual([]);
  });

  describe('over a planted tree', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chok-boundaries-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };

    it('finds the four spellings Biome let through', () => {
      write('apps/server/src/app.ts', 'export const app = 1;\n');
      write('apps/server/src/modules/lotto/bills.ts', 'export const bills = 1;\n');
      write('apps/server/src/modules/lotto/service.ts', "export { bills } from './bills.ts';\n");
      write('apps/server/src/modules/wallet/a.ts', "import { bills } from './../lotto/bills.ts';\n");
      write('apps/server/src/modules/wallet/b.ts', "import { app } from '../../app.js';\n");
      write('apps/server/src/modules/wallet/c.ts', "import { bills } from '../lotto/service.ts';\n");
      write('apps/web/src/features/wheel/Board.tsx', "import { x } from '../../features/x';\n");
      write('apps/web/src/features/x/index.ts', 'export const x = 1;\n');
      write('packages/contract/src/errors.ts', 'export const errors = {};\n');
      write('packages/engine/src/money.ts', "import { errors } from '../../contract/src/errors.ts';\n");
      const found = checkTree(dir).map((v) => `${v.file} ${v.specifier}`);
      expect(found).toEqual([
        'apps/server/src/modules/wallet/a.ts ./../lotto/bills.ts',
        'apps/server/src/modules/wallet/b.ts ../../app.js',
        'apps/web/src/features/wheel/Board.tsx ../../features/x',
        'packages/engine/src/money.ts ../../contract/src/errors.ts',
      ]);
    });
  });
});
