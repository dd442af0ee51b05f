import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/build.ts';
import { inheritedFlags } from '../src/platform/feed-process.ts';
import { startFlags } from './product.ts';

/**
 * Every way the repository starts the server for real gives Node the same flags as `npm start`, the
 * one-helper-thread limit (docs/decisions/0082-one-gc-helper-thread.md) and the young generation's
 * size (docs/decisions/0085-young-generation-size.md) among them: a deployment started another way
 * would have V8's default pool of four garbage-collection threads per process and a young generation
 * that fills twice as often.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The flags between `node` and the server bundle in a command line. */
function flagsOf(command: string, bundle = 'apps/server/dist/main.mjs'): string[] {
  const at = command.indexOf(bundle);
  expect(at, `${command} runs ${bundle}`).toBeGreaterThan(0);
  const words = command.slice(0, at).trim().split(/\s+/);
  const node = words.findLastIndex((w) => w === 'node' || w.endsWith('/node'));
  expect(node, `${command} runs node`).toBeGreaterThanOrEqual(0);
  return words.slice(node + 1);
}

describe('the server’s start commands', () => {
  it('npm start limits V8 to one helper thread, sizes its young generation and keeps source maps', () => {
    expect(startFlags()).toEqual(['--enable-source-maps', '--v8-pool-size=1', '--max-semi-space-size=32']);
  });

  it('apps/server’s start, the systemd units and compose.yaml give the same flags', () => {
    const flags = startFlags();
    const server = JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> };
    expect(flagsOf(server.scripts.start!, 'dist/main.mjs')).toEqual(flags);
    const units = readdirSync(path.join(REPO_ROOT, 'ops/systemd')).filter((f) => f.endsWith('.service'));
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const starts = read(`ops/systemd/${unit}`)
        .split('\n')
        .filter((l) => l.startsWith('ExecStart='));
      expect(starts, unit).toHaveLength(1);
      expect(flagsOf(starts[0]!), unit).toEqual(flags);
    }
    const commands = [...read('compose.yaml').matchAll(/command: (\[.*apps\/server\/dist\/main\.mjs.*\])/g)];
    expect(commands.length).toBeGreaterThan(0);
    for (const [, c] of commands) expect(flagsOf((JSON.parse(c!) as string[]).join(' '))).toEqual(flags);
  });

  it('the image gives them to its own command and, through NODE_OPTIONS, to any command it is given', () => {
    const dockerfile = read('Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(flagsOf((JSON.parse(cmd!) as string[]).join(' '))).toEqual(startFlags());
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/NODE_OPTIONS="--v8-pool-size=1 --max-semi-space-size=32"/);
  });

  it('the benchmarks run the in-process server with the same V8 flags', () => {
    const bench = JSON.parse(read('bench/package.json')) as { scripts: Record<string, string> };
    expect(bench.scripts.bench).toMatch(/^node --v8-pool-size=1 --max-semi-space-size=32 /);
  });

  it('the live-feed process gets its parent’s pool size, young generation and source maps, nothing else', () => {
    expect(
      inheritedFlags([
        '--enable-source-maps',
        '--v8-pool-size=1',
        '--inspect',
        '--max-semi-space-size=32',
        '--max-old-space-size=512',
      ]),
    ).toEqual(['--enable-source-maps', '--v8-pool-size=1', '--max-semi-space-size=32']);
    expect(inheritedFlags([])).toEqual([]);
  });
});
