/**
 * The import boundaries of docs/architecture.md, checked on RESOLVED paths: every import of every
 * source file of the apps and packages is resolved to the file it names (or to a package), and the
 * layer table below decides whether the importer may use it. How the import is spelled does not
 * matter: `./../lotto/bills.ts`, `../../modules/lotto/bills.js` and `../lotto/bills` are the same file.
 *
 *   tsx lint/boundaries.ts          check the tree (part of `npm run lint`); exit 1 on a violation
 *
 * Imports are read with TypeScript's own `preProcessFile` (static imports, `export … from`, `import()`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** What an import names once resolved: a file of the tree (relative to the root, `/`-separated) or a package. */
export type Target = { kind: 'file'; file: string } | { kind: 'package'; name: string };

/** Where a file stands: its area (an app or a package) and its place in the area's layer table. */
export interface Place {
  area: 'server' | 'web' | 'backoffice' | 'engine' | 'contract' | 'client';
  /** Higher imports lower; the same rank only within the same `group`. */
  rank: number;
  /** `modules/lotto`, `features/wheel`, `sections/payments`, `platform`…: a unit of the layer. */
  group: string;
  /** The layer's name, for messages. */
  layer: string;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  message: string;
}

/** The source folders checked, relative to the root. */
export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'apps/backoffice/src',
  'packages/engine/src',
  'packages/contract/src',
  'packages/client/src',
] as const;

/** Workspace packages by name → their source folder (each package exports `./*` from `src/*.ts`). */
const WORKSPACE_PACKAGES: Record<string, string> = {
  '@chok/contract': 'packages/contract/src',
  '@chok/engine': 'packages/engine/src',
  '@chok/client': 'packages/client/src',
};

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

const ARCH = '(docs/architecture.md)';

function isFile(abs: string): boolean {
  return existsSync(abs) && statSync(abs).isFile();
}

/** The file `abs` names the way TypeScript and Vite find it: as is, `.js` → `.ts`, added extension, `index`. */
function resolveFile(abs: string): string | null {
  if (isFile(abs)) return abs;
  const js = /\.(m?js|jsx)$/.exec(abs);
  if (js) {
    const stem = abs.slice(0, -js[0].length);
    for (const ext of ['.ts', '.tsx', '.mts']) if (isFile(stem + ext)) return stem + ext;
  }
  for (const ext of EXTENSIONS) if (isFile(abs + ext)) return abs + ext;
  for (const ext of EXTENSIONS)
    if (isFile(path.join(abs, `index${ext}`))) return path.join(abs, `index${ext}`);
  return null;
}

const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * What `specifier`, imported by `file` (relative to `root`), names. A relative path or a workspace
 * package resolves to a file (or to the path it points at, when no file is there); anything else is
 * a package (`node:fs`, `react`, `@tanstack/react-query`).
 */
export function resolveImport(root: string, file: string, specifier: string): Target {
  const bare = specifier.replace(/[?#].*$/, '');
  let abs: string | null = null;
  if (bare.startsWith('.') || bare.startsWith('/')) {
    abs = path.resolve(root, path.dirname(file), bare);
  } else {
    for (const [name, dir] of Object.entries(WORKSPACE_PACKAGES)) {
      if (bare === name) abs = path.join(root, dir, 'index');
      else if (bare.startsWith(`${name}/`)) abs = path.join(root, dir, bare.slice(name.length + 1));
    }
    if (abs === null) {
      const parts = bare.split('/');
      const name = bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? bare);
      return { kind: 'package', name };
    }
  }
  const found = resolveFile(abs) ?? abs;
  return { kind: 'file', file: toPosix(path.relative(root, found)) };
}

/** Where `file` (relative to the root) stands in the layer tables, or null for a file no table covers. */
export function placeOf(file: string): Place | null {
  const inside = (prefix: string) => (file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : null);
  const first = (rest: string) => rest.split('/')[0] ?? '';

  const server = inside('apps/server/src');
  if (server !== null) {
    const top = first(server);
    if (top === 'platform' || top === 'db' || top === 'types') {
      return { area: 'server', rank: 1, group: 'platform', layer: `${top}/` };
    }
    if (top === 'modules') {
      const name = server.split('/')[1] ?? '';
      return { area: 'server', rank: 2, group: `modules/${name}`, layer: `modules/${name}/` };
    }
    // seed/, cli/, app.ts, main.ts: the roof, which wires everything below.
    return { area: 'server', rank: 3, group: 'roof', layer: top.includes('.') ? top : `${top}/` };
  }

  const web = inside('apps/web/src');
  if (web !== null) {
    const top = first(web);
    if (top === 'components' || top === 'stores' || top === 'lib' || top === 'styles') {
      return { area: 'web', rank: 1, group: 'shelf', layer: `${top}/` };
    }
    if (top === 'features') {
      const name = web.split('/')[1] ?? '';
      return { area: 'web', rank: 2, group: `features/${name}`, layer: `features/${name}/` };
    }
    if (top === 'pages') return { area: 'web', rank: 3, group: 'pages', layer: 'pages/' };
    // app/, layouts/, main.tsx, entry-server.tsx
    return { area: 'web', rank: 4, group: 'app', layer: top.includes('.') ? top : `${top}/` };
  }

  const console_ = inside('apps/backoffice/src');
  if (console_ !== null) {
    const top = first(console_);
    if (top === 'components' || top === 'stores' || top === 'lib' || top === 'styles.css') {
      return { area: 'backoffice', rank: 1, group: 'shelf', layer: `${top}/` };
    }
    if (top === 'sections') {
      const name = console_.split('/')[1] ?? '';
      // sections/types.ts (what a section is) sits on the shelf: every section and the shell use it.
      if (name.includes('.')) return { area: 'backoffice', rank: 1, group: 'shelf', layer: 'sections/types' };
      return { area: 'backoffice', rank: 2, group: `sections/${name}`, layer: `sections/${name}/` };
    }
    // app/, pages/ (the shell's own: home, login, not found), sections.ts, main.tsx
    return { area: 'backoffice', rank: 4, group: 'app', layer: top.includes('.') ? top : `${top}/` };
  }

  for (const area of ['engine', 'contract', 'client'] as const) {
    if (inside(`packages/${area}/src`) !== null) return { area, rank: 0, group: area, layer: area };
  }
  return null;
}

/** Packages a pure package never imports, by area. */
const ENGINE_DENIED = /^(node:.*|pg|kysely|fastify|@fastify\/.*|@chok\/contract|@chok\/client)$/;
const CONTRACT_DENIED = /^(node:.*|@chok\/engine|@chok\/client)$/;
const CLIENT_DENIED =
  /^(node:.*|react|react-dom|react-router|zustand|sonner|@tanstack\/.*|@chok\/engine|pg|kysely|fastify)$/;

/** Why `from` may not import `target`, or null when it may. */
export function refusal(from: string, target: Target): string | null {
  const src = placeOf(from);
  if (src === null) return null;

  if (target.kind === 'package') {
    const name = target.name;
    if (src.area === 'engine' && ENGINE_DENIED.test(name)) {
      return `packages/engine is pure: no node:*, no I/O, no contract or app imports; pass randomness, time and hashing in ${ARCH}.`;
    }
    if (src.area === 'contract' && CONTRACT_DENIED.test(name)) {
      return `packages/contract holds schemas only: no engine, no node:* ${ARCH}.`;
    }
    if (src.area === 'client' && CLIENT_DENIED.test(name)) {
      return `packages/client is the API client both front ends share: no React, no state library, no engine ${ARCH}.`;
    }
    return null;
  }

  const dst = placeOf(target.file);
  if (dst === null) {
    // A file outside every checked source folder (a test, a script, another package's tests): the
    // apps' sources and the packages never reach there.
    return `${src.layer} imports ${target.file}, outside the source folders of docs/architecture.md.`;
  }

  if (src.area !== dst.area) {
    // Across areas only the packages, by name: engine and contract below everything, client below the sites.
    if (dst.area === 'engine') {
      if (src.area === 'contract')
        return `packages/contract holds schemas only: it never imports the engine ${ARCH}.`;
      if (src.area === 'client') return `packages/client never imports the engine ${ARCH}.`;
      return null;
    }
    if (dst.area === 'contract') {
      if (src.area === 'engine') {
        return `packages/engine is pure: no node:*, no I/O, no contract or app imports ${ARCH}.`;
      }
      return null;
    }
    if (dst.area === 'client' && (src.area === 'web' || src.area === 'backoffice')) return null;
    return `${src.area} never imports ${dst.area} (${target.file}): each app and package stands alone but for the packages below it ${ARCH}.`;
  }

  if (src.area === 'server') return serverRefusal(from, src, dst, target.file);
  if (src.area === 'web' || src.area === 'backoffice') return siteRefusal(src, dst, target.file);
  return null;
}

function serverRefusal(from: string, src: Place, dst: Place, file: string): string | null {
  if (dst.group === 'roof') {
    if (src.group === 'roof') {
      if (file === 'apps/server/src/app.ts' && from !== 'apps/server/src/main.ts') {
        return `Nobody imports app.ts but main.ts (and tests) ${ARCH}.`;
      }
      return null;
    }
    return src.rank === 1
      ? `The platform does not know the product: platform/ never imports modules/, seed/, cli/ or app.ts ${ARCH}.`
      : `Modules never import app.ts, seed/ or cli/: collaborators arrive by name through xModule(ctx, deps) ${ARCH}.`;
  }
  if (dst.group.startsWith('modules/')) {
    if (src.rank === 1) {
      return `The platform does not know the product: platform/ never imports modules/, seed/, cli/ or app.ts ${ARCH}.`;
    }
    if (src.group.startsWith('modules/') && src.group !== dst.group && !file.endsWith('/service.ts')) {
      return `A module uses another module only through its service.ts (${dst.group}/service.ts) ${ARCH}.`;
    }
  }
  return null;
}

function siteRefusal(src: Place, dst: Place, file: string): string | null {
  const unit = src.area === 'web' ? 'feature' : 'section';
  if (dst.rank < src.rank) return null;
  if (dst.rank === src.rank) {
    if (dst.group === src.group) return null;
    if (src.rank === 2) {
      return `A ${unit} never imports another ${unit} (${dst.layer}): move the shared piece down to components/ or lib/ ${ARCH}.`;
    }
    return null;
  }
  const shelf =
    src.area === 'web' ? 'components/, lib/ and stores/' : 'components/, lib/, stores/ and sections/types.ts';
  if (src.rank === 1) {
    return `${shelf} are the bottom shelf: they never import ${unit}s, pages, layouts or app (${file}) ${ARCH}.`;
  }
  if (src.rank === 2)
    return `${unit[0]?.toUpperCase()}${unit.slice(1)}s sit below pages, layouts and app (${file}) ${ARCH}.`;
  return `Pages sit below layouts and app (${file}) ${ARCH}.`;
}

/** The violations of one file, given its text (`file` relative to `root`). */
export function checkSource(root: string, file: string, text: string): Violation[] {
  const info = ts.preProcessFile(text, true, true);
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  const out: Violation[] = [];
  for (const ref of info.importedFiles) {
    const message = refusal(file, resolveImport(root, file, ref.fileName));
    if (message) out.push({ file, line: lineOf(ref.pos), specifier: ref.fileName, message });
  }
  return out;
}

function sourcesUnder(root: string, dir: string, out: string[]): void {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourcesUnder(root, rel, out);
    } else if (SOURCE_FILE.test(entry.name)) {
      out.push(rel);
    }
  }
}

/** Every violation under the source folders of `root`. */
export function checkTree(root: string): Violation[] {
  const files: string[] = [];
  for (const dir of SOURCE_ROOTS) sourcesUnder(root, dir, files);
  return files.sort().flatMap((file) => checkSource(root, file, readFileSync(path.join(root, file), 'utf8')));
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkTree(root);
  for (const v of violations) process.stderr.write(`${v.file}:${v.line} '${v.specifier}': ${v.message}\n`);
  if (violations.length > 0) {
    process.stderr.write(
      `[boundaries] ${violations.length} import(s) cross a boundary of docs/architecture.md\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
