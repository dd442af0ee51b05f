/**
 * Generates packages/contract/src/routes/<module>.ts from packages/contract/src/api/<module>.ts: each
 * endpoint's method and path as a plain object typed by the endpoint (`Route`), with no zod, so the
 * member site calls the contract's endpoints (apps/web/src/lib/api.ts `call`) without bundling
 * their schemas and without typing a path by hand. `npm run contract:routes` writes the files;
 * packages/contract/test/routes.test.ts fails when a checked-in file differs from what this produces.
 */
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '../packages/contract/src/endpoint.ts';
import { biomeFormat } from './biome-format.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = path.join(ROOT, 'packages/contract/src');

/**
 * Every module of src/api gets its routes file: the member site's modules and the staff API
 * (admin.ts and every admin-<area>.ts), which the operator console (apps/backoffice) calls. A member
 * bundle imports only member modules' routes, and a bundler keeps only the routes it uses, so staff
 * routes never reach the member site.
 */
export const ROUTE_MODULES: readonly string[] = readdirSync(path.join(CONTRACT, 'api'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

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

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
const routeOf = (e: Endpoint) => `{ method: '${e.method}', path: '${e.path}' }`;

/** An object of objects of endpoints only (one level of grouping). */
function isGroup(value: unknown): value is Record<string, Record<string, Endpoint>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isEndpoint(value)) return false;
  const groups = Object.values(value);
  return (
    groups.length > 0 &&
    groups.every(
      (g) =>
        typeof g === 'object' &&
        g !== null &&
        !Array.isArray(g) &&
        Object.values(g).length > 0 &&
        Object.values(g).every(isEndpoint),
    )
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
  for (const [name, value] of Object.entries(api).sort(byName)) {
    if (isEndpoint(value)) {
      lines.push(`export const ${name}: Route<typeof api.${name}> = ${routeOf(value)};`);
    } else if (isGroup(value)) {
      // A group of endpoints by kind (admin.ts `contentAdmin`: kind → list, create, update).
      lines.push(`export const ${name} = {`);
      for (const [kind, group] of Object.entries(value).sort(byName)) {
        lines.push(`  ${kind}: {`);
        for (const [op, e] of Object.entries(group as Record<string, Endpoint>).sort(byName)) {
          lines.push(`    ${op}: ${routeOf(e)} as Route<(typeof api.${name})['${kind}']['${op}']>,`);
        }
        lines.push('  },');
      }
      lines.push('} as const;');
    }
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
