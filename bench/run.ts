/**
 * Benchmarks: `npm run bench`. Each prints a table row and writes bench/results/<name>.json.
 * They run against a real PostgreSQL (embedded, or DATABASE_URL) on this machine; record results
 * with the machine and date in docs/benchmarks.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { createLedger } from '../apps/server/src/modules/wallet/service.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDb, type Db, inTransaction } from '../apps/server/src/platform/db.ts';
import { seed } from '../apps/server/src/seed/demo.ts';
import { createDatabase, startTestPostgres } from '../apps/server/test/postgres.ts';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;

interface Result {
  name: string;
  concurrency: number;
  ops: number;
  seconds: number;
  ops_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `op` from `concurrency` loops for the bench duration; `op(i)` gets a unique counter. */
async function measure(name: string, concurrency: number, op: (i: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let counter = 0;
  const start = performance.now();
  const deadline = start + DURATION_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await op(counter++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const r = {
    name,
    concurrency,
    ops: latencies.length,
    seconds: Number(seconds.toFixed(2)),
    ops_per_second: Math.round(latencies.length / seconds),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p95_ms: Number(percentile(latencies, 95).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
  };
  console.log(
    `| ${r.name} | ${r.concurrency} | ${r.ops} | ${r.ops_per_second} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} |`,
  );
  writeFileSync(
    path.join(RESULTS, `${name}.json`),
    `${JSON.stringify({ ...r, node: process.version, cpus: os.cpus().length, date: new Date().toISOString() }, null, 2)}\n`,
  );
  return r;
}

async function openMembers(db: Db, n: number): Promise<number[]> {
  const ledger = createLedger();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await inTransaction(db, async (tx) => {
        const m = await tx
          .insertInto('member')
          .values({
            agent_id: 34,
            phone: `06${String(i).padStart(8, '0')}`,
            password_hash: 'x',
            bank_code: '004',
            account_no: `6${String(i).padStart(9, '0')}`,
            account_name: `bench ${i}`,
            referral_code: `B${i}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ledger.openMemberWallets(tx, m.id);
        await ledger.transfer(tx, {
          from: { system: 'sys:bank:1' },
          to: { member: m.id, wallet: 1 },
          amount: satang(1_000_000_000),
          kind: 'deposit',
          idempotencyKey: `bench:fund:${m.id}`,
        });
        return m.id;
      }),
    );
  }
  return ids;
}

/**
 * A new cluster has no WAL files but the one it writes: each 16 MB of WAL, a committing backend creates
 * the next file (zeroed and flushed, ~12 ms here) while every other commit waits for the WAL lock. A
 * running server does that only when its WAL outgrows what its last checkpoints used: a checkpoint
 * keeps the finished files, up to max_wal_size, and renames them for reuse. So the bench's cluster
 * starts as one that has run a while: 1 GB of files written once (a WAL switch each), then a checkpoint
 * recycles them (measured: docs/benchmarks.md, issue 38 fifth session).
 */
async function walFilesToReuse(db: Db) {
  for (let i = 0; i < 64; i++) {
    // A switch only moves to the next file if something was written since the last one.
    await sql`SELECT pg_logical_emit_message(false, 'bench', 'x'), pg_switch_wal()`.execute(db);
  }
  await sql`CHECKPOINT`.execute(db);
}

/** BENCH_ONLY=core,payments,lotto,games,long (or lotto-bills, …) runs a subset; unset runs everything. */
function wanted(group: string): boolean {
  const only = process.env.BENCH_ONLY;
  return !only || only.split(',').some((o) => o === group || o.startsWith(`${group}-`));
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const pg = await startTestPostgres('bench', { durable: true });
  try {
    const url = await createDatabase(pg.adminUrl, pg.template);
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const { db } = createDb(url, config.DB_POOL_SIZE);
    await walFilesToReuse(db);
    const ledger = createLedger();
    await seed(db, ledger, config, { demo: true });
    const members = await openMembers(db, 200);
    console.log(
      `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, pool ${config.DB_POOL_SIZE}\n`,
    );
    console.log('| benchmark | concurrency | ops | ops/s | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---|---|---|---|---|---|');

    // A bet: debit one member, credit the shared game account (never updated per bet).
    if (wanted('core'))
      await measure('ledger-bet-transfer', 32, (i) =>
        inTransaction(db, (tx) =>
          ledger.transfer(tx, {
            from: { member: members[i % members.length]!, wallet: 1 },
            to: { system: 'sys:game' },
            amount: satang(100),
            kind: 'bet',
            idempotencyKey: `bench:bet:${i}`,
          }),
        ).then(() => {}),
      );

    // All bets on one member: the worst case for row contention.
    if (wanted('core'))
      await measure('ledger-bet-one-member', 32, (i) =>
        inTransaction(db, (tx) =>
          ledger.transfer(tx, {
            from: { member: members[0]!, wallet: 1 },
            to: { system: 'sys:game' },
            amount: satang(100),
            kind: 'bet',
            idempotencyKey: `bench:one:${i}`,
          }),
        ).then(() => {}),
      );

    // The wallet chip's call, through the whole HTTP stack (app.inject: no socket).
    const app = await buildApp({ config, db, databaseUrl: url, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: '0811111111', password: 'demo1234' },
    });
    const token = (login.json() as { data: { access_token: string } }).data.access_token;
    if (wanted('core'))
      await measure('http-member-wallets', 16, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/member/wallets',
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      });
    if (wanted('payments')) await (await import('./payments.ts')).runPaymentsBench({ app, db, measure });
    if (wanted('lotto')) await (await import('./lotto.ts')).runLottoBench({ url, db });
    if (wanted('games')) await (await import('./games.ts')).runGamesBench({ app, db });
    await app.close();
    await db.destroy();
  } finally {
    await pg.stop();
  }
  // The long test variants start their own PostgreSQL, so they run after this one has stopped.
  if (wanted('long')) await (await import('./long.ts')).runLongTests();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
