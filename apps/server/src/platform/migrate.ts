import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type FunctionFile, functionFiles, functionNameOf } from './function-files.ts';
import { SERVER_ROOT } from './paths.ts';

const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
const SOURCE_DIR = path.join(SERVER_ROOT, 'src');
const LOCK_KEY = 7_341_001; // any constant; serialises migrators across processes

export interface MigrateResult {
  /** The versioned migrations applied, in order (`001_foundation.sql`). */
  migrations: string[];
  /** The function files applied or removed, in order (`modules/wallet/sql/wallet_move.sql`). */
  functions: string[];
}

export interface MigrateOptions {
  /** Where the function files are found (`<dir>/modules/<m>/sql`, `<dir>/platform/sql`); apps/server/src by default. */
  sourceDir?: string;
  /** Where the versioned migrations are found; apps/server/migrations by default. */
  migrationsDir?: string;
}

interface Recorded {
  sha256: string;
  functions: string[];
}

/**
 * Brings a database to the code's schema, under one advisory lock (docs/architecture.md, "Database
 * code has one address"):
 * 1. the versioned migrations (tables, indexes, triggers, data moves) not yet applied, in file-name
 *    order, each in its own transaction, recorded in `schema_migration`. Migrations define no
 *    functions: before a migration, the function files it mentions by name (a trigger's function, a
 *    function a data move calls) that the database lacks are applied, so the function exists there;
 * 2. every function file (platform/function-files.ts) whose SHA-256 differs from the one recorded in
 *    `schema_function`, in path order, each in its own transaction: its `CREATE OR REPLACE FUNCTION`,
 *    then the drop of any signature the file defined before and no longer does (a changed argument
 *    list), then the record of its hash and signatures; a recorded file that is gone has its
 *    functions dropped. A drop that something still uses (a trigger) fails the migration loudly and
 *    leaves that file's functions as they were.
 */
export async function migrate(
  connectionString: string,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const client = new pg.Client({ connectionString });
  await client.connect();
  const result: MigrateResult = { migrations: [], functions: [] };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_function (
         file text PRIMARY KEY,
         sha256 text NOT NULL,
         functions text[] NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name),
    );
    const recorded = new Map(
      (
        await client.query<{ file: string } & Recorded>('SELECT file, sha256, functions FROM schema_function')
      ).rows.map((r) => [r.file, { sha256: r.sha256, functions: r.functions }]),
    );
    const functions = functionFiles(options.sourceDir ?? SOURCE_DIR);
    const applyFile = async (file: FunctionFile) => {
      const now = await applyFunctionFile(client, file, recorded.get(file.rel));
      recorded.set(file.rel, now);
      result.functions.push(file.rel);
    };

    const files = await migrationFiles(migrationsDir);
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      for (const needed of await filesMissingFor(client, sql, functions)) await applyFile(needed);
      await inTransaction(client, `migration ${file}`, async () => {
        await client.query(sql);
        await client.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      });
      result.migrations.push(file);
    }

    for (const file of functions) {
      if (recorded.get(file.rel)?.sha256 !== sha256(file.text)) await applyFile(file);
    }
    // A file that is gone takes its functions along, unless a present file now defines them (it moved).
    const present = new Set(functions.map((f) => f.rel));
    const claimed = new Set(functions.flatMap((f) => recorded.get(f.rel)?.functions ?? []));
    for (const [rel, before] of recorded) {
      if (present.has(rel)) continue;
      await inTransaction(client, `removed function file ${rel}`, async () => {
        for (const sig of before.functions.filter((f) => !claimed.has(f))) {
          await client.query(`DROP FUNCTION IF EXISTS ${sig}`);
        }
        await client.query('DELETE FROM schema_function WHERE file = $1', [rel]);
      });
      result.functions.push(rel);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return result;
}

/** The versioned migrations of this release, in order (`001_foundation.sql` …). */
export async function migrationFiles(migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

async function inTransaction(client: pg.Client, what: string, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`${what} failed: ${(err as Error).message}`);
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The function files whose function a migration mentions by name (outside its `--` comments) and the
 * database does not have yet, in path order.
 */
async function filesMissingFor(
  client: pg.Client,
  sql: string,
  files: readonly FunctionFile[],
): Promise<FunctionFile[]> {
  const text = sql.replace(/--[^\n]*/g, '');
  const mentioned = files.filter((f) => new RegExp(`\\b${functionNameOf(f.rel)}\\b`, 'i').test(text));
  if (mentioned.length === 0) return [];
  const { rows } = await client.query<{ name: string }>(
    `SELECT b.name FROM unnest($1::text[]) AS b(name)
      WHERE NOT EXISTS (SELECT 1 FROM pg_proc p WHERE p.proname = b.name AND p.pronamespace = 'public'::regnamespace)`,
    [mentioned.map((f) => functionNameOf(f.rel))],
  );
  const missing = new Set(rows.map((r) => r.name));
  return mentioned.filter((f) => missing.has(functionNameOf(f.rel)));
}

/**
 * Applies one function file in its own transaction and records it: its functions created or replaced,
 * the signatures it defined before and no longer does dropped. Returns what it recorded.
 */
async function applyFunctionFile(client: pg.Client, file: FunctionFile, before: Recorded | undefined) {
  const recorded: Recorded = { sha256: sha256(file.text), functions: [] };
  await inTransaction(client, `function file ${file.rel}`, async () => {
    await client.query(file.text);
    // The signatures this transaction created or replaced: exactly the file's.
    const { rows } = await client.query<{ sig: string; name: string }>(
      `SELECT p.oid::regprocedure::text AS sig, p.proname AS name FROM pg_proc p
        WHERE p.xmin = pg_current_xact_id()::xid ORDER BY 1`,
    );
    const name = functionNameOf(file.rel);
    const strangers = rows.filter((r) => r.name !== name).map((r) => r.sig);
    if (rows.length === 0) throw new Error(`it defines no function named ${name}`);
    if (strangers.length > 0) throw new Error(`it may define only ${name}, not ${strangers.join(', ')}`);
    recorded.functions = rows.map((r) => r.sig);
    for (const gone of (before?.functions ?? []).filter((sig) => !recorded.functions.includes(sig))) {
      await client.query(`DROP FUNCTION IF EXISTS ${gone}`);
    }
    await client.query(
      `INSERT INTO schema_function (file, sha256, functions) VALUES ($1, $2, $3)
       ON CONFLICT (file) DO UPDATE SET sha256 = EXCLUDED.sha256, functions = EXCLUDED.functions, applied_at = now()`,
      [file.rel, recorded.sha256, recorded.functions],
    );
  });
  return recorded;
}
