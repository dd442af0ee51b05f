/**
 * The long test variants, called from run.ts (`BENCH_ONLY=long`) or alone (`tsx bench/long.ts`): the
 * seamless-wallet model test at 100,000 callbacks and the slot RTP check at 10,000,000 rounds, the
 * same tests `npm test` runs at a few thousand callbacks and a million rounds (CHOK_LONG=1, as
 * `npm run test:long`). The tests start their own PostgreSQL. Fails when a test fails; the model
 * test's throughput lands in bench/results/long-wallet-model.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(HERE, 'results');

export async function runLongTests(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const args = [
    'vitest',
    'run',
    '--project',
    'server',
    '--project',
    'engine',
    'apps/server/test/games-wallet-model.test.ts',
    'packages/engine/test/games-slot.test.ts',
  ];
  let out = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npx', args, {
      cwd: path.join(HERE, '..'),
      env: { ...process.env, CHOK_LONG: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`long tests failed (exit ${code})`);
  // "games-wallet-model: 100034 callbacks (50012 over HTTP) in 401.2 s (249/s), seed 123"
  const m =
    /games-wallet-model: (\d+) callbacks \((\d+) over HTTP\) in ([\d.]+) s \((\d+)\/s\), seed (\d+)/.exec(
      out,
    );
  if (!m) throw new Error('the wallet model test printed no throughput line');
  const result = {
    name: 'long-wallet-model',
    callbacks: Number(m[1]),
    over_http: Number(m[2]),
    seconds: Number(m[3]),
    callbacks_per_second: Number(m[4]),
    seed: Number(m[5]),
    node: process.version,
    cpus: os.cpus().length,
    date: new Date().toISOString(),
  };
  console.log(
    `\nwallet model: ${result.callbacks} callbacks in ${result.seconds} s (${result.callbacks_per_second}/s)`,
  );
  writeFileSync(path.join(RESULTS, 'long-wallet-model.json'), `${JSON.stringify(result, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runLongTests().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
