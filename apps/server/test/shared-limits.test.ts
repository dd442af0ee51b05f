import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit, pruneRateLimits } from '../src/platform/rate-limit.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { type RunningProduct, scratchDataDir, startProduct } from './product.ts';

// The per-address limits are one budget for every process (platform/rate-limit.ts, docs/operations.md
// "Several processes"): two web processes behind one port (WEB_CONCURRENCY=2) count in PostgreSQL.

const LIMIT = 4;
const data = scratchDataDir('shared-limits');
let t: TestApp;
let web: RunningProduct;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  web = await startProduct(
    data.dir,
    {
      DATABASE_URL: t.url,
      SEED_DEMO: 'true',
      WEB_DIST: '/nonexistent',
      WEB_CONCURRENCY: '2',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE_LOGIN: String(LIMIT),
    },
    { args: ['--role=web'] },
  );
});
afterAll(async () => {
  await web?.stop();
  await t?.close();
  data.remove();
});

/** A wrong-password login from `address`, on a connection of its own (the cluster deals connections out in turn). */
function login(address: string): Promise<number> {
  const body = JSON.stringify({ phone: '0899999999', password: 'wrong-password' });
  const url = new URL('/api/login', web.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
          connection: 'close',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('per-address limits across processes', () => {
  it('one address gets one budget across both web processes: the (limit+1)-th login is a 429, one by one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push(await login('198.51.100.7'));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
  });

  it('and in a parallel burst exactly `limit` pass; another address has its own budget', async () => {
    const burst = await Promise.all(Array.from({ length: 16 }, () => login('198.51.100.8')));
    expect(burst.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(burst.filter((s) => s === 429)).toHaveLength(16 - LIMIT);
    expect(await login('198.51.100.9')).toBe(200);
    const { rows } = await sql<{ hits: number }>`
      SELECT hits FROM rate_limit_hit WHERE address = '198.51.100.8'`.execute(t.db);
    expect(rows).toEqual([{ hits: 16 }]);
  });

  it('a window that ended starts again at one; the prune job removes ended windows', async () => {
    const first = await hitRateLimit(t.db, 'test', '203.0.113.1', 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect((await hitRateLimit(t.db, 'test', '203.0.113.1', 60_000)).current).toBe(2);
    await sql`UPDATE rate_limit_hit SET expires_at = now() - interval '2 minutes' WHERE bucket = 'test'`.execute(
      t.db,
    );
    expect((await hitRateLimit(t.db, 'test', '203.0.113.1', 60_000)).current).toBe(1);
    await sql`UPDATE rate_limit_hit SET expires_at = now() - interval '2 minutes' WHERE bucket = 'test'`.execute(
      t.db,
    );
    expect(await pruneRateLimits(t.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await sql`SELECT 1 FROM rate_limit_hit WHERE bucket = 'test'`.execute(t.db);
    expect(rows).toHaveLength(0);
  });

  it('costs one statement per hit: a few hundred µs (printed)', async () => {
    const n = 500;
    for (let i = 0; i < 50; i++) await hitRateLimit(t.db, 'cost', `10.0.0.${i % 5}`, 60_000); // warm the pool
    const started = performance.now();
    for (let i = 0; i < n; i++) await hitRateLimit(t.db, 'cost', `10.0.${i % 200}.1`, 60_000);
    const perHit = ((performance.now() - started) / n) * 1000;
    console.log(`rate-limit hit: ${perHit.toFixed(0)} µs each (${n} sequential, embedded PostgreSQL)`);
    expect(perHit).toBeLessThan(5_000); // a loose bound for a busy machine; the figure is what is read
  });
});
