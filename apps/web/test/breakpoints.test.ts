import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The member site lays out at the specification's breakpoints only (docs/rules/member-site.md:
 * layout at 600, 960, 1280 and 1904 px; the logic's xsDown 599 … lgUp 1920): a stylesheet that
 * switches at another width shows a layout the specification does not have.
 */
const ALLOWED = new Set([599, 600, 959, 960, 1279, 1280, 1903, 1904, 1919, 1920]);
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name))
      : /\.(css|tsx?)$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('breakpoints', () => {
  it('every media query of the member site switches at a breakpoint of the specification', () => {
    const off: string[] = [];
    let seen = 0;
    for (const f of files(SRC)) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\((?:min|max)-width:\s*(\d+)px\)/g)) {
        seen++;
        if (!ALLOWED.has(Number(m[1]))) off.push(`${path.relative(SRC, f)}: ${m[0]}`);
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(off).toEqual([]);
  });
});
