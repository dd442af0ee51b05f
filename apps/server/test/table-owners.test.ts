import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  grants,
  moduleRanks,
  type OwnedTable,
  type TableOwner,
  tableOwners,
} from '../src/db/table-owners.ts';
import { functionFiles } from '../src/platform/function-files.ts';

// Every table has one owner, and only the owner's folder names it (docs/architecture.md, "Tables
// have one owner"). Another module goes through the owner's service.ts; a module that must read
// another module's table in one statement hosts that statement itself, as the owner grants it
// (`grants` in db/table-owners.ts), and never writes it. A file's name gives it no right: a module's
// `<owner>-queries.ts` (lotto/wallet-queries.ts) names the owner's tables only as granted.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const GENERATED = path.join(SRC, 'db/database.generated.ts');

/** The table names known to the schema: the keys of the generated `DB` interface. */
function schemaTables(source: string): string[] {
  const body = /export interface DB \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error('no `export interface DB` in database.generated.ts');
  return [...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]!);
}

/** Source without comments, so prose that mentions a table is not taken for a query. */
function stripComments(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .map((line) => line.replace(/\s\/\/ .*$/, ''))
    .join('\n');
}

const KYSELY_CALLS =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|crossJoinLateral|using|table)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const SQL_KEYWORDS = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE|TRUNCATE)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)\b/g;

const KYSELY_WRITES =
  /\.(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const SQL_WRITES =
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)\b/g;

/** The schema tables a file writes: in Kysely's write calls and in raw SQL's write statements. */
function tablesWrittenIn(source: string, known: ReadonlySet<string>): Set<string> {
  const text = stripComments(source);
  const found = new Set<string>();
  for (const m of text.matchAll(KYSELY_WRITES)) {
    for (const literal of m[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)) {
      const name = (literal[1] ?? literal[2] ?? '').trim().split(/\s+/)[0]!;
      if (known.has(name)) found.add(name);
    }
  }
  for (const m of text.matchAll(SQL_WRITES)) if (known.has(m[1]!)) found.add(m[1]!);
  return found;
}

/** The schema tables a file names: in Kysely calls (also `'x as y'` and arrays) and in raw SQL. */
function tablesNamedIn(source: string, known: ReadonlySet<string>): Set<string> {
  const text = stripComments(source);
  const found = new Set<string>();
  for (const m of text.matchAll(KYSELY_CALLS)) {
    for (const literal of m[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)) {
      const name = (literal[1] ?? literal[2] ?? '').trim().split(/\s+/)[0]!;
      if (known.has(name)) found.add(name);
    }
  }
  for (const m of text.matchAll(SQL_KEYWORDS)) if (known.has(m[1]!)) found.add(m[1]!);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** `file: table (owner: x)` for every table a folder's files name but `allowed` does not own. */
function trespasses(dir: string, allowed: TableOwner, known: ReadonlySet<string>) {
  const lines: { file: string; table: string; line: string }[] = [];
  for (const file of tsFiles(dir)) {
    const rel = path.relative(SRC, file);
    const source = readFileSync(file, 'utf8');
    const written = tablesWrittenIn(source, known);
    for (const table of tablesNamedIn(source, known)) {
      const owner = tableOwners[table as keyof typeof tableOwners];
      if (owner === allowed) continue;
      const granted = (grants[table as keyof typeof tableOwners] ?? []).includes(allowed as never);
      if (!granted) lines.push({ file: rel, table, line: `${rel}: ${table} (owner: ${owner})` });
      else if (written.has(table))
        lines.push({
          file: rel,
          table,
          line: `${rel}: writes ${table} (owner: ${owner}, granted for reading)`,
        });
    }
  }
  return lines;
}

/** SQL without `--` comments, so prose that mentions a table is not taken for a query. */
function stripSqlComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

const SQL_FILE_WRITES =
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)\b/gi;

/** The schema tables a piece of SQL writes (INSERT, UPDATE, DELETE, TRUNCATE, MERGE). */
function tablesWrittenInSql(sql: string, known: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const m of stripSqlComments(sql).matchAll(SQL_FILE_WRITES)) if (known.has(m[1]!)) found.add(m[1]!);
  return found;
}

/**
 * The other modules' tables a database function reads, as the functions do today (docs/architecture.md,
 * "Database code has one address"): the seamless wallet finds the member's ledger account (and, for a
 * debit, the member's status) in the statement that moves the money, and the protection guard finds the
 * member of the ledger account a transfer moves. Reading only; a function writes its owner's tables
 * alone, and moves money through `wallet_move`.
 */
const FUNCTION_FILE_READS: Readonly<Record<string, readonly OwnedTable[]>> = {
  'modules/games/sql/seamless_debit.sql': ['member', 'ledger_account'],
  'modules/games/sql/seamless_credit.sql': ['ledger_account'],
  'modules/games/sql/seamless_replay.sql': ['ledger_transfer', 'ledger_account'],
  'modules/protection/sql/protection_count_loss.sql': ['ledger_account'],
};

/**
 * `file: table (owner: x)` for every table a function file (`modules/<m>/sql`, `platform/sql`) names
 * but its folder does not own: written ones always, read ones unless FUNCTION_FILE_READS lists them.
 */
function functionFileTrespasses(
  files: readonly { rel: string; text: string }[],
  known: ReadonlySet<string>,
  reads: Readonly<Record<string, readonly string[]>>,
): string[] {
  const lines: string[] = [];
  for (const { rel, text } of files) {
    const allowed = (rel.startsWith('platform/') ? 'platform' : rel.split('/')[1]) as TableOwner;
    const written = tablesWrittenInSql(text, known);
    for (const table of tablesNamedIn(stripSqlComments(text), known)) {
      const owner = tableOwners[table as OwnedTable];
      if (owner === allowed) continue;
      if (written.has(table)) lines.push(`${rel}: writes ${table} (owner: ${owner})`);
      else if (!reads[rel]?.includes(table)) lines.push(`${rel}: reads ${table} (owner: ${owner})`);
    }
  }
  return lines;
}

const known = new Set(Object.keys(tableOwners));
const modules = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('table owners', () => {
  it('every table of the schema has an owner, and every owner entry is a table', () => {
    const tables = schemaTables(readFileSync(GENERATED, 'utf8'));
    expect(tables.length).toBeGreaterThan(0);
    const missing = tables.filter((t) => !(t in tableOwners));
    expect(missing, 'tables with no owner: add them to apps/server/src/db/table-owners.ts').toEqual([]);
    const extra = Object.keys(tableOwners).filter((t) => !tables.includes(t));
    expect(extra, 'owner entries for tables the schema does not have').toEqual([]);
  });

  it('every owner is the platform or a module folder', () => {
    const owners = new Set<string>(Object.values(tableOwners));
    owners.delete('platform');
    expect([...owners].filter((o) => !modules.includes(o))).toEqual([]);
  });

  it('a module names only the tables it owns', () => {
    const found = modules.flatMap((m) => trespasses(path.join(SRC, 'modules', m), m as TableOwner, known));
    expect(found.map((f) => f.line)).toEqual([]);
  });

  it('every grant is of a table to a module folder standing above the owner', () => {
    const wrong = Object.entries(grants).flatMap(([table, readers]) =>
      (readers ?? []).flatMap((reader) => {
        const owner = tableOwners[table as keyof typeof tableOwners] as string | undefined;
        if (owner === undefined || !modules.includes(reader))
          return [`${table} → ${reader}: no such table or module`];
        const a = moduleRanks[owner as keyof typeof moduleRanks];
        const b = moduleRanks[reader];
        return a === undefined || b <= a
          ? [`${table} (${owner}) → ${reader}: the reader must stand above the owner`]
          : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('a granted table is read, never written: planted writes are found', () => {
    const written = (s: string) => [...tablesWrittenIn(s, known)].sort();
    expect(written(`ex.selectFrom('member').select('id')`)).toEqual([]);
    expect(written('sql`SELECT 1 FROM member m JOIN lotto_bill b ON true`')).toEqual([]);
    expect(written(`tx.updateTable('member').set({ status: 'x' })`)).toEqual(['member']);
    expect(written(`tx.insertInto('member_note').values(v)`)).toEqual(['member_note']);
    expect(written(`tx.deleteFrom('withdrawal')`)).toEqual(['withdrawal']);
    expect(
      written('sql`WITH x AS (UPDATE game_session SET a = 1) INSERT INTO wallet_op (a) SELECT 1`'),
    ).toEqual(['game_session', 'wallet_op']);
    expect(written('sql`DELETE FROM reward_claim WHERE id = 1`')).toEqual(['reward_claim']);
  });

  it('the platform names only platform tables', () => {
    expect(trespasses(path.join(SRC, 'platform'), 'platform', known).map((f) => f.line)).toEqual([]);
  });

  it("a database function writes only its owner's tables, and reads another's only where listed", () => {
    const files = functionFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    expect(functionFileTrespasses(files, known, FUNCTION_FILE_READS)).toEqual([]);
    // Every listed read is still made (a stale entry would allow a read nobody makes).
    const stale = Object.entries(FUNCTION_FILE_READS).flatMap(([rel, tables]) => {
      const file = files.find((f) => f.rel === rel);
      const named = file ? tablesNamedIn(stripSqlComments(file.text), known) : new Set<string>();
      return tables.filter((t) => !named.has(t)).map((t) => `${rel}: ${t}`);
    });
    expect(stale).toEqual([]);
  });

  it('finds a planted trespass in a function file', () => {
    const file = (rel: string, body: string) => ({
      rel,
      text: `-- reads FROM member in prose only\nCREATE OR REPLACE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n${body}\nEND $$;\n`,
    });
    const reads = { 'modules/games/sql/f.sql': ['ledger_account'] };
    expect(
      functionFileTrespasses([file('modules/games/sql/f.sql', 'PERFORM 1 FROM game_session;')], known, reads),
    ).toEqual([]);
    expect(
      functionFileTrespasses(
        [
          file(
            'modules/games/sql/f.sql',
            'UPDATE ledger_account SET balance = 0; PERFORM 1 FROM lotto_bill;',
          ),
          file('platform/sql/f.sql', 'INSERT INTO audit_log DEFAULT VALUES; DELETE FROM member;'),
        ],
        known,
        reads,
      ),
    ).toEqual([
      'modules/games/sql/f.sql: writes ledger_account (owner: wallet)',
      'modules/games/sql/f.sql: reads lotto_bill (owner: lotto)',
      'platform/sql/f.sql: writes member (owner: members)',
    ]);
  });

  it('the roof (app.ts, main.ts), the seed and the staff command name no table: they go through the owners', () => {
    const files = [
      ...tsFiles(path.join(SRC, 'seed')),
      ...tsFiles(path.join(SRC, 'cli')),
      path.join(SRC, 'app.ts'),
      path.join(SRC, 'main.ts'),
    ];
    const named = files.flatMap((file) =>
      [...tablesNamedIn(readFileSync(file, 'utf8'), known)].map((t) => `${path.relative(SRC, file)}: ${t}`),
    );
    expect(named).toEqual([]);
  });

  it('finds table names in Kysely calls and raw SQL, and leaves prose and columns alone', () => {
    const names = (s: string) => [...tablesNamedIn(s, known)].sort();
    expect(names(`db.selectFrom('member').select('id')`)).toEqual(['member']);
    expect(
      names(`ex.selectFrom('ledger_account as a').innerJoin('wallet_type as t', 't.id', 'a.x')`),
    ).toEqual(['ledger_account', 'wallet_type']);
    expect(names(`tx\n  .updateTable(\n    'staff'\n  )`)).toEqual(['staff']);
    expect(names(`db.selectFrom(['game as g', 'game_provider as p'])`)).toEqual(['game', 'game_provider']);
    expect(names('sql`SELECT 1 FROM member o JOIN lotto_bill b ON true`')).toEqual(['lotto_bill', 'member']);
    expect(names('sql`INSERT INTO ledger_transfer (id) VALUES (1)`; sql`UPDATE otp SET x = 1`')).toEqual([
      'ledger_transfer',
      'otp',
    ]);
    expect(names(`sql.table('banner')`)).toEqual(['banner']);
    // A comment, a column and a CTE are not tables.
    expect(names('// read the balance FROM member wallets\nsql`SELECT member_id FROM t`')).toEqual([]);
    expect(names(`db.selectFrom('member_session').select('member')`)).toEqual(['member_session']);
  });
});
