import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type FunctionFile,
  functionBodiesIn,
  functionFiles,
  functionNameOf,
  functionsCreatedIn,
  otherStatementsIn,
} from '../src/platform/function-files.ts';
import { migrate, sha256 } from '../src/platform/migrate.ts';
import { createDatabase } from './postgres.ts';

// Every database function has one address, `modules/<owner>/sql/<name>.sql` or `platform/sql/<name>.sql`
// (docs/architecture.md, "Database code has one address"); migrations hold tables, indexes, triggers
// and data moves, and the migrator re-applies a function file whenever its content changes.

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(SERVER, 'src');
const MIGRATIONS = path.join(SERVER, 'migrations');

interface DatabaseFunction {
  name: string;
  /** `wallet_move(integer,text,…)` */
  signature: string;
  /** The body as PostgreSQL keeps it (pg_proc.prosrc): the text between the dollar quotes. */
  body: string;
}

interface Migration {
  name: string;
  text: string;
}

/**
 * What is wrong with the function files, given the functions of a freshly migrated database and the
 * migrations: a file that defines no function or one not of its name or holds another statement, a function defined in two
 * files or with the same body as another file's, a database function without a file, a file whose
 * function the database lacks, a body that differs from its file's, a migration that defines a
 * function (the migrator applies a file a migration needs just before it). Empty when all is well.
 */
export function functionFileProblems(
  files: readonly FunctionFile[],
  database: readonly DatabaseFunction[],
  migrations: readonly Migration[],
): string[] {
  const problems: string[] = [];
  const fileOf = new Map<string, string>();
  const bodyFile = new Map<string, string>();
  for (const file of files) {
    const name = functionNameOf(file.rel);
    const created = functionsCreatedIn(file.text);
    if (created.length === 0) problems.push(`${file.rel}: defines no function`);
    for (const other of otherStatementsIn(file.text)) {
      problems.push(
        `${file.rel}: holds \`${other} …\`; a file holds functions only (triggers go in a migration)`,
      );
    }
    for (const other of new Set(created.filter((n) => n !== name))) {
      problems.push(`${file.rel}: defines ${other}, which is not its name`);
    }
    const earlier = fileOf.get(name);
    if (earlier) problems.push(`${name}: defined in two files, ${earlier} and ${file.rel}`);
    else fileOf.set(name, file.rel);
    for (const { body } of functionBodiesIn(file.text)) {
      const same = bodyFile.get(body);
      if (same && same !== file.rel) problems.push(`${file.rel}: the same body as ${same}`);
      else bodyFile.set(body, file.rel);
    }
  }
  const inDatabase = new Set(database.map((f) => f.name));
  for (const fn of database) {
    const rel = fileOf.get(fn.name);
    if (!rel) {
      problems.push(`${fn.signature}: no file (modules/<owner>/sql/${fn.name}.sql)`);
      continue;
    }
    const file = files.find((f) => f.rel === rel)!;
    const bodies = functionBodiesIn(file.text).filter((b) => b.name === fn.name);
    if (!bodies.some((b) => b.body === fn.body)) {
      problems.push(`${fn.signature}: the database's body differs from ${rel}`);
    }
  }
  for (const [name, rel] of fileOf) {
    if (!inDatabase.has(name)) problems.push(`${rel}: ${name} is not in the migrated database`);
  }
  for (const migration of migrations) {
    for (const name of functionsCreatedIn(migration.text)) {
      problems.push(`${migration.name}: defines ${name}; functions live in modules/<owner>/sql/${name}.sql`);
    }
  }
  return problems;
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The app's functions: the public schema's, without those an extension brought. */
async function databaseFunctions(url: string): Promise<DatabaseFunction[]> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<DatabaseFunction>(
      `SELECT p.proname AS name, p.oid::regprocedure::text AS signature, p.prosrc AS body
         FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend d
                           WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY 2`,
    );
    return rows;
  });
}

function migrations(): Migration[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(MIGRATIONS, name), 'utf8') }));
}

const fn = (rel: string, body = ' SELECT 1 ', args = '') =>
  ({
    rel,
    text: `CREATE OR REPLACE FUNCTION ${functionNameOf(rel)}(${args}) RETURNS int LANGUAGE sql AS $$${body}$$;\n`,
  }) satisfies FunctionFile;

describe('function files', () => {
  it('a freshly migrated database has exactly the functions of the files, with their bodies', async () => {
    const url = await createDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
    const files = functionFiles(SRC);
    const database = await databaseFunctions(url);
    expect(database.length).toBeGreaterThan(20);
    expect(functionFileProblems(files, database, migrations())).toEqual([]);
    // The migrator recorded each file with its hash.
    const recorded = await withClient(
      url,
      async (c) =>
        (
          await c.query<{ file: string; sha256: string }>(
            'SELECT file, sha256 FROM schema_function ORDER BY file',
          )
        ).rows,
    );
    expect(recorded).toEqual(files.map((f) => ({ file: f.rel, sha256: sha256(f.text) })));
  });

  it('every function file sits in platform/sql or a module folder and is named for its function', () => {
    for (const file of functionFiles(SRC)) {
      expect(file.rel).toMatch(/^(platform|modules\/[a-z]+)\/sql\/[a-z_][a-z0-9_]*\.sql$/);
      expect(new Set(functionsCreatedIn(file.text))).toEqual(new Set([functionNameOf(file.rel)]));
    }
  });

  it('the checker finds each planted violation', () => {
    const db = (name: string, body = ' SELECT 1 ') => ({ name, signature: `${name}()`, body });
    const good = [fn('modules/wallet/sql/a_one.sql'), fn('platform/sql/b_two.sql', ' SELECT 2 ')];
    const database = [db('a_one'), db('b_two', ' SELECT 2 ')];
    expect(functionFileProblems(good, database, [])).toEqual([]);
    // A function in two files.
    expect(
      functionFileProblems([...good, fn('modules/lotto/sql/a_one.sql', ' SELECT 3 ')], database, []),
    ).toContain('a_one: defined in two files, modules/wallet/sql/a_one.sql and modules/lotto/sql/a_one.sql');
    // One body under two names.
    expect(
      functionFileProblems([...good, fn('modules/lotto/sql/c_three.sql')], [...database, db('c_three')], []),
    ).toEqual(['modules/lotto/sql/c_three.sql: the same body as modules/wallet/sql/a_one.sql']);
    // A database function with no file; a file whose function the database lacks.
    expect(functionFileProblems(good, [...database, db('d_four')], [])).toEqual([
      'd_four(): no file (modules/<owner>/sql/d_four.sql)',
    ]);
    expect(functionFileProblems(good, [db('a_one')], [])).toEqual([
      'platform/sql/b_two.sql: b_two is not in the migrated database',
    ]);
    // The database runs another body than the file's (a migration replaced it after the file).
    expect(functionFileProblems(good, [db('a_one', ' SELECT 9 '), db('b_two', ' SELECT 2 ')], [])).toEqual([
      "a_one(): the database's body differs from modules/wallet/sql/a_one.sql",
    ]);
    // A file that defines another name, or none.
    const stranger = {
      rel: 'modules/wallet/sql/a_one.sql',
      text: `${good[0]!.text}${fn('x/sql/e_five.sql').text}`,
    };
    expect(functionFileProblems([stranger, good[1]!], database, [])).toContain(
      'modules/wallet/sql/a_one.sql: defines e_five, which is not its name',
    );
    expect(
      functionFileProblems(
        [{ rel: 'platform/sql/b_two.sql', text: '-- CREATE FUNCTION b_two() …\n' }],
        [],
        [],
      ),
    ).toContain('platform/sql/b_two.sql: defines no function');
    // A file that binds a trigger.
    const trigger = {
      rel: 'modules/wallet/sql/a_one.sql',
      text: `${good[0]!.text}CREATE TRIGGER t_x AFTER INSERT ON x FOR EACH ROW EXECUTE FUNCTION a_one();\n`,
    };
    expect(functionFileProblems([trigger, good[1]!], database, [])).toEqual([
      'modules/wallet/sql/a_one.sql: holds `CREATE TRIGGER t_x …`; a file holds functions only (triggers go in a migration)',
    ]);
    // A migration that defines a function, old or new; one that only names a function is fine.
    const later = { name: '074_later.sql', text: `CREATE TABLE t (id int);\n${fn('x/sql/f_six.sql').text}` };
    const history = { name: '001_first.sql', text: fn('x/sql/a_one.sql').text };
    const binds = {
      name: '002_binds.sql',
      text: '-- CREATE FUNCTION a_one() lives in a file.\nCREATE TABLE u (v int DEFAULT a_one());\n',
    };
    expect(functionFileProblems(good, database, [history, binds, later])).toEqual([
      '001_first.sql: defines a_one; functions live in modules/<owner>/sql/a_one.sql',
      '074_later.sql: defines f_six; functions live in modules/<owner>/sql/f_six.sql',
    ]);
  });
});

describe('the migrator and the function files', () => {
  let url: string;
  let source: string;
  const testFile = () => path.join(source, 'modules/wallet/sql/chok_test_answer.sql');
  const recorded = () =>
    withClient(url, async (c) => {
      const { rows } = await c.query<{ file: string; sha256: string; functions: string[]; applied_at: Date }>(
        'SELECT file, sha256, functions, applied_at FROM schema_function ORDER BY file',
      );
      return rows;
    });
  const signatures = (name: string) =>
    withClient(url, async (c) =>
      (
        await c.query<{ sig: string }>(
          `SELECT oid::regprocedure::text AS sig FROM pg_proc WHERE proname = $1 ORDER BY 1`,
          [name],
        )
      ).rows.map((r) => r.sig),
    );
  const answer = (call: string) =>
    withClient(url, async (c) => (await c.query<{ v: number }>(`SELECT ${call} AS v`)).rows[0]!.v);

  beforeAll(async () => {
    url = await createDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
    // A copy of the real function files, which the test then edits.
    source = mkdtempSync(path.join(tmpdir(), 'chok-function-files-'));
    for (const file of functionFiles(SRC)) {
      mkdirSync(path.join(source, path.dirname(file.rel)), { recursive: true });
      cpSync(path.join(SRC, file.rel), path.join(source, file.rel));
    }
  });
  afterAll(() => rmSync(source, { recursive: true, force: true }));

  it('applies a new or changed file once, records its hash, and leaves unchanged files alone', async () => {
    const before = await recorded();
    expect(before.length).toBeGreaterThan(20);
    // The template was migrated from these very files: nothing to do.
    expect(await migrate(url, { sourceDir: source })).toEqual({ migrations: [], functions: [] });
    expect(await recorded()).toEqual(before);

    writeFileSync(testFile(), fn('modules/wallet/sql/chok_test_answer.sql').text);
    expect((await migrate(url, { sourceDir: source })).functions).toEqual([
      'modules/wallet/sql/chok_test_answer.sql',
    ]);
    expect(await answer('chok_test_answer()')).toBe(1);
    expect(await migrate(url, { sourceDir: source })).toEqual({ migrations: [], functions: [] });

    const changed = fn('modules/wallet/sql/chok_test_answer.sql', ' SELECT 2 ').text;
    writeFileSync(testFile(), changed);
    expect((await migrate(url, { sourceDir: source })).functions).toEqual([
      'modules/wallet/sql/chok_test_answer.sql',
    ]);
    expect(await answer('chok_test_answer()')).toBe(2);
    const after = await recorded();
    expect(after.find((r) => r.file === 'modules/wallet/sql/chok_test_answer.sql')).toMatchObject({
      sha256: sha256(changed),
      functions: ['chok_test_answer()'],
    });
    // The other files were not applied again.
    expect(after.filter((r) => r.file !== 'modules/wallet/sql/chok_test_answer.sql')).toEqual(before);
  });

  it('a changed argument list replaces the old signature instead of adding an overload', async () => {
    writeFileSync(testFile(), fn('modules/wallet/sql/chok_test_answer.sql', ' SELECT p + 1 ', 'p int').text);
    await migrate(url, { sourceDir: source });
    expect(await signatures('chok_test_answer')).toEqual(['chok_test_answer(integer)']);
    expect(await answer('chok_test_answer(4)')).toBe(5);
  });

  it('a file that moved keeps its function; a file that is gone drops it', async () => {
    const moved = path.join(source, 'modules/lotto/sql/chok_test_answer.sql');
    renameSync(testFile(), moved);
    expect((await migrate(url, { sourceDir: source })).functions).toEqual([
      'modules/lotto/sql/chok_test_answer.sql',
      'modules/wallet/sql/chok_test_answer.sql',
    ]);
    expect(await signatures('chok_test_answer')).toEqual(['chok_test_answer(integer)']);
    rmSync(moved);
    expect((await migrate(url, { sourceDir: source })).functions).toEqual([
      'modules/lotto/sql/chok_test_answer.sql',
    ]);
    expect(await signatures('chok_test_answer')).toEqual([]);
    expect((await recorded()).map((r) => r.file)).not.toContain('modules/lotto/sql/chok_test_answer.sql');
  });

  it('a migration that binds a trigger to a function only a file defines gets that file applied first', async () => {
    const migrationsDir = mkdtempSync(path.join(tmpdir(), 'chok-migrations-'));
    try {
      cpSync(MIGRATIONS, migrationsDir, { recursive: true });
      writeFileSync(
        path.join(migrationsDir, '999_chok_test_stamp.sql'),
        `CREATE TABLE chok_test_row (id int PRIMARY KEY, stamp text);
CREATE TRIGGER chok_test_row_stamp BEFORE INSERT ON chok_test_row FOR EACH ROW EXECUTE FUNCTION chok_test_stamp();
`,
      );
      const stampFile = path.join(source, 'modules/wallet/sql/chok_test_stamp.sql');
      writeFileSync(
        stampFile,
        `CREATE OR REPLACE FUNCTION chok_test_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stamp := 'stamped';
  RETURN NEW;
END $$;
`,
      );
      expect(await migrate(url, { sourceDir: source, migrationsDir })).toEqual({
        migrations: ['999_chok_test_stamp.sql'],
        functions: ['modules/wallet/sql/chok_test_stamp.sql'],
      });
      const stamp = await withClient(url, async (c) => {
        await c.query('INSERT INTO chok_test_row (id) VALUES (1)');
        return (await c.query<{ stamp: string }>('SELECT stamp FROM chok_test_row')).rows[0]!.stamp;
      });
      expect(stamp).toBe('stamped');
      expect(await migrate(url, { sourceDir: source, migrationsDir })).toEqual({
        migrations: [],
        functions: [],
      });
      rmSync(stampFile);
      await expect(migrate(url, { sourceDir: source, migrationsDir })).rejects.toThrow(
        /removed function file modules\/wallet\/sql\/chok_test_stamp\.sql failed: cannot drop function chok_test_stamp\(\)/,
      );
      // Once the trigger is gone (a later migration would drop it), the next run drops the function.
      await withClient(url, (c) => c.query('DROP TABLE chok_test_row'));
      expect((await migrate(url, { sourceDir: source })).functions).toEqual([
        'modules/wallet/sql/chok_test_stamp.sql',
      ]);
      expect(await signatures('chok_test_stamp')).toEqual([]);
    } finally {
      rmSync(migrationsDir, { recursive: true, force: true });
    }
  });

  it('a migration that calls a function only a file defines (a default, a data move) gets that file applied first; a name in a comment does not count', async () => {
    const migrationsDir = mkdtempSync(path.join(tmpdir(), 'chok-migrations-'));
    const sevenFile = path.join(source, 'modules/wheel/sql/chok_test_seven.sql');
    const namedFile = path.join(source, 'modules/wallet/sql/chok_test_named.sql');
    try {
      cpSync(MIGRATIONS, migrationsDir, { recursive: true });
      writeFileSync(
        path.join(migrationsDir, '998_chok_test_seven.sql'),
        `-- chok_test_named() is only named here.
CREATE TABLE chok_test_seven_row (id int PRIMARY KEY, v int NOT NULL DEFAULT chok_test_seven());
INSERT INTO chok_test_seven_row (id, v) SELECT 1, chok_test_seven() + 1;
`,
      );
      mkdirSync(path.dirname(sevenFile), { recursive: true });
      writeFileSync(sevenFile, fn('modules/wheel/sql/chok_test_seven.sql', ' SELECT 7 ').text);
      writeFileSync(namedFile, fn('modules/wallet/sql/chok_test_named.sql', ' SELECT 8 ').text);
      // The wheel file before the migration, the wallet file after it (path order would put wallet first).
      expect(await migrate(url, { sourceDir: source, migrationsDir })).toEqual({
        migrations: ['998_chok_test_seven.sql'],
        functions: ['modules/wheel/sql/chok_test_seven.sql', 'modules/wallet/sql/chok_test_named.sql'],
      });
      const rows = await withClient(url, async (c) => {
        await c.query('INSERT INTO chok_test_seven_row (id) VALUES (2)');
        return (await c.query<{ id: number; v: number }>('SELECT id, v FROM chok_test_seven_row ORDER BY id'))
          .rows;
      });
      expect(rows).toEqual([
        { id: 1, v: 8 },
        { id: 2, v: 7 },
      ]);
      expect(await migrate(url, { sourceDir: source, migrationsDir })).toEqual({
        migrations: [],
        functions: [],
      });
    } finally {
      rmSync(migrationsDir, { recursive: true, force: true });
      await withClient(url, (c) => c.query('DROP TABLE IF EXISTS chok_test_seven_row'));
      rmSync(sevenFile, { force: true });
      rmSync(namedFile, { force: true });
    }
    await migrate(url, { sourceDir: source });
    expect(await signatures('chok_test_seven')).toEqual([]);
    expect(await signatures('chok_test_named')).toEqual([]);
  });

  it('refuses, loudly and changing nothing, a file that defines another name or drops a function a trigger uses', async () => {
    const before = await recorded();
    writeFileSync(testFile(), fn('modules/wallet/sql/chok_other_name.sql').text);
    await expect(migrate(url, { sourceDir: source })).rejects.toThrow(
      'function file modules/wallet/sql/chok_test_answer.sql failed: it may define only chok_test_answer, not chok_other_name()',
    );
    expect(await signatures('chok_other_name')).toEqual([]);
    rmSync(testFile());

    // reject_mutation guards the ledger's rows (triggers of migration 001): removing its file fails.
    rmSync(path.join(source, 'platform/sql/reject_mutation.sql'));
    await expect(migrate(url, { sourceDir: source })).rejects.toThrow(
      /removed function file platform\/sql\/reject_mutation\.sql failed: cannot drop function reject_mutation\(\)/,
    );
    expect(await signatures('reject_mutation')).toEqual(['reject_mutation()']);
    expect(await recorded()).toEqual(before);
  });
});
