import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, staffToken, type TestApp } from './helpers.ts';
import { fundedMember, openRound } from './lotto-fixtures.ts';
import { freePort } from './postgres.ts';
import { processTree, type RunningProduct, scratchDataDir, startProduct } from './product.ts';
import { frameOf, openSse } from './sse-fixtures.ts';

// Several processes (docs/operations.md, "Several processes"): web processes started as `npm start`
// starts them, on one database, sharing live events through LISTEN/NOTIFY; jobs in a worker only.

const data = scratchDataDir('processes');
let t: TestApp; // the database, seeded; its in-process app only logs staff in for the test
let one: RunningProduct; // `--role=web` with WEB_CONCURRENCY=2: two HTTP processes behind one port
let other: RunningProduct; // `--role=web`, a single process
const running: RunningProduct[] = [];
const METRICS_TOKEN = 'processes-metrics-token-0123';
let metricsPort: number;

/** Processes below `root` running the live-feed process's bundle (platform/feed-process.ts). */
function feedProcessesUnder(root: number): number {
  return processTree(root)
    .slice(1)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('feed.mjs');
      } catch {
        return false; // gone
      }
    }).length;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const env = { DATABASE_URL: t.url, SEED_DEMO: 'true', WEB_DIST: '/nonexistent' };
  metricsPort = await freePort();
  one = await startProduct(
    data.dir,
    {
      ...env,
      WEB_CONCURRENCY: '2',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN,
      METRICS_CACHE_SECONDS: '0',
    },
    { args: ['--role=web'] },
  );
  running.push(one);
  other = await startProduct(data.dir, env, { args: ['--role=web'] });
  running.push(other);
});
afterAll(async () => {
  for (const p of running) await p.stop();
  await t?.close();
  data.remove();
});

async function api<T = unknown>(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { error: number; code?: string; message: string; data: T };
}

/** An SSE client with a member token; resolves once the server has subscribed it. */
async function openStream(url: string, token: string) {
  const frames: { event: string; topic: string; data: Record<string, unknown> }[] = [];
  let connected: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const stream = await openSse(url, token, (block) => {
    if (block.includes(': connected')) connected();
    const frame = frameOf(block);
    if (frame) frames.push({ event: frame.event, topic: frame.data.topic, data: frame.data.data });
  });
  await subscribed;
  return { frames, close: stream.close };
}

describe('two web processes on one database', () => {
  it('run no jobs', async () => {
    const { rows } = await sql<{ ns: string | null }>`SELECT to_regnamespace('pgboss')::text AS ns`.execute(
      t.db,
    );
    expect(rows[0]!.ns).toBeNull();
    expect(one.output()).toContain('2 web processes');
  });

  it('each HTTP process runs its live-feed process (SSE_PROCESS, on by default)', async () => {
    // `one` is a first process and two HTTP processes; `other` a single HTTP process.
    await expect.poll(() => feedProcessesUnder(one.pid), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => feedProcessesUnder(other.pid), { timeout: 15_000 }).toBe(1);
  });

  it('every one of them runs with npm start’s flags: one V8 helper thread each (decision 0082)', async () => {
    await expect.poll(() => feedProcessesUnder(one.pid), { timeout: 15_000 }).toBe(2);
    const argvs = processTree(one.pid)
      .map((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        } catch {
          return null; // gone
        }
      })
      .filter((argv) => argv?.[0] === process.execPath);
    // The first process, its two HTTP processes and their two live-feed processes.
    expect(argvs).toHaveLength(5);
    for (const argv of argvs)
      expect(argv).toEqual(expect.arrayContaining(['--v8-pool-size=1', '--max-semi-space-size=32']));
  });

  it('a yeekee shot accepted by one reaches a member’s stream on the other', async () => {
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const shooter = await fundedMember(t, 100);
    const watcher = await fundedMember(t, 100);
    // The shooter and a second member watch the round on the other process.
    const own = await openStream(`${other.baseUrl}/api/stream?topics=yeekee:${roundId}`, shooter.token);
    const theirs = await openStream(`${other.baseUrl}/api/stream?topics=yeekee:${roundId}`, watcher.token);
    try {
      const shot = await api<{ seq: number; number: string }>(
        one.baseUrl,
        '/api/lotto/yeekee/shoot_number',
        { round_id: roundId, number: '12345' },
        shooter.token,
      );
      expect(shot.error, shot.message).toBe(0);
      expect(shot.data.seq).toBe(1);
      await expect
        .poll(() => own.frames.find((f) => f.event === 'yeekee_shot'), { timeout: 10_000 })
        .toMatchObject({
          topic: `member:${shooter.memberId}`,
          data: { round_id: roundId, seq: 1, number: '12345' },
        });
      for (const s of [own, theirs]) {
        await expect
          .poll(() => s.frames.find((f) => f.event === 'shot_count'), { timeout: 10_000 })
          .toMatchObject({ topic: `yeekee:${roundId}`, data: { round_id: roundId, count: 1 } });
      }
      // The shooter's own shot is private: the other member never hears of it.
      expect(theirs.frames.some((f) => f.event === 'yeekee_shot')).toBe(false);
    } finally {
      await own.close();
      await theirs.close();
    }
  });

  it('a lotto bill is refused by one once its round was closed through the other', async () => {
    const roundId = await openRound(t, 'lao');
    const m = await fundedMember(t, 1000);
    const bill = (key: string) =>
      api(
        one.baseUrl,
        '/api/lotto/bill/create',
        {
          agent_id: 34,
          round_id: roundId,
          wallet_id: 1,
          idempotency_key: key,
          items: [{ bet_type: 'two_top', number: '12', amount: 10 }],
        },
        m.token,
      );
    expect((await bill(crypto.randomUUID())).error).toBe(0);
    const closed = await api(
      other.baseUrl,
      `/api/admin/lotto/rounds/${roundId}/close`,
      { reason: 'ทดสอบปิดงวดจากอีกโปรเซส' },
      await staffToken(t, 'owner'),
    );
    expect(closed.error, closed.message).toBe(0);
    expect(await bill(crypto.randomUUID())).toMatchObject({ error: 2001, code: 'LOTTO_ROUND_CLOSED' });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lotto_bill WHERE round_id = ${roundId}`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('an announcement published through one is read from the other at once, not after its 60 s cache', async () => {
    const titles = async () => {
      const res = await fetch(`${other.baseUrl}/api/notifications?agent_code=chok`);
      return ((await res.json()) as { data: { title: string }[] }).data.map((n) => n.title);
    };
    // The other process has read the list: it keeps it for 60 s (docs/rules/engagement.md §13).
    const before = await titles();
    expect(await titles()).toEqual(before);
    const title = `ประกาศจากอีกโปรเซส ${crypto.randomUUID().slice(0, 8)}`;
    const created = await api(
      one.baseUrl,
      '/api/admin/content/notifications',
      { type: 2, title, description: 'ทดสอบ', image: null },
      await staffToken(t, 'content'),
    );
    expect(created.error, created.message).toBe(0);
    await expect.poll(titles, { timeout: 10_000 }).toContain(title);
  });

  it('a staff logout through one ends that session’s staff stream on the other at once', async () => {
    const token = await staffToken(t, 'finance');
    const controller = new AbortController();
    const res = await fetch(`${other.baseUrl}/api/admin/stream`, {
      signal: controller.signal,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const state = { counts: false, ended: false };
    const pump = (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            state.ended = true;
            return;
          }
          if (decoder.decode(value, { stream: true }).includes('event: work_counts')) state.counts = true;
        }
      } catch {
        // aborted
      }
    })();
    try {
      await expect.poll(() => state.counts, { timeout: 10_000 }).toBe(true);
      const out = await api(one.baseUrl, '/api/admin/logout', {}, token);
      expect(out.error, out.message).toBe(0);
      await expect.poll(() => state.ended, { timeout: 10_000 }).toBe(true);
    } finally {
      controller.abort();
      await pump;
    }
  });

  it('the metrics of both web processes add up, and figures read from the database are not doubled', async () => {
    const metricsOf = async (url: string) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const series = (text: string, name: string, labels = '') =>
      Number(new RegExp(`^${name}${labels ? `\\{[^}]*${labels}[^}]*\\}` : ''} (\\S+)$`, 'm').exec(text)?.[1]);
    const route = 'route="/api/health",status="200"';
    const before =
      series(await metricsOf(`http://127.0.0.1:${metricsPort}/metrics`), 'chok_http_requests_total', route) ||
      0;
    // A new connection each: the cluster hands connections to the two processes in turn.
    const n = 12;
    for (let i = 0; i < n; i++)
      await fetch(`${one.baseUrl}/api/health`, { headers: { connection: 'close' } });
    // From the first process's own port, and from /api/metrics of whichever web process answers.
    for (const text of [
      await metricsOf(`http://127.0.0.1:${metricsPort}/metrics`),
      await metricsOf(`${one.baseUrl}/api/metrics`),
    ]) {
      expect(series(text, 'chok_http_requests_total', route)).toBeGreaterThanOrEqual(before + n);
      // Both processes answered the gathering: two pools of DB_POOL_SIZE (8) each.
      expect(series(text, 'chok_db_pool_max')).toBe(16);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM deposit_request WHERE status = 'open'`.execute(t.db);
      expect(series(text, 'chok_deposits_waiting', 'status="open"')).toBe(rows[0]!.n);
      expect(series(text, 'chok_db_up')).toBe(1);
    }
    // Without the token, nothing.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
    expect((await fetch(`${one.baseUrl}/api/metrics`)).status).toBe(401);
  });

  it('a worker process runs the jobs; every process stops cleanly', async () => {
    const worker = await startProduct(
      data.dir,
      { DATABASE_URL: t.url, WEB_DIST: '/nonexistent' },
      { args: ['--role=worker'], ready: 'Chok jobs worker is running' },
    );
    running.push(worker);
    const { rows } = await sql<{ name: string }>`SELECT name FROM pgboss.schedule ORDER BY name`.execute(
      t.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const p of running.splice(0)) expect(await p.stop()).toBe(0);
    expect(one.output()).toContain('stopped');
  });
});
