/**
 * One and two HTTP processes (docs/operations.md, "Several processes"): `npm run bench:processes`.
 *
 * On a throw-away embedded PostgreSQL, migrated and seeded as bench/lotto.ts does, it runs the built
 * server as production does (`node apps/server/dist/main.mjs start --role=web`) with
 * WEB_CONCURRENCY=1, then 2, and against each measures, for BENCH_SECONDS (10) after 1 s of warm-up:
 *
 * (a) `POST /api/lotto/bill/create`, 10-line bills from 64 members: lotto.ts's lotto-bills load, a
 *     write path where PostgreSQL does much of the work;
 * (b) `GET /api/lotto/lobby` from 64 keep-alive connections: public, read-only, the page every
 *     member opens first, where the server's own work (routing, JSON) weighs more;
 *
 * then pgbench's TPC-B-like run (8 clients) on the same PostgreSQL, once the server has stopped, as the
 * yardstick of what this machine's PostgreSQL does at that moment. CPU per operation is counted for
 * PostgreSQL (the postmaster's children) and for the server (the first process and every HTTP process
 * it forked), since on a shared machine that is the figure a neighbour's load distorts least
 * (bench/cpu.ts). Prints a markdown table and writes bench/results/processes.json.
 *
 *   BENCH_SECONDS=2 npm run bench:processes     a short run while developing
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'kysely';
import { createLotto } from '../apps/server/src/modules/lotto/service.ts';
import { createLedger } from '../apps/server/src/modules/wallet/service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb, type Db } from '../apps/server/src/platform/db.ts';
import { startEventBus } from '../apps/server/src/platform/events.ts';
import { disabledJobs } from '../apps/server/src/platform/jobs.ts';
import { seed } from '../apps/server/src/seed/demo.ts';
import { createDatabase, freePort, startTestPostgres } from '../apps/server/test/postgres.ts';
import { ensureBuilt, processTree, serverBundle, startFlags } from '../apps/server/test/product.ts';
import { cpuSampler, processCpuMs } from './cpu.ts';
import {
  BILL_WORKER,
  benchRound,
  bulkMembers,
  latencyStats,
  pgbenchTps,
  record,
  startWorker,
  WORKER_COMMON,
} from './lotto.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_MS = 1000;
/** Members sending bills, and keep-alive connections reading the lobby. */
const CONNECTIONS = 64;
const PROCESS_COUNTS = [1, 2];
const READY = 'Chok is running at';

/**
 * (b) Closed loop: each of `connections` loops sends its next GET as soon as the previous one is
 * answered. The body is read to its end but not parsed: the load generator shares the machine's
 * cores with the server, so it does as little as it can.
 */
const READ_WORKER = `${WORKER_COMMON}
const { warmupMs, durationMs, connections, path } = workerData;
function get() {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: workerData.port, path, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
}
(async () => {
  const latencies = [];
  const codes = {};
  let total = 0;
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const deadline = measureFrom + durationMs;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const status = await get();
      const t1 = performance.now();
      total++;
      if (t0 < measureFrom) continue;
      latencies.push(t1 - t0);
      codes[status] = (codes[status] ?? 0) + 1;
    }
  }));
  parentPort.postMessage({ latencies, codes, total, seconds: (performance.now() - measureFrom) / 1000 });
})().catch((e) => { parentPort.postMessage({ error: String(e && e.stack || e) }); });
`;

// ---------------------------------------------------------------------------------------------
// The server, as production runs it

interface Server {
  port: number;
  /** The first process, then the HTTP processes it forked (none with WEB_CONCURRENCY=1). */
  pids: number[];
  output: () => string;
  /** SIGTERM to the first process (which stops its HTTP processes), SIGKILL after 20 s; never throws. */
  stop: () => Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    // A zombie has ended; only its parent has not collected it yet.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What is running and must be stopped, last started first: at the end, after an error, and on
 * SIGINT or SIGTERM, so that no server process or PostgreSQL outlives the run.
 */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;

/** Registers `stop` before anything can fail, unless the run is already stopping. */
function own(stop: () => Promise<void>): void {
  cleanups.push(stop);
  if (cleaning) throw new Error('stopping: not starting anything more');
}

/** Runs `stop` now and forgets it (unless cleanUp has taken it already). */
async function release(stop: () => Promise<void>): Promise<void> {
  const i = cleanups.lastIndexOf(stop);
  if (i < 0) return;
  cleanups.splice(i, 1);
  await stop();
}

/** Stops everything still running; a second caller (a signal during an error) waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch((err: unknown) => console.error(err));
  })();
  return cleaning;
}

/**
 * `node <npm start's flags> apps/server/dist/main.mjs start --role=web` on the bench database, with
 * `processes` HTTP processes (docs/operations.md, "Several processes"), and waits until it says it is
 * running. `--role=web` with DATABASE_URL set: no embedded PostgreSQL of its own and no jobs.
 */
async function startServer(processes: number, url: string): Promise<Server> {
  const port = await freePort();
  if (cleaning) throw new Error('stopping: not starting the server');
  const child: ChildProcess = spawn(
    process.execPath,
    [...startFlags(), serverBundle('main'), 'start', '--role=web'],
    {
      env: {
        ...process.env,
        WEB_CONCURRENCY: String(processes),
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        RUN_JOBS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Read everything it prints for as long as it runs: a full pipe would stall the server.
  let output = '';
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (err) => {
      output += `\n${String(err)}`;
      resolve();
    });
  });
  let pids: number[] = child.pid ? [child.pid] : [];
  const stop = async () => {
    if (!child.pid) return;
    // Every process of the tree now, so that none is missed if the first one dies before its children.
    const known = [...new Set([...pids, ...(isAlive(child.pid) ? processTree(child.pid) : [])])];
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
      if (!ended) {
        console.error(`server (pid ${child.pid}) did not stop in 20 s after SIGTERM; killing it`);
        for (const pid of known) killQuietly(pid, 'SIGKILL');
        await exited;
      }
    }
    // The first process stops its HTTP processes before it exits (main.ts, forkWeb); check that it did.
    await sleep(100);
    const left = known.filter(isAlive);
    if (left.length > 0) {
      console.error(
        `server processes still running after the server stopped: ${left.join(', ')}; killing them`,
      );
      for (const pid of left) killQuietly(pid, 'SIGKILL');
    }
  };
  own(stop);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-64 * 1024);
        if (output.includes(READY)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`server exited while starting (code ${child.exitCode}):\n${output}`));
      });
    });
    // With WEB_CONCURRENCY=n > 1 the first process serves nothing itself and forks n HTTP processes.
    pids = processTree(child.pid!);
    const forked = pids.slice(1);
    const expected = processes > 1 ? processes : 0;
    const notServer = forked.filter((pid) => {
      try {
        return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.mjs');
      } catch {
        return true;
      }
    });
    if (forked.length !== expected || notServer.length > 0)
      throw new Error(
        `WEB_CONCURRENCY=${processes}: expected ${expected} forked HTTP processes, found ${forked.length} (${forked.join(', ')})${notServer.length ? `, of which not the server: ${notServer.join(', ')}` : ''}`,
      );
  } catch (err) {
    await release(stop);
    throw err;
  }
  return { port, pids, output: () => output, stop };
}

/**
 * Established connections to `port` that each process holds: its open sockets (/proc/<pid>/fd)
 * matched by inode against /proc/net/tcp. Shows whether the cluster spreads the load generator's
 * keep-alive connections over its HTTP processes.
 */
function connectionsByProcess(port: number, pids: number[]): Record<string, number> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // sl local_address rem_address st … inode; state 01 is ESTABLISHED.
    for (const line of text.split('\n').slice(1)) {
      const c = line.trim().split(/\s+/);
      if (c.length > 9 && c[3] === '01' && Number.parseInt(c[1]!.split(':')[1]!, 16) === port)
        inodes.add(c[9]!);
    }
  }
  const out: Record<string, number> = {};
  for (const pid of pids) {
    let n = 0;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1]!)) n++;
        } catch {
          // closed since the listing
        }
      }
    } catch {
      // gone
    }
    out[pid] = n;
  }
  return out;
}

/** CPU ms of each server process and of them all. */
function serverCpu(pids: number[]) {
  const byPid = Object.fromEntries(pids.map((pid) => [pid, processCpuMs(pid)]));
  return { byPid, total: Object.values(byPid).reduce((a, b) => a + b, 0) };
}

// ---------------------------------------------------------------------------------------------
// One path against one server

interface PathResult {
  path: string;
  per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  seconds: number;
  requests: number;
  ok: number;
  responses: Record<string, number>;
  /** Operations the CPU figures are divided by: warm-up included, as the CPU is sampled over it too. */
  ops_for_cpu: number;
  pg_cpu_ms_per_op: number;
  server_cpu_ms_per_op: number;
  /** The whole run's CPU, in ms, of each server process by pid (the first process first). */
  server_cpu_ms_by_process: Record<string, number>;
  connections_by_process: Record<string, number>;
  load_average: number[];
}

const loadAverage = () => os.loadavg().map((x) => Number(x.toFixed(2)));
const round3 = (x: number) => Number(x.toFixed(3));

/**
 * Runs a load worker against `server` and returns its figures. `finish` turns the worker's message
 * into (ok, operations for the CPU figures).
 */
async function runPath<M extends { latencies: number[]; codes: Record<string, number>; seconds: number }>(
  name: string,
  db: Db,
  server: Server,
  code: string,
  data: Record<string, unknown>,
  finish: (m: M) => Promise<{ ok: number; opsForCpu: number }>,
): Promise<PathResult> {
  const pgCpu = await cpuSampler(db);
  const pg0 = pgCpu().pgMs;
  const node0 = serverCpu(server.pids);
  const w = startWorker(code, {
    ...data,
    port: server.port,
    warmupMs: WARMUP_MS,
    durationMs: SECONDS * 1000,
  });
  // Halfway through the measured seconds, while every connection is busy (once done, the worker
  // thread may end and take its idle keep-alive connections with it).
  let connections: Record<string, number> = {};
  const probe = setTimeout(
    () => {
      connections = connectionsByProcess(server.port, server.pids);
    },
    WARMUP_MS + (SECONDS * 1000) / 2,
  );
  let m: M;
  try {
    m = await w.next<M & { error?: string }>();
    if ((m as { error?: string }).error) throw new Error(`${name}: the load worker failed`);
  } finally {
    clearTimeout(probe);
    await w.stop();
  }
  const pg1 = pgCpu().pgMs;
  const node1 = serverCpu(server.pids);
  const { ok, opsForCpu } = await finish(m);
  const stats = latencyStats(m.latencies);
  const per = (ms: number) => round3(ms / Math.max(1, opsForCpu));
  return {
    path: name,
    per_second: Math.round(ok / m.seconds),
    ...stats,
    seconds: Number(m.seconds.toFixed(2)),
    requests: m.latencies.length,
    ok,
    responses: m.codes,
    ops_for_cpu: opsForCpu,
    pg_cpu_ms_per_op: per(pg1 - pg0),
    server_cpu_ms_per_op: per(node1.total - node0.total),
    server_cpu_ms_by_process: Object.fromEntries(
      server.pids.map((pid) => [pid, Math.round((node1.byPid[pid] ?? 0) - (node0.byPid[pid] ?? 0))]),
    ),
    connections_by_process: connections,
    load_average: loadAverage(),
  };
}

/** (a) lotto.ts's bill load (BILL_WORKER), with fresh members and a fresh round. */
async function bills(db: Db, server: Server): Promise<PathResult> {
  const members = await bulkMembers(db, CONNECTIONS, 10_000_000);
  const roundId = await benchRound(db, 'lao', { closeInMs: 3600_000 });
  return runPath<{ latencies: number[]; codes: Record<string, number>; seconds: number }>(
    'POST /api/lotto/bill/create',
    db,
    server,
    BILL_WORKER,
    { sockets: CONNECTIONS, tokens: members.map((m) => m.token), roundId },
    async (m) => {
      const { rows } = await sql<{ bills: number }>`
        SELECT count(*)::int AS bills FROM lotto_bill WHERE round_id = ${roundId}`.execute(db);
      return { ok: m.codes['200:0'] ?? 0, opsForCpu: rows[0]?.bills ?? 0 };
    },
  );
}

/** (b) The lobby, after checking once that it answers with every category. */
async function lobby(db: Db, server: Server): Promise<PathResult> {
  const path = '/api/lotto/lobby';
  // On a connection of its own, closed after the answer, so that the count of connections by process
  // is the load generator's alone.
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
  const body = JSON.parse(text) as { status?: number; data?: { categories?: unknown[] } };
  if (status !== 200 || body.status !== 0 || !body.data?.categories?.length)
    throw new Error(`${path} answered ${status}: ${text.slice(0, 500)}`);
  return runPath<{ latencies: number[]; codes: Record<string, number>; seconds: number; total: number }>(
    `GET ${path}`,
    db,
    server,
    READ_WORKER,
    { sockets: CONNECTIONS, connections: CONNECTIONS, path },
    async (m) => ({ ok: m.codes['200'] ?? 0, opsForCpu: m.total }),
  );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureBuilt('server');
  const pg = await startTestPostgres('processes', { durable: true });
  own(() => pg.stop());
  const url = await createDatabase(pg.adminUrl, pg.template);
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const { db } = createDb(url, config.DB_POOL_SIZE);
  own(() => db.destroy());
  await seed(db, createLedger(), config, { demo: false });
  // The scheduler's sweep once (RUN_JOBS=false leaves it to nobody): rounds ahead for every market,
  // today's open, so that the lobby lists what it lists in production rather than empty markets.
  const events = await startEventBus(url, (msg, err) => console.error(msg, err));
  const stopEvents = () => events.stop();
  own(stopEvents);
  const ticked = await createLotto({
    db,
    ledger: createLedger(),
    events,
    jobs: disabledJobs,
    clock: { now: () => new Date() },
    config,
  }).tick(new Date());
  await release(stopEvents);

  const serverPool = Number(process.env.DB_POOL_SIZE ?? 8);
  console.log(
    `\nprocesses: ${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load ${loadAverage().join(' ')}, ${new Date().toISOString()}`,
  );
  console.log(
    `  ${SECONDS} s per path after ${WARMUP_MS / 1000} s of warm-up; ${ticked.created} rounds created, ${ticked.opened} opened; DB_POOL_SIZE ${serverPool} per HTTP process`,
  );

  const rows: (PathResult & {
    processes: number;
    pgbench_tps_8_clients: number;
    ratio_to_pgbench: number;
  })[] = [];
  for (const n of PROCESS_COUNTS) {
    const server = await startServer(n, url);
    console.log(`  WEB_CONCURRENCY=${n}: pids ${server.pids.join(', ')} (the first one first)`);
    const results = [await bills(db, server), await lobby(db, server)];
    await release(server.stop);
    // With the server stopped: pgbench alone on PostgreSQL, as close in time to the paths as it can be.
    const tps = await pgbenchTps(db, url, 8);
    for (const r of results) {
      rows.push({
        processes: n,
        ...r,
        pgbench_tps_8_clients: Math.round(tps),
        ratio_to_pgbench: Number((r.per_second / tps).toFixed(2)),
      });
      console.log(
        `  ${n} × ${r.path}: responses ${JSON.stringify(r.responses)}; connections by pid ${JSON.stringify(r.connections_by_process)}; server CPU ms by pid ${JSON.stringify(r.server_cpu_ms_by_process)}`,
      );
    }
  }

  console.log(
    '\n| processes | path | ops/s | p50 ms | p99 ms | pgbench tps | ops/pgbench | PG CPU ms/op | server CPU ms/op | load average |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.processes} | ${r.path} | ${r.per_second} | ${r.p50_ms} | ${r.p99_ms} | ${r.pgbench_tps_8_clients} | ${r.ratio_to_pgbench} | ${r.pg_cpu_ms_per_op} | ${r.server_cpu_ms_per_op} | ${r.load_average.join(' ')} |`,
    );
  record('processes', {
    seconds: SECONDS,
    warmup_seconds: WARMUP_MS / 1000,
    connections: CONNECTIONS,
    lines_per_bill: 10,
    db_pool_size_per_process: serverPool,
    rows,
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping the server and PostgreSQL`);
    void cleanUp().finally(() => process.exit(130));
  });

main()
  .catch((err: unknown) => {
    // After a signal, the failures of what is being stopped under the run are not news.
    if (!cleaning) console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    // The load workers and pg pools are gone; exit even if a library left a timer behind.
    process.exit();
  });
