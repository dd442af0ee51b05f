/**
 * Generates packages/contract/src/routes/<module>.ts from packages/contract/src/api/<module>.ts: each
 * endpoint's method and path as a plain object typed by the endpoint (`Route`), with no zod, so the
 * member site calls the contract's endpoints (apps/web/src/lib/api.ts `call`) without bundling
 * their schemas and without typing a path by hand. `npm run contract:routes` writes the files;
 * packages/contract/test/routes.test.ts fails when a checked-in file differs from what this produces.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '../packages/contract/src/endpoint.ts';
import { biomeFormat } from './biome-format.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = path.join(ROOT, 'packages/contract/src');

/** The modules whose endpoints a browser calls; admin.ts (the staff API) has no browser client. */
export const ROUTE_MODULES = [
  'affiliate',
  'auth',
  'checkin',
  'cashback',
  'content',
  'coupons',
  'games',
  'line',
  'lotto',
  'payments',
  'points',
  'polls',
  'quests',
  'promotions',
  'protection',
  'rewards',
  'shop',
  'sooth',
  'system',
  'wallet',
  'wheel',
] as const;

export const routesFile = (module: string) => path.join(CONTRACT, 'routes', `${module}.ts`);

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'data' in value &&
    typeof (value as Endpoint).path === 'string'
  );
}

/** The text of routes/<module>.ts: one `Route` per endpoint the module exports, by name. */
export async function generateRoutes(module: string): Promise<string> {
  const api = (await import(pathToFileURL(path.join(CONTRACT, 'api', `${module}.ts`)).href)) as Record<
    string,
    unknown
  >;
  const lines = [
    `// Generated from src/api/${module}.ts by \`npm run contract:routes\` (scripts/contract-routes.ts): do not edit.`,
    `import type * as api from '../api/${module}.ts';`,
    `import type { Route } from '../endpoint.ts';`,
    '',
  ];
  for (const [name, value] of Object.entries(api).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isEndpoint(value)) continue;
    lines.push(
      `export const ${name}: Route<typeof api.${name}> = { method: '${value.method}', path: '${value.path}' };`,
    );
  }
  return biomeFormat(`${lines.join('\n')}\n`, routesFile(module));
}

async function main(): Promise<void> {
  for (const module of ROUTE_MODULES) {
    await writeFile(routesFile(module), await generateRoutes(module));
    process.stdout.write(`wrote ${path.relative(ROOT, routesFile(module))}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
