import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorCallError, createConnectors } from '../src/modules/connectors/connectors.ts';
import { parseSecretKey, seal, unseal } from '../src/modules/connectors/seal.ts';
import { systemClock } from '../src/platform/clock.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The connectors' common ground (docs/rules/connectors.md): sealed credentials and their rotation, calls
// out timed out and recorded, webhook replays recognised.

const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString('base64');

let t: TestApp;
let server: Server;
let base: string;
let release: () => void = () => {};
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  server = createServer((req, res) => {
    if (req.url === '/slow') {
      // Answers only when the test lets it: the caller's timeout decides, not a race with a timer here.
      release = () => res.end('late');
      return;
    }
    res.statusCode = req.url === '/fail' ? 503 : 200;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  release();
  await new Promise((r) => server.close(r));
  await t.close();
});

const make = (env: Record<string, string> = {}, key = KEY_A, previous?: string) =>
  createConnectors({
    db: t.db,
    clock: systemClock,
    env,
    key: parseSecretKey(key),
    previousKey: parseSecretKey(previous),
  });

describe('sealed credentials', () => {
  it('open only with their key and on their own row', () => {
    const k = parseSecretKey(KEY_A);
    if (!k) throw new Error('no key');
    const sealed = seal(k, 'thaibulksms', 'api_secret', 'ลับมาก-123');
    expect(sealed.includes(Buffer.from('ลับมาก-123'))).toBe(false);
    expect(unseal(k, 'thaibulksms', 'api_secret', sealed)).toBe('ลับมาก-123');
    expect(unseal(k, 'twilio', 'api_secret', sealed)).toBeNull();
    const other = parseSecretKey(KEY_B);
    if (!other) throw new Error('no key');
    expect(unseal(other, 'thaibulksms', 'api_secret', sealed)).toBeNull();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(unseal(k, 'thaibulksms', 'api_secret', tampered)).toBeNull();
    expect(() => parseSecretKey('short')).toThrow();
  });

  it('come from the environment first, then from the console, and survive a key rotation', async () => {
    const c = make();
    await c.storeSecret(t.db, 'demo1', 'api_secret', 's3cret', null);
    const raw = await t.db
      .selectFrom('connector_secret')
      .selectAll()
      .where('connector', '=', 'demo1')
      .executeTakeFirstOrThrow();
    expect(raw.sealed.includes(Buffer.from('s3cret'))).toBe(false);
    expect(await c.secret('demo1', 'api_secret')).toBe('s3cret');
    // Read values are kept a while; storing or removing one in this process is seen at once.
    expect(await c.secret('demo1', 'other')).toBeNull();
    await c.storeSecret(t.db, 'demo1', 'other', 'v2', null);
    expect(await c.secret('demo1', 'other')).toBe('v2');
    await c.removeSecret(t.db, 'demo1', 'other');
    expect(await c.secret('demo1', 'other')).toBeNull();
    expect(await make({ DEMO1_API_SECRET: 'from-env' }).secret('demo1', 'api_secret')).toBe('from-env');
    // Rotation: the new key reads nothing until the start that knows both re-seals.
    expect(await make({}, KEY_B).secret('demo1', 'api_secret')).toBeNull();
    const rotated = make({}, KEY_B, KEY_A);
    expect(await rotated.rotate()).toBeGreaterThanOrEqual(1);
    expect(await make({}, KEY_B).secret('demo1', 'api_secret')).toBe('s3cret');
    expect(await make({}, KEY_A).secret('demo1', 'api_secret')).toBeNull();
  });

  it('are refused in Thai without a key', async () => {
    const c = createConnectors({ db: t.db, clock: systemClock, env: {}, key: null, previousKey: null });
    await expect(c.storeSecret(t.db, 'demo2', 'x', 'y', null)).rejects.toMatchObject({
      code: 'CONNECTOR_KEY_MISSING',
    });
  });
});

describe('calls out', () => {
  const calls = (connector: string) =>
    t.db.selectFrom('connector_call').selectAll().where('connector', '=', connector).orderBy('id').execute();

  it('are recorded with outcome, status and latency, and a timeout throws', async () => {
    const c = make();
    expect((await c.fetch('probe', 'ping', `${base}/ok`, { requestId: 'r-1' })).status).toBe(200);
    expect((await c.fetch('probe', 'ping', `${base}/fail`)).status).toBe(503);
    await expect(c.fetch('probe', 'ping', `${base}/slow`, { timeoutMs: 200 })).rejects.toBeInstanceOf(
      ConnectorCallError,
    );
    await expect(c.fetch('probe', 'ping', 'http://127.0.0.1:1/x?key=SECRET')).rejects.toMatchObject({
      kind: 'network',
    });
    const rows = await calls('probe');
    expect(rows.map((r) => [r.outcome, r.http_status])).toEqual([
      ['ok', 200],
      ['error', 503],
      ['timeout', null],
      ['error', null],
    ]);
    expect(rows[0]?.request_id).toBe('r-1');
    expect(rows.every((r) => !(r.error ?? '').includes('SECRET'))).toBe(true);
    c.register({
      code: 'probe',
      label: 'ทดสอบ',
      kind: 'sms',
      secrets: ['api_key'],
      configured: async () => true,
    });
    const [state] = await c.list();
    expect(state).toMatchObject({ code: 'probe', calls_24h: 4, errors_24h: 3, error_rate_24h: 0.75 });
    expect(state?.secrets).toEqual([{ name: 'api_key', source: 'unset', updated_at: null }]);
    expect(state?.last_ok_at).not.toBeNull();
  });
});

describe('webhook replays', () => {
  it('are recognised once under parallel deliveries', async () => {
    const c = make();
    const firsts = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.db.transaction().execute((tx) => c.firstDelivery(tx, 'hook', 'evt-1')),
      ),
    );
    expect(firsts.filter(Boolean)).toHaveLength(1);
  });
});
