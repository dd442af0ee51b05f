import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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
});
