import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disabledJobs } from '../src/platform/jobs.ts';
import { SERVER_ROOT } from '../src/platform/paths.ts';
import { createReadiness } from '../src/platform/readiness.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { buy, fundedMember, openRound } from './lotto-fixtures.ts';
import { generateQr, newMember, withdraw } from './payments-fixtures.ts';

const TOKEN = 'metrics-test-token-0123456789';
const REPO = path.resolve(SERVER_ROOT, '../..');

/** A scrape of /api/metrics with the token. */
async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series (`name{a="b"}`, labels in any order), or undefined when it is absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/**
 * Every series name the text declares: a labelled metric not observed yet has its `# TYPE` line and
 * no sample, and a histogram's samples are `_bucket`, `_sum` and `_count`.
 */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^# TYPE (\S+) (\w+)$/.exec(line);
    if (!m?.[1]) continue;
    names.add(m[1]);
    if (m[2] === 'histogram') for (const end of ['_bucket', '_sum', '_count']) names.add(m[1] + end);
  }
  return names;
}

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([
    // With the job runner, so its queues (pg-boss's tables) are there to read.
    createTestApp({
      jobs: true,
      env: { METRICS_TOKEN: TOKEN, METRICS_CACHE_SECONDS: '0', METRICS_LEDGER_CHECK_SECONDS: '0' },
    }),
    createTestApp({ seed: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

describe('the metrics endpoint', () => {
  it('does not exist without METRICS_TOKEN, and refuses a request without the token or with another', async () => {
    const none = await plain.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(none.statusCode).toBe(404);
    const bearer = await plain.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bearer.statusCode).toBe(404);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('chok_');
    }
  });

  it('counts answers by route pattern, never by raw URL, and exposes the process series', async () => {
    await call(t.app, 'GET', '/api/health');
    await call(t.app, 'GET', '/api/ready');
    await call(t.app, 'POST', '/api/payment/webhook/no-such-gateway-4711', { body: {} });
    await call(t.app, 'GET', '/api/no-such-path-4711');
    const text = await scrape(t);
    expect(
      value(text, 'chok_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBe(1);
    expect(
      value(text, 'chok_http_requests_total', { method: 'POST', route: '/api/payment/webhook/:gateway' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(text, 'chok_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('4711');
    expect(
      value(text, 'chok_http_request_duration_seconds_count', { method: 'GET', route: '/api/health' }),
    ).toBe(1);
    // The process: event loop, heap, pool, live feeds.
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(value(text, 'chok_db_pool_max')).toBe(t.config.DB_POOL_SIZE);
    expect(value(text, 'chok_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(value(text, 'chok_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(value(text, 'chok_db_up')).toBe(1);
    expect(value(text, 'chok_ready', { check: 'migrations' })).toBe(1);
    expect(value(text, 'chok_ready', { check: 'jobs' })).toBe(1);
    // The jobs' queues, from pg-boss's tables: the modules' scheduled queues are there.
    expect(value(text, 'chok_job_queue_waiting', { queue: 'ledger-reconcile' })).toBeGreaterThanOrEqual(0);
    expect(value(text, 'chok_metrics_read_errors_total')).toBeUndefined();
  });

  it('counts the live feeds the process holds open', async () => {
    const feed = (await t.app.inject({
      method: 'GET',
      url: '/api/stream?topics=lotto',
      payloadAsStream: true,
    })) as unknown as { statusCode: number; stream(): { destroy(): void } };
    expect(feed.statusCode).toBe(200);
    try {
      expect(value(await scrape(t), 'chok_sse_clients')).toBe(1);
    } finally {
      feed.stream().destroy();
    }
  });

  it('sizes the bill groups: every bill sent is counted once, in groups of at most LOTTO_BILL_GROUP_MAX', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => fundedMember(t, 100)));
    const roundId = await openRound(t, 'lao');
    // The round's first bill reads its rules (a group sent with the rules this process guessed comes
    // back stale and goes again, counted again): the counting starts after it.
    expect(
      (await buy(t, members[0]!.token, roundId, [{ bet_type: 'two_top', number: '11', amount: 10 }])).body
        .error,
    ).toBe(0);
    const before = await scrape(t);
    const count0 = value(before, 'chok_lotto_bill_group_size_count') ?? 0;
    const sum0 = value(before, 'chok_lotto_bill_group_size_sum') ?? 0;
    const answers = await Promise.all(
      members.map((m) => buy(t, m.token, roundId, [{ bet_type: 'two_top', number: '12', amount: 10 }])),
    );
    for (const a of answers) expect(a.body.error, a.body.message).toBe(0);
    // A refused bill (over the balance) went in a group too.
    const refused = await buy(t, members[1]!.token, roundId, [
      { bet_type: 'two_top', number: '13', amount: 500 },
    ]);
    expect(refused.body.error).not.toBe(0);
    const after = await scrape(t);
    const groups = (value(after, 'chok_lotto_bill_group_size_count') ?? 0) - count0;
    expect((value(after, 'chok_lotto_bill_group_size_sum') ?? 0) - sum0).toBe(7);
    expect(groups).toBeGreaterThanOrEqual(2);
    expect(groups).toBeLessThanOrEqual(7);
    // Every group within the largest bucket (128): none over LOTTO_BILL_GROUP_MAX (100).
    expect(value(after, 'chok_lotto_bill_group_size_bucket', { le: '128' })).toBe(
      value(after, 'chok_lotto_bill_group_size_count'),
    );
  });

  it('reads the business queues from the database: a deposit and a withdrawal waiting show at once', async () => {
    const before = await scrape(t);
    const m = await newMember(t);
    const qr = await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 500 });
    expect(qr.body.error, qr.body.message).toBe(0);
    await t.db
      .updateTable('deposit_request')
      .set({ created_at: sql`now() - interval '10 minutes'` })
      .where('member_id', '=', m.memberId)
      .execute();
    const after = await scrape(t);
    expect(value(after, 'chok_deposits_waiting', { status: 'open' })).toBe(
      (value(before, 'chok_deposits_waiting', { status: 'open' }) ?? 0) + 1,
    );
    expect(value(after, 'chok_deposits_waiting_oldest_seconds', { status: 'open' })).toBeGreaterThanOrEqual(
      590,
    );
    expect(value(after, 'chok_deposits_waiting', { status: 'review' })).toBe(0);

    const rich = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: '0811111111', password: 'demo1234' },
    });
    const w = await withdraw(t, rich.body.data.access_token, 100);
    expect(w.body.error, w.body.message).toBe(0);
    const later = await scrape(t);
    expect(
      (value(later, 'chok_withdrawals_waiting', { status: 'pending' }) ?? 0) +
        (value(later, 'chok_withdrawals_waiting', { status: 'review' }) ?? 0),
    ).toBe(1);
    expect(value(later, 'chok_statement_lines_unmatched')).toBe(0);
  });

  it('shows ledger drift when a member balance is changed behind the ledger, and 0 again when put back', async () => {
    expect(value(await scrape(t), 'chok_ledger_drift_accounts')).toBe(0);
    const account = await t.db
      .selectFrom('ledger_account')
      .select(['id', 'balance'])
      .where('kind', '=', 'member_wallet')
      .where('balance', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`UPDATE ledger_account SET balance = balance + 123 WHERE id = ${account.id}`.execute(t.db);
    try {
      const text = await scrape(t);
      expect(value(text, 'chok_ledger_drift_accounts')).toBe(1);
      expect(value(text, 'chok_ledger_drift_satang')).toBe(123);
    } finally {
      await sql`UPDATE ledger_account SET balance = balance - 123 WHERE id = ${account.id}`.execute(t.db);
    }
    expect(value(await scrape(t), 'chok_ledger_drift_accounts')).toBe(0);
  });

  it('counts connector calls of the last five minutes by connector and outcome', async () => {
    await sql`INSERT INTO connector_call (connector, operation, request_id, outcome, http_status, latency_ms, at)
              VALUES ('metrics-test', 'send', 'r1', 'error', 500, 40, now()),
                     ('metrics-test', 'send', 'r2', 'timeout', NULL, 5000, now()),
                     ('metrics-test', 'send', 'r3', 'ok', 200, 20, now()),
                     ('metrics-test', 'send', 'r4', 'error', 500, 40, now() - interval '1 hour')`.execute(
      t.db,
    );
    const text = await scrape(t);
    expect(value(text, 'chok_connector_calls_5m', { connector: 'metrics-test', outcome: 'error' })).toBe(1);
    expect(value(text, 'chok_connector_calls_5m', { connector: 'metrics-test', outcome: 'timeout' })).toBe(1);
    expect(value(text, 'chok_connector_calls_5m', { connector: 'metrics-test', outcome: 'ok' })).toBe(1);
    expect(
      value(text, 'chok_connector_latency_5m_seconds', { connector: 'metrics-test', outcome: 'timeout' }),
    ).toBe(5);
  });

  it('counts and times the jobs this process runs, by queue', async () => {
    let runs = 0;
    await t.jobs!.work('metrics.probe', async () => {
      runs += 1;
    });
    await t.jobs!.send('metrics.probe', {});
    await expect.poll(() => runs, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(
        async () => value(await scrape(t), 'chok_job_runs_total', { queue: 'metrics.probe', outcome: 'ok' }),
        {
          timeout: 5000,
        },
      )
      .toBe(1);
    const text = await scrape(t);
    expect(value(text, 'chok_job_run_seconds_count', { queue: 'metrics.probe' })).toBe(1);
    expect(value(text, 'chok_job_queue_waiting', { queue: 'metrics.probe' })).toBe(0);
  });

  it('exports every metric the alerting rules and the Grafana dashboard use', async () => {
    const names = exposedNames(await scrape(t));
    const used = new Set<string>();
    const collect = (expr: string) => {
      for (const m of expr.matchAll(/\b((?:chok|nodejs|process)_[a-z0-9_]+)\b/g)) used.add(m[1]!);
    };
    collect(readFileSync(path.join(REPO, 'ops/prometheus/alerts.yml'), 'utf8'));
    const dashboard = JSON.parse(readFileSync(path.join(REPO, 'ops/grafana/chok.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    for (const p of dashboard.panels) for (const target of p.targets ?? []) collect(target.expr);
    expect(used.size).toBeGreaterThan(15);
    expect([...used].filter((n) => !names.has(n))).toEqual([]);
  });
});

describe('readiness', () => {
  it('answers 200 with its checks on a migrated database', async () => {
    const res = await call(t.app, 'GET', '/api/ready');
    expect(res).toEqual({
      status: 200,
      body: {
        error: 0,
        message: '',
        data: { status: 'ready', checks: { database: true, migrations: true, jobs: true } },
      },
    });
  });

  it('is not ready while a migration file of this release is not applied, or the job runner is stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chok-migrations-'));
    try {
      const files = readdirSync(path.join(SERVER_ROOT, 'migrations')).filter((f) => f.endsWith('.sql'));
      for (const f of files) writeFileSync(path.join(dir, f), '');
      expect(await createReadiness(t.db, disabledJobs, { migrationsDir: dir })()).toEqual({
        database: true,
        migrations: true,
        jobs: true,
      });
      writeFileSync(path.join(dir, '999_from_the_future.sql'), '');
      expect(await createReadiness(t.db, disabledJobs, { migrationsDir: dir })()).toMatchObject({
        migrations: false,
      });
      const stopped = { ...disabledJobs, enabled: true, running: () => false };
      expect(await createReadiness(t.db, stopped, { migrationsDir: dir })()).toMatchObject({ jobs: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
