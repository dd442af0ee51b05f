import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRoutes, ROUTE_MODULES, routesFile } from '../../../scripts/contract-routes.ts';

// The member site calls endpoints through src/routes/* (method and path, no zod): a route that
// drifted from its endpoint would send the browser to a path or method the server does not serve.
describe('routes (src/routes/*, generated from src/api/*)', () => {
  for (const module of ROUTE_MODULES) {
    it(`routes/${module}.ts is what src/api/${module}.ts generates, and imports types only`, async () => {
      const file = routesFile(module);
      const checkedIn = await readFile(file, 'utf8');
      expect(
        checkedIn,
        `${path.relative(process.cwd(), file)} is stale: run npm run contract:routes and commit the result`,
      ).toBe(await generateRoutes(module));
      for (const line of checkedIn.split('\n').filter((l) => l.startsWith('import '))) {
        expect(line).toMatch(/^import type /);
      }
    });
  }
});
