import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The database's functions, one file each (docs/architecture.md, "Database code has one address"):
 * `modules/<owner>/sql/<name>.sql` (owner: the module whose table the function writes first, else the
 * one whose table it guards or reads), shared helpers in `platform/sql/<name>.sql`. A file holds the
 * `CREATE OR REPLACE FUNCTION` of its name (every overload of it); the migrator applies it after the
 * migrations whenever its content changes (platform/migrate.ts).
 */
export interface FunctionFile {
  /** The path under the source folder, `modules/wallet/sql/wallet_move.sql`: the key the migrator records. */
  rel: string;
  text: string;
}

/** The function files under `srcRoot` (apps/server/src), in path order: the order they are applied in. */
export function functionFiles(srcRoot: string): FunctionFile[] {
  const dirs = [path.join('platform', 'sql')];
  const modules = path.join(srcRoot, 'modules');
  for (const e of readdirSync(modules, { withFileTypes: true })) {
    if (e.isDirectory()) dirs.push(path.join('modules', e.name, 'sql'));
  }
  const files: FunctionFile[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(path.join(srcRoot, dir));
    } catch {
      continue; // a module without database functions
    }
    for (const name of names.filter((n) => n.endsWith('.sql'))) {
      const rel = path.posix.join(...dir.split(path.sep), name);
      files.push({ rel, text: readFileSync(path.join(srcRoot, dir, name), 'utf8') });
    }
  }
  return files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The function name a file is for: its base name (`wallet_move.sql` → wallet_move). */
export function functionNameOf(rel: string): string {
  return path.posix.basename(rel, '.sql');
}

/** A function's or procedure's creation, at the start of a line (so a comment that mentions one is not one). */
const CREATE_FUNCTION =
  /^[ \t]*CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(/gim;

/** The names of the functions (and procedures) a piece of SQL creates, in order, repeats included. */
export function functionsCreatedIn(sql: string): string[] {
  return [...sql.matchAll(CREATE_FUNCTION)].map((m) => m[1]!.toLowerCase());
}

/** The bodies (the text between the dollar quotes, as PostgreSQL stores it) of the functions a piece of SQL creates. */
export function functionBodiesIn(sql: string): { name: string; body: string }[] {
  const out: { name: string; body: string }[] = [];
  for (const m of sql.matchAll(CREATE_FUNCTION)) {
    const rest = sql.slice(m.index);
    const open = /\$([A-Za-z_]*)\$/.exec(rest);
    if (!open) continue;
    const from = open.index + open[0].length;
    const to = rest.indexOf(open[0], from);
    if (to < 0) continue;
    out.push({ name: m[1]!.toLowerCase(), body: rest.slice(from, to) });
  }
  return out;
}

/**
 * The statements of a function file other than function definitions (a file holds functions only:
 * a trigger binds a table, so it belongs to a migration), as their first words.
 */
export function otherStatementsIn(sql: string): string[] {
  let text = sql;
  for (;;) {
    const open = /\$([A-Za-z_]*)\$/.exec(text);
    if (!open) break;
    const to = text.indexOf(open[0], open.index + open[0].length);
    if (to < 0) break;
    text = `${text.slice(0, open.index)}''${text.slice(to + open[0].length)}`;
  }
  return text
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s.length > 0 && !/^CREATE (?:OR REPLACE )?(?:FUNCTION|PROCEDURE)\b/i.test(s))
    .map((s) => s.split(' ').slice(0, 3).join(' '));
}
