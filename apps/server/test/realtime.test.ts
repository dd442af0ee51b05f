import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { idempotent } from '../src/platform/idempotency.ts';
import { startJobs } from '../src/platform/jobs.ts';
import { createTestApp, registerMember, type TestApp } from './helpers.ts';
import { builtDist } from './product.ts';
import { frameOf, openSse, type SseFrame } from './sse-fixtures.ts';

let a: TestApp;
let b: TestApp; // a second "process" on the same database
let baseB: string;

beforeAll(async () => {
  a = await createTestApp();
  const { buildApp } = await import('../src/app.ts');
  const { createDb } = await import('../src/platform/db.ts');
  const { db } = createDb(a.url, 4);
  const appB = await buildApp({ config: a.config, db, databaseUrl: a.url, logger: false });
  await appB.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
  b = {
    ...a,
    app: appB,
    db,
    close: async () => {
      await appB.close();
      await db.destroy();
    },
  };
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Opens an SSE stream (with a member token in the Authorization header) and collects its frames. */
async function openStream(url: string, token?: string) {
  const frames: SseFrame<{ topic: string; data: unknown }>[] = [];
  let connected = '';
  const stream = await openSse(url, token, (block) => {
    const frame = frameOf<{ topic: string; data: unknown }>(block);
    if (frame) frames.push(frame);
    else if (block.includes(': connected')) connected = block;
  });
  return { status: stream.status, frames, connected: () => connected, close: stream.close };
}

const settle = () => new Promise((r) => setTimeout(r, 600));

describe('events across processes over LISTEN/NOTIFY, served as SSE', () => {
  it('delivers a committed event published by one process to a stream served by another', async () => {
    const s = await openStream(`${baseB}/api/stream?topics=round:7`);
    expect(s.status).toBe(200);
    await settle();
    await inTransaction(a.db, (tx) =>
      a.app.events.publish(tx, 'round:7', 'round_status', { status: 'closed' }),
    );
    await inTransaction(a.db, (tx) =>
      a.app.events.publish(tx, 'round:8', 'round_status', { status: 'other' }),
    );
    await expect.poll(() => s.frames.length).toBe(1);
    expect(s.frames[0]).toEqual({
      event: 'round_status',
      data: { topic: 'round:7', data: { status: 'closed' } },
    });
    await s.close();
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const s = await openStream(`${baseB}/api/stream?topics=round:9`);
    await settle();
    await expect(
      inTransaction(a.db, async (tx) => {
        await a.app.events.publish(tx, 'round:9', 'round_status', { status: 'ghost' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await inTransaction(a.db, (tx) =>
      a.app.events.publish(tx, 'round:9', 'round_status', { status: 'real' }),
    );
    await expect.poll(() => s.frames.length).toBe(1);
    expect(s.frames[0]!.data.data).toEqual({ status: 'real' });
    await s.close();
  });

  it('gives a member their private topic only through their token, sent in the Authorization header', async () => {
    const m = await registerMember(a);
    const refused = await fetch(`${baseB}/api/stream?topics=member:${m.memberId}`);
    expect(refused.status).toBe(400);
    const bad = await fetch(`${baseB}/api/stream`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
    // A token in the URL would be written to logs: refused, even a valid one.
    const inUrl = await fetch(`${baseB}/api/stream?access_token=${m.token}`);
    expect(inUrl.status).toBe(400);
    expect(await inUrl.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    const s = await openStream(`${baseB}/api/stream`, m.token);
    await expect.poll(() => s.connected()).toContain(`member:${m.memberId}`);
    await inTransaction(a.db, (tx) =>
      a.app.events.publish(tx, `member:${m.memberId}`, 'balance', { total: '1.00' }),
    );
    await expect.poll(() => s.frames.map((f) => f.event)).toEqual(['balance']);
    await s.close();
  });
});

describe('the request log', () => {
  it('holds no token, launch token or secret query value, and no query string of an authenticated request', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../src/app.ts');
    const logged = await buildApp({
      config: { ...a.config, LOG_LEVEL: 'info' },
      db: a.db,
      databaseUrl: a.url,
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const m = await registerMember(a);
      const secrets = [
        m.token,
        'launch-secret-1',
        'demo-secret-2',
        'ticket-secret-3',
        'otp-secret-4',
        'member-own-5',
      ];
      for (const url of [
        `/api/stream?topics=round:1&access_token=${m.token}`,
        '/api/stream?topics=member:1&ticket=ticket-secret-3',
        '/play/golden-elephant?t=launch-secret-1&m=1',
        '/play/golden-elephant?demo=demo-secret-2',
        '/api/lotto/result?round_id=5&token=otp-secret-4',
      ]) {
        await logged.inject({ method: 'GET', url });
      }
      await logged.inject({
        method: 'GET',
        url: '/api/get_user_info',
        headers: { authorization: `Bearer ${m.token}` },
      });
      // An authenticated request's query is the member's own (a filter, a code): its path only.
      await logged.inject({
        method: 'GET',
        url: '/api/lotto/bill/list?status=member-own-5&page=1',
        headers: { authorization: `Bearer ${m.token}` },
      });
      const log = lines.join('');
      expect(log).toContain('"url":"/api/stream?[redacted]"');
      expect(log).toContain('"url":"/play/golden-elephant?[redacted]"');
      expect(log).toContain('"url":"/api/lotto/result?round_id=5&token=[redacted]"');
      expect(log).toContain('"url":"/api/get_user_info"');
      expect(log).toContain('"url":"/api/lotto/bill/list?[redacted]"');
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('the request log at info', () => {
  it("holds one line per request asked from outside: no probe, no built file, no line of the renderer's own reads", async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../src/app.ts');
    const logged = await buildApp({
      config: { ...a.config, LOG_LEVEL: 'info', WEB_DIST: builtDist('web') },
      db: a.db,
      databaseUrl: a.url,
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const assets = readdirSync(path.join(builtDist('web'), 'assets'));
      const file = assets.find((f) => f.endsWith('.js'));
      expect(file).toBeDefined();
      expect((await logged.inject({ method: 'GET', url: `/assets/${file}` })).statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: '/api/health' });
      expect((await logged.inject({ method: 'GET', url: '/promotions' })).statusCode).toBe(200);
      await logged.inject({
        method: 'POST',
        url: '/api/login',
        payload: { phone: '0899999999', password: 'x' },
      });
      // A client cannot pass for the renderer: the mark is drawn at start.
      await logged.inject({
        method: 'GET',
        url: '/api/banner?agent_code=chok',
        headers: { 'x-chok-internal': '1' },
      });
      const entries = lines.map(
        (l) => JSON.parse(l) as { msg: string; url?: string; status?: number; level: number },
      );
      const requests = entries.filter((e) => e.msg === 'request').map((e) => `${e.url} ${e.status}`);
      expect(requests).toEqual(['/promotions 200', '/api/login 200', '/api/banner?agent_code=chok 200']);
      expect(entries.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toEqual(
        [],
      );
    } finally {
      await logged.close();
    }
  });
});

describe('the log on a terminal', () => {
  it('is one short line per entry: the time, the level, and a request as method, path, status and milliseconds', async () => {
    const { default: pino } = await import('pino');
    const { terminalStream } = await import('../src/platform/request-log.ts');
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const log = pino({ level: 'info' }, terminalStream(out));
    log.info({ method: 'POST', url: '/api/login', status: 200, ms: 12, ip: '192.0.2.7' }, 'request');
    log.info({ reqId: 'req-1' }, 'database schema is up to date');
    await expect.poll(() => text.split('\n').length).toBe(3);
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/login 200 12 ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: database schema is up to date$/),
      '',
    ]);
  });
});

describe('idempotent requests', () => {
  it('runs once per key, replays the first answer, refuses a different request under the same key', async () => {
    const m = await registerMember(a);
    let runs = 0;
    const once = (request: unknown) =>
      inTransaction(a.db, (tx) =>
        idempotent(tx, { memberId: m.memberId, scope: 'test', key: 'k1', request }, async () => {
          runs += 1;
          return { n: runs };
        }),
      );
    const answers = await Promise.all(Array.from({ length: 10 }, () => once({ amount: 100 })));
    expect(runs).toBe(1);
    expect(answers.every((x) => x.n === 1)).toBe(true);
    await expect(once({ amount: 200 })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });
});

describe('jobs (pg-boss)', () => {
  it('a job sent once runs once even with two worker processes; a job sent in a rolled-back transaction never runs', async () => {
    const log = () => {};
    const w1 = await startJobs(a.url, log);
    const w2 = await startJobs(a.url, log);
    const ran: string[] = [];
    try {
      for (const [name, w] of [
        ['w1', w1],
        ['w2', w2],
      ] as const) {
        await w.work<{ id: string }>(
          'test-queue',
          async (d) => {
            ran.push(`${name}:${d.id}`);
          },
          { fastPoll: true },
        );
      }
      await w1.send('test-queue', { id: 'now' });
      await w1.send('test-queue', { id: 'soon' }, { at: new Date(Date.now() + 1000) });
      await expect(
        inTransaction(a.db, async (tx) => {
          await w1.send('test-queue', { id: 'ghost' }, { tx });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await inTransaction(a.db, (tx) => w1.send('test-queue', { id: 'committed' }, { tx }));
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(3);
      await new Promise((r) => setTimeout(r, 1500));
      expect(ran.map((r) => r.split(':')[1]).sort()).toEqual(['committed', 'now', 'soon']);
    } finally {
      await w1.stop();
      await w2.stop();
    }
  });
});

describe('ledger upkeep jobs', () => {
  it('schedules the hourly roll-up and the nightly reconciliation in pg-boss', async () => {
    const withJobs = await createTestApp({ jobs: true });
    try {
      const { sql } = await import('kysely');
      const { rows } = await sql<{
        name: string;
        cron: string;
      }>`SELECT name, cron FROM pgboss.schedule ORDER BY name`.execute(withJobs.db);
      expect(rows).toEqual(
        expect.arrayContaining([
          { name: 'ledger-reconcile', cron: '30 3 * * *' },
          { name: 'ledger-rollup', cron: '7 * * * *' },
        ]),
      );
    } finally {
      await withJobs.close();
    }
  });
});
