import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chainSeed, verifyChain } from '@chok/engine/lotto/chain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createLedger } from '../src/modules/wallet/service.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import {
  type EmbeddedDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
} from '../src/platform/embedded-postgres.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { migrate } from '../src/platform/migrate.ts';
import { seed } from '../src/seed/demo.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { openRound } from './lotto-fixtures.ts';
import { freePort } from './postgres.ts';

const UNAVAILABLE = {
  error: 1010,
  code: 'DATABASE_UNAVAILABLE',
  message: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  data: null,
};

/** Waits for `check` to hold, polling; fails after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A member login (password hashing + session insert) and a wallet read: real work on the pool. */
async function memberWork(app: FastifyInstance) {
  const login = await call<{ access_token: string }>(app, 'POST', '/api/login', {
    body: { phone: '0811111111', password: 'demo1234' },
  });
  if (login.body.error !== 0) return [login];
  const info = await call(app, 'GET', '/api/get_user_info', { token: login.body.data.access_token });
  return [login, info];
}

/** Every answer is a success or the 503 envelope: never a 500, never anything else. */
function expectOkOr503(answers: { status: number; body: unknown }[]) {
  for (const a of answers) {
    if (a.status === 503) expect(a.body).toEqual(UNAVAILABLE);
    else expect(a).toMatchObject({ status: 200, body: { error: 0 } });
  }
}

/** Whether an event published now reaches a subscriber of this process (the LISTEN connection works). */
async function eventsFlow(app: FastifyInstance, db: Db, topic: string): Promise<boolean> {
  let got = '';
  const off = app.events.subscribe({ topics: new Set([topic]), write: (f) => (got += f) });
  try {
    await app.events.publish(db, topic, 'ping', { at: Date.now() });
    const end = Date.now() + 1000;
    while (!got && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return got.includes('event: ping');
  } finally {
    off();
  }
}

describe('connections terminated under load', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
    admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const terminateAll = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );

  it('keeps the process up, answers 200 or the 503 envelope, and serves and publishes again afterwards', async () => {
    expect(await eventsFlow(t.app, t.db, 'outage:a')).toBe(true);
    const answers: { status: number; body: unknown }[] = [];
    // Rounds of parallel requests, each cut by terminating every connection, until some request
    // was caught by it (a 503) — at least 3 rounds, at most 30.
    for (let round = 0; round < 30 && (round < 3 || !answers.some((a) => a.status === 503)); round++) {
      const load = Promise.all(
        Array.from({ length: 12 }, async (_, i) =>
          i % 3 === 0 ? memberWork(t.app) : [await call(t.app, 'GET', '/api/health')],
        ),
      );
      await terminateAll();
      answers.push(...(await load).flat());
    }
    await terminateAll();
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expectOkOr503(answers);

    await until(
      'the server is ready again',
      async () => (await call(t.app, 'GET', '/api/ready')).status === 200,
    );
    const after = await memberWork(t.app);
    expect(after.map((a) => a.body)).toMatchObject([{ error: 0 }, { error: 0 }]);
    // The LISTEN connection was terminated too: it reconnects by itself.
    await until('events flow again', () => eventsFlow(t.app, t.db, 'outage:b'));
  });
});

describe('the embedded PostgreSQL stopped and started under a running app', () => {
  const dir = path.resolve('.data', `outage-${process.pid}-${Date.now()}`);
  let port: number;
  let embedded: EmbeddedDatabase | null = null;
  let db: Db;
  let app: FastifyInstance;
  let jobs: Jobs;
  let url: string;
  const jobErrors: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    embedded = await startEmbeddedPostgres({ dir, port });
    await ensureDatabase(embedded.url('postgres'), 'chok');
    url = embedded.url('chok');
    await migrate(url);
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    db = createDb(url, 4).db;
    await seed(db, createLedger(), config, { demo: true });
    jobs = await startJobs(url, (msg) => jobErrors.push(msg));
    app = await buildApp({ config, db, databaseUrl: url, jobs, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await jobs?.stop().catch(() => {});
    await app?.close();
    await db?.destroy();
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with the Thai envelope while PostgreSQL is down, and recovers when it is back', async () => {
    expectOkOr503(await memberWork(app));
    expect(await call(app, 'GET', '/api/ready')).toMatchObject({
      status: 200,
      body: { data: { status: 'ready', checks: { database: true, migrations: true, jobs: true } } },
    });
    // Stopping the server ends every connection (pool, LISTEN, pg-boss) with 57P01, then refuses new ones.
    const stopping = embedded!.stop();
    embedded = null;
    const during = await Promise.all(Array.from({ length: 8 }, () => memberWork(app)));
    await stopping;

    // Liveness: the process answers. Readiness: not ready, with the reason, so a load balancer stops
    // sending it traffic (docs/operations.md, "Health and readiness").
    expect(await call(app, 'GET', '/api/health')).toMatchObject({
      status: 200,
      body: { data: { status: 'ok' } },
    });
    expect(await call(app, 'GET', '/api/ready')).toEqual({
      status: 503,
      body: {
        error: 2780,
        code: 'NOT_READY',
        message: 'ระบบยังไม่พร้อมให้บริการ (ติดต่อฐานข้อมูลไม่ได้) กรุณาลองใหม่อีกครั้งในอีกสักครู่',
        data: { checks: { database: false, migrations: true, jobs: true } },
      },
    });
    const login = await call(app, 'POST', '/api/login', {
      body: { phone: '0811111111', password: 'demo1234' },
    });
    expect(login).toEqual({ status: 503, body: UNAVAILABLE });
    expectOkOr503(during.flat());

    embedded = await startEmbeddedPostgres({ dir, port });
    await until(
      'the server is ready again',
      async () => (await call(app, 'GET', '/api/ready')).status === 200,
    );
    const after = await memberWork(app);
    expect(after.map((a) => a.body)).toMatchObject([{ error: 0 }, { error: 0 }]);
    await until('events flow again', () => eventsFlow(app, db, 'outage:c'));
    // pg-boss rode the outage out (its errors are reported, not thrown) and runs jobs again.
    let ran = 0;
    await until('the job runner accepts work again', async () => {
      await jobs.work('outage.probe', async () => {
        ran += 1;
      });
      return true;
    });
    await until('a job runs again', async () => {
      const before = ran;
      await jobs.send('outage.probe', {});
      const end = Date.now() + 5000;
      while (ran === before && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      return ran > before;
    });
  });

  it('a crash of PostgreSQL while members shoot loses no acknowledged shot, and no event told of one it lost', async () => {
    const t = {
      app,
      db,
      url,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      ledger: createLedger(),
    } as TestApp;
    const roundId = await openRound(t, 'yeekee');
    await db
      .updateTable('lotto_round')
      .set({
        settings: sql`jsonb_set(settings, '{yeekee}', settings->'yeekee' ||
          '{"cooldown_seconds": 0, "shots_per_round_max": 1000000, "shots_per_ip_minute_max": 1000000}')`,
      })
      .where('id', '=', roundId)
      .execute();
    const login = await call<{ access_token: string }>(app, 'POST', '/api/login', {
      body: { phone: '0811111111', password: 'demo1234' },
    });
    const token = login.body.data.access_token;
    const member = await db
      .selectFrom('member')
      .select('id')
      .where('phone', '=', '0811111111')
      .executeTakeFirstOrThrow();
    // What the member was told of: its own-shot events (this process's LISTEN) and its acks.
    const told = new Set<number>();
    const off = app.events.subscribe({
      topics: new Set([`member:${member.id}`]),
      write: (frames) => {
        for (const m of frames.matchAll(/^event: yeekee_shot\ndata: (.*)$/gm))
          told.add((JSON.parse(m[1]!) as { data: { seq: number } }).data.seq);
      },
    });
    const acks: { seq: number; number: string }[] = [];
    const refusals: number[] = [];
    // The crash: every process of the cluster killed at once, so nothing of PostgreSQL's own shutdown
    // runs and WAL not yet written out of its buffers is gone — in the same turn as the 600th
    // acknowledgement arrives, when the shots acknowledged last are the likeliest to be lost.
    const postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let crashed = false;
    const shooter = async (k: number) => {
      for (let i = 0; !crashed || refusals.length === 0; i++) {
        const number = String((k * 7919 + i * 104729) % 100000).padStart(5, '0');
        const r = await call<{ seq: number; number: string }>(app, 'POST', '/api/lotto/yeekee/shoot_number', {
          token,
          body: { round_id: roundId, number },
        });
        if (r.status === 200 && r.body.error === 0) acks.push({ seq: r.body.data.seq, number });
        else refusals.push(r.status);
        if (!crashed && acks.length >= 600) {
          crashed = true;
          killCluster(postmaster);
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, k) => shooter(k)));
    off();
    // Refused while PostgreSQL was down: the 503 envelope, never a 500.
    expect(refusals.every((status) => status === 503)).toBe(true);
    embedded = await startEmbeddedPostgres({ dir, port });
    await until(
      'the server is ready again',
      async () => (await call(app, 'GET', '/api/ready')).status === 200,
    );
    const stored = await db
      .selectFrom('lotto_shot')
      .select(['seq', 'member_ref', 'number', 'server_ts', 'hash'])
      .where('round_id', '=', roundId)
      .orderBy('seq')
      .execute();
    const storedBySeq = new Map(stored.map((x) => [x.seq, x.number]));
    // Every acknowledged shot is there, with its number; every event was of a shot that is there.
    expect(acks.length).toBeGreaterThanOrEqual(600);
    expect(acks.filter((a) => storedBySeq.get(a.seq) !== a.number)).toEqual([]);
    expect([...told].filter((seq) => !storedBySeq.has(seq))).toEqual([]);
    // The round is whole: seqs 1..n, the chain intact, and the count and head as the shots left them.
    const round = await db
      .selectFrom('lotto_round')
      .select(['market_id', 'business_date', 'round_no', 'shot_count', 'chain_head'])
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    const shots = stored.map((x) => ({ ...x, server_ts: x.server_ts.toISOString() }));
    expect(verifyChain(chainSeed(round.market_id, round.business_date, round.round_no), shots)).toBeNull();
    expect(round.shot_count).toBe(stored.length);
    expect(round.chain_head).toBe(stored.at(-1)?.hash);
    // And shooting goes on from there.
    const next = await call<{ seq: number }>(app, 'POST', '/api/lotto/yeekee/shoot_number', {
      token,
      body: { round_id: roundId, number: '12345' },
    });
    expect(next.body).toMatchObject({ error: 0, data: { seq: stored.length + 1 } });
  });
});

/** SIGKILL to a postmaster and all its children, one right after another. */
function killCluster(postmaster: number): void {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: the command may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  for (const pid of [postmaster, ...children]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
