/**
 * Generates apps/server/src/db/database.generated.ts, the Kysely `Database` type, from the migrated
 * schema (decision 0008). `npm run db:types` starts a throw-away embedded PostgreSQL, applies every
 * migration, introspects it with kysely-codegen and writes the file formatted by Biome;
 * apps/server/test/db-types.test.ts fails when the checked-in file differs from what this produces.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { biomeFormat } from './biome-format.ts';

// kysely-codegen is CommonJS and is typed against kysely's CommonJS build; hand it a Kysely from that
// same build (an ESM Kysely has the same shape but TypeScript sees a different class).
type KyselyCjs = typeof import('kysely', { with: { 'resolution-mode': 'require' }});
const { Kysely, PostgresDialect: KyselyPostgresDialect }: KyselyCjs = createRequire(import.meta.url)(
  'kysely',
);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_FILE = path.join(ROOT, 'apps/server/src/db/database.generated.ts');

const HEADER = `/**
 * The database as the app receives it, generated from the migrated schema by \`npm run db:types\`
 * (scripts/db-types.ts). Do not edit: add a migration and run \`npm run db:types\`.
 * apps/server/test/db-types.test.ts fails when this file is stale.
 */
`;

/**
 * What pg hands the app for each PostgreSQL type, where it differs from kysely-codegen's default.
 * - int8 (BIGINT): platform/db.ts parses it to a number, refusing unsafe integers.
 * - json/jsonb: read as the parsed value; written as JSON text, which is how the app writes them
 *   (`JSON.stringify`) and which keeps pg from sending a JS array as a PostgreSQL array.
 * Everything else keeps the codegen's default, which is pg's own: timestamptz → Date,
 * numeric → string, bytea → Buffer.
 */
const TYPE_MAPPING: Record<string, string> = {
  int8: 'number',
  json: 'ColumnType<JsonValue, string, string>',
  jsonb: 'ColumnType<JsonValue, string, string>',
};

/**
 * The values a text column may hold where a one-column `CHECK (col IN ('a', 'b'))` says so, keyed
 * `table.column`, so the generated type is the union `'a' | 'b'` the database enforces rather than
 * `string`. PostgreSQL stores that check as `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))` (a single value
 * as `CHECK ((col = 'a'::text))`);
 * any other check is left alone.
 */
async function checkedValues(url: string): Promise<Map<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tbl: string; col: string; def: string }>(
      `SELECT c.relname AS tbl, a.attname AS col, pg_get_constraintdef(k.oid) AS def
         FROM pg_constraint k
         JOIN pg_class c ON c.oid = k.conrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
        WHERE k.contype = 'c' AND n.nspname = 'public' AND cardinality(k.conkey) = 1`,
    );
    const values = new Map<string, string[]>();
    for (const r of rows) {
      const m =
        /^CHECK \(\((\w+) = ANY \(ARRAY\[(.+)\]\)\)\)$/.exec(r.def) ??
        /^CHECK \(\((\w+) = ('(?:[^']|'')*'::text)\)\)$/.exec(r.def);
      if (m?.[1] !== r.col || !m[2]) continue;
      const items = m[2].split(', ').map((item) => /^'((?:[^']|'')*)'::text$/.exec(item)?.[1]);
      if (items.every((v) => v !== undefined)) {
        values.set(
          `${r.tbl}.${r.col}`,
          items.map((v) => v.replaceAll("''", "'")),
        );
      }
    }
    return values;
  } finally {
    await client.end();
  }
}

/** Introspects the database at `url` (already migrated) and returns the file's text, Biome-formatted. */
export async function generateDatabaseTypes(url: string): Promise<string> {
  const checked = await checkedValues(url);
  const db = new Kysely<unknown>({
    dialect: new KyselyPostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  try {
    const raw = await generate({
      db,
      dialect: new PostgresDialect(),
      includePattern: 'public.*',
      excludePattern: 'public.schema_{migration,function}',
      typeMapping: TYPE_MAPPING,
      postprocess: async ({ metadata }) => {
        for (const table of metadata.tables) {
          for (const column of table.columns) {
            const values = checked.get(`${table.name}.${column.name}`);
            if (values && column.dataType === 'text' && !column.isArray) column.enumValues = values;
          }
        }
        return metadata;
      },
      skipAutogeneratedFileComment: true,
      outFile: null,
    });
    return await biomeFormat(HEADER + raw, GENERATED_FILE);
  } finally {
    await db.destroy();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a throw-away embedded PostgreSQL, migrates it and writes GENERATED_FILE. */
async function main(): Promise<void> {
  const started = Date.now();
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dir: path.join(ROOT, '.data', `db-types-${process.pid}-${port}`),
    port,
    persistent: false,
  });
  try {
    const url = server.url('postgres');
    await migrate(url);
    const text = await generateDatabaseTypes(url);
    await writeFile(GENERATED_FILE, text);
    console.info(`wrote ${path.relative(ROOT, GENERATED_FILE)} in ${Date.now() - started} ms`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
