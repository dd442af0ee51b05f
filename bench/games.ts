/**
 * Games benchmark, called from run.ts (or alone: `tsx bench/games.ts`): the provider callback path —
 * a signed debit, then its credit — through the HTTP adapter (app.inject, no socket), open loop at a
 * fixed request rate. Reports p50/p95/p99 at 1,000 requests/s and the highest rate sustained with
 * p99 under 60 ms (docs/rules/casino.md §3.8) on this machine. Results land in bench/results/games-*.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { satang } from '@chok/engine/money';
import type { FastifyInstance } from 'fastify';
import { injectTransport, ProviderSimulator } from '../apps/server/src/modules/games/simulator.ts';
import { createLedger } from '../apps/server/src/modules/wallet/service.ts';
import { type Db, inTransaction } from '../apps/server/src/platform/db.ts';
import { hashToken, newToken } from '../apps/server/src/platform/rng.ts';
import { cpuSampler } from './cpu.ts';
import { startWorker } from './lotto.ts';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROVIDER = { id: 'bench', secret: 'bench-secret-0123456789' };

async function setUp(
  app: FastifyInstance,
  db: Db,
  players: number,
): Promise<{ sim: ProviderSimulator; ids: string[] }> {
  await db
    .insertInto('game_provider')
    .values({
      id: PROVIDER.id,
      name: 'Bench',
      secret: PROVIDER.secret,
      launch_url: 'https://bench.example/?t={token}',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const game = await db
    .insertInto('game')
    .values({
      provider_id: PROVIDER.id,
      code: 'bench-slot',
      name: 'Bench Slot',
      image: '/x.svg',
      categories: ['slot'],
    })
    .onConflict((oc) => oc.columns(['provider_id', 'code']).doUpdateSet({ name: 'Bench Slot' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const sim = new ProviderSimulator(PROVIDER.id, PROVIDER.secret, injectTransport(app));
  const ledger = createLedger();
  const ids: string[] = [];
  for (let i = 0; i < players; i++) {
    const memberId = await inTransaction(db, async (tx) => {
      const m = await tx
        .insertInto('member')
        .values({
          agent_id: 34,
          phone: `05${String(i).padStart(8, '0')}`,
          password_hash: 'x',
          bank_code: '004',
          account_no: `5${String(i).padStart(9, '0')}`,
          account_name: `games bench ${i}`,
          referral_code: `GB${i}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.openMemberWallets(tx, m.id);
      await ledger.transfer(tx, {
        from: { system: 'sys:bank:1' },
        to: { member: m.id, wallet: 1 },
        amount: satang(1_000_000_000),
        kind: 'deposit',
        idempotencyKey: `bench:games:fund:${m.id}`,
      });
      return m.id;
    });
    const token = newToken();
    const now = new Date();
    await db
      .insertInto('game_launch')
      .values({
        token_hash: hashToken(token),
        member_id: memberId,
        wallet_type_id: 1,
        game_id: game.id,
        created_at: now,
        expires_at: new Date(now.getTime() + 60_000),
      })
      .execute();
    const a = await sim.authenticate(token);
    if (a.status !== 'OK') throw new Error(`authenticate: ${a.status}`);
    ids.push(String(memberId));
  }
  return { sim, ids };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * One round as a provider plays it: the debit of 1 baht under `tx`, then its credit (a win of 2 baht
 * one time in three). Each call's latency goes to `latencies`; answers whether both were OK.
 */
async function pair(sim: ProviderSimulator, player: string, tx: string, k: number, latencies: number[]) {
  let t0 = performance.now();
  const d = await sim.debit({ player, tx_id: `${tx}-b`, round_id: tx, game: 'bench-slot', amount: '1.00' });
  latencies.push(performance.now() - t0);
  t0 = performance.now();
  const w = await sim.credit({
    player,
    tx_id: `${tx}-w`,
    bet_tx_id: `${tx}-b`,
    round_id: tx,
    game: 'bench-slot',
    amount: k % 3 === 0 ? '2.00' : '0.00',
  });
  latencies.push(performance.now() - t0);
  return d.status === 'OK' && w.status === 'OK';
}

/** Starts one debit→credit pair every 2/rate seconds (so `rate` requests a second) for SECONDS. */
async function openLoop(sim: ProviderSimulator, ids: string[], rate: number, tag: string) {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const pairsPerSecond = rate / 2;
  const started = performance.now();
  const total = Math.round(pairsPerSecond * SECONDS);
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / pairsPerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const k = n++;
    pending.push(
      pair(sim, ids[k % ids.length]!, `${tag}-${k}`, k, latencies).then((ok) => {
        if (!ok) failures++;
      }),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    target_rps: rate,
    achieved_rps: Math.round(latencies.length / seconds),
    requests: latencies.length,
    failures,
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}

// The same open loop over a socket: the server listening as in production (HTTP parsing included),
// the provider in a worker thread of its own (plain JavaScript: signing, keep-alive HTTP), so the
// load generator's objects are not in the server's heap and its garbage collections do not pause the
// server. The worker answers the latencies; the server's own GC pauses are counted here.
const SOCKET_PROVIDER = `
const http = require('node:http');
const { createHmac, randomBytes } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { port, provider, secret, ids, rate, seconds, tag } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function post(op, fields) {
  const body = JSON.stringify({ ...fields, ts: Math.floor(Date.now() / 1000), nonce: randomBytes(12).toString('hex') });
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/provider/' + provider + '/' + op, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body),
        'x-signature': createHmac('sha256', secret).update(body).digest('hex') } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { data += c; });
      res.on('end', () => { try { resolve(JSON.parse(data)); } catch { resolve({}); } });
    });
    req.on('error', () => resolve({}));
    req.end(body);
  });
}
(async () => {
  const latencies = [];
  let failures = 0;
  const pairsPerSecond = rate / 2;
  const total = Math.round(pairsPerSecond * seconds);
  const pending = [];
  const started = performance.now();
  for (let k = 0; k < total; k++) {
    const due = started + (k * 1000) / pairsPerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const player = ids[k % ids.length];
    const tx = tag + '-' + k;
    pending.push((async () => {
      let t0 = performance.now();
      const d = await post('debit', { player, tx_id: tx + '-b', round_id: tx, game: 'bench-slot', amount: '1.00' });
      latencies.push(performance.now() - t0);
      t0 = performance.now();
      const w = await post('credit', { player, tx_id: tx + '-w', bet_tx_id: tx + '-b', round_id: tx, game: 'bench-slot',
        amount: k % 3 === 0 ? '2.00' : '0.00' });
      latencies.push(performance.now() - t0);
      if (d.status !== 'OK' || w.status !== 'OK') failures++;
    })());
  }
  await Promise.all(pending);
  agent.destroy();
  parentPort.postMessage({ latencies, failures, seconds: (performance.now() - started) / 1000 });
})().catch((e) => { parentPort.postMessage({ error: String((e && e.stack) || e) }); });
`;

async function socketLoop(port: number, ids: string[], rate: number, tag: string) {
  const { PerformanceObserver } = await import('node:perf_hooks');
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push(e.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const worker = startWorker(SOCKET_PROVIDER, {
    port,
    provider: PROVIDER.id,
    secret: PROVIDER.secret,
    ids,
    rate,
    seconds: SECONDS,
    tag,
  });
  const r = await worker.next<{ latencies: number[]; failures: number; seconds: number }>();
  await worker.stop();
  gc.disconnect();
  const latencies = r.latencies.sort((a, b) => a - b);
  pauses.sort((a, b) => b - a);
  return {
    target_rps: rate,
    achieved_rps: Math.round(latencies.length / r.seconds),
    requests: latencies.length,
    failures: r.failures,
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    server_gc_pauses: pauses.length,
    server_gc_ms: Math.round(pauses.reduce((a, b) => a + b, 0)),
    server_gc_longest_ms: Number((pauses[0] ?? 0).toFixed(1)),
  };
}

/**
 * 32 callers, each a debit then its credit (pair i uses ids `cl-i-…`), as fast as they are answered,
 * for `ms` — or, with `pairs`, pairs 0…pairs−1 exactly once each (the same ids again: retries).
 */
async function closedLoop(db: Db, sim: ProviderSimulator, ids: string[], ms: number, pairs?: number) {
  const cpu = await cpuSampler(db);
  const c0 = cpu();
  const closed: number[] = [];
  let failures = 0;
  let k = 0;
  const t0 = performance.now();
  const more = () => (pairs === undefined ? performance.now() - t0 < ms : k < pairs);
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (more()) {
        const i = k++;
        if (!(await pair(sim, ids[i % ids.length]!, `cl-${i}`, i, closed))) failures++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const c1 = cpu();
  closed.sort((a, b) => a - b);
  return {
    callers: 32,
    requests: closed.length,
    requests_per_second: Math.round(closed.length / seconds),
    p50_ms: Number(percentile(closed, 50).toFixed(2)),
    p99_ms: Number(percentile(closed, 99).toFixed(2)),
    failures,
    pg_cpu_ms_per_request: Number(((c1.pgMs - c0.pgMs) / closed.length).toFixed(3)),
    server_cpu_ms_per_request: Number(((c1.nodeMs - c0.nodeMs) / closed.length).toFixed(3)),
  };
}

export async function runGamesBench(c: { app: FastifyInstance; db: Db }) {
  mkdirSync(RESULTS, { recursive: true });
  const { sim, ids } = await setUp(c.app, c.db, 200);
  await openLoop(sim, ids, 200, 'warm');
  // One caller, one request at a time: the path's own cost without queueing.
  const alone: number[] = [];
  for (let i = 0; i < 500; i++) {
    const player = ids[i % ids.length]!;
    let t0 = performance.now();
    await sim.debit({
      player,
      tx_id: `solo-${i}-b`,
      round_id: `solo-${i}`,
      game: 'bench-slot',
      amount: '1.00',
    });
    alone.push(performance.now() - t0);
    t0 = performance.now();
    await sim.credit({
      player,
      tx_id: `solo-${i}-w`,
      bet_tx_id: `solo-${i}-b`,
      round_id: `solo-${i}`,
      game: 'bench-slot',
      amount: '0.00',
    });
    alone.push(performance.now() - t0);
  }
  alone.sort((a, b) => a - b);
  console.log(
    `one at a time: p50 ${percentile(alone, 50).toFixed(2)} ms, p99 ${percentile(alone, 99).toFixed(2)} ms`,
  );
  // Closed loop: 32 callers, each a debit then its credit, as fast as they are answered; with the CPU
  // that PostgreSQL and this process spent per request (the figure a busy machine distorts least).
  const capacity = await closedLoop(c.db, sim, ids, SECONDS * 1000);
  console.log(
    `closed loop (32 callers): ${capacity.requests_per_second} requests/s, p50 ${capacity.p50_ms} ms, p99 ${capacity.p99_ms} ms, failures ${capacity.failures}; CPU per request: PostgreSQL ${capacity.pg_cpu_ms_per_request} ms, server ${capacity.server_cpu_ms_per_request} ms`,
  );
  // The same calls again, as a provider retries after a timeout: each answers its stored result.
  const retries = await closedLoop(c.db, sim, ids, SECONDS * 1000, capacity.requests / 2);
  console.log(
    `retries of those calls (32 callers): ${retries.requests_per_second} requests/s, p50 ${retries.p50_ms} ms, p99 ${retries.p99_ms} ms, failures ${retries.failures}; CPU per request: PostgreSQL ${retries.pg_cpu_ms_per_request} ms, server ${retries.server_cpu_ms_per_request} ms`,
  );
  console.log(
    '\n| provider callbacks (debit → credit, signed, app.inject) | target req/s | achieved | p50 ms | p95 ms | p99 ms | failures |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const rows = [];
  let sustained = 0;
  // GAMES_BENCH_RATES=250,500 runs only those rates (GAMES_BENCH_RATES=none: the closed loop only).
  const rates = (process.env.GAMES_BENCH_RATES ?? '250,500,750,1000,1250,1500,2000')
    .split(',')
    .filter((x) => x !== 'none' && x !== '')
    .map(Number);
  for (const rate of rates) {
    const r = await openLoop(sim, ids, rate, `r${rate}`);
    rows.push(r);
    console.log(
      `| games-callbacks | ${rate} | ${r.achieved_rps} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.failures} |`,
    );
    if (r.p99_ms < 60 && r.achieved_rps >= rate * 0.95 && r.failures === 0) sustained = rate;
    else if (rate > 1000) break;
  }
  // Over the socket (GAMES_BENCH_SOCKET_RATES, default 750,1000,1250; none skips them).
  const socketRates = (process.env.GAMES_BENCH_SOCKET_RATES ?? '750,1000,1250')
    .split(',')
    .filter((x) => x !== 'none' && x !== '')
    .map(Number);
  const socketRows = [];
  if (socketRates.length > 0) {
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (c.app.server.address() as AddressInfo).port;
    console.log(
      '\n| provider callbacks over a socket (provider in a worker thread) | target req/s | achieved | p50 ms | p95 ms | p99 ms | failures | server GC pauses (ms in all, longest) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const rate of socketRates) {
      const r = await socketLoop(port, ids, rate, `s${rate}`);
      socketRows.push(r);
      console.log(
        `| games-callbacks-socket | ${rate} | ${r.achieved_rps} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.failures} | ${r.server_gc_pauses} (${r.server_gc_ms} ms, ${r.server_gc_longest_ms} ms) |`,
      );
    }
  }
  const result = {
    rows,
    socket_rows: socketRows,
    closed_loop: capacity,
    retries,
    highest_sustained_rps: sustained,
    node: process.version,
    cpus: os.cpus().length,
    date: new Date().toISOString(),
  };
  console.log(`highest rate sustained with p99 < 60 ms: ${sustained} requests/s`);
  writeFileSync(path.join(RESULTS, 'games-callbacks.json'), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

// Standalone: `tsx bench/games.ts` starts its own database and app.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { createDb } = await import('../apps/server/src/platform/db.ts');
  const { seed } = await import('../apps/server/src/seed/demo.ts');
  const { createDatabase, startTestPostgres } = await import('../apps/server/test/postgres.ts');
  const pg = await startTestPostgres('benchgames', { durable: true });
  try {
    const url = await createDatabase(pg.adminUrl, pg.template);
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const { db } = createDb(url, config.DB_POOL_SIZE);
    await seed(db, createLedger(), config, { demo: true });
    const app = await buildApp({ config, db, databaseUrl: url, logger: false });
    await runGamesBench({ app, db });
    await app.close();
    await db.destroy();
  } finally {
    await pg.stop();
  }
}
