import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDurability, type Durability } from '../src/platform/durable.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let durable: Durability;
const barriers: number[] = [];
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  durable = createDurability(
    t.url,
    (msg) => logged.push(msg),
    (_seconds, waits) => barriers.push(waits),
  );
});
afterAll(async () => {
  await durable?.stop();
  await t?.close();
});

/** The frames of the app's event bus on `topic` (this process's LISTEN connection). */
function collect(topic: string) {
  const frames: string[] = [];
  const off = t.app.events.subscribe({ topics: new Set([topic]), write: (f) => frames.push(f) });
  const events = () =>
    frames
      .join('')
      .split('\n\n')
      .filter(Boolean)
      .map((f) => (JSON.parse(/^data: (.*)$/m.exec(f)![1]!) as { data: { i: number } }).data.i);
  return { events, off };
}

describe('acknowledging after durability (platform/durable.ts, decision 0087)', () => {
  it('holds no connection until the first ticket', async () => {
    // Neither the app's (nobody has shot) nor this one's.
    expect(await barrierConnections()).toBe(0);
    await durable.ticket();
    expect(await barrierConnections()).toBe(1);
  });

  it('answers every wait, one barrier for all who asked while the previous one ran, and sends their notifications with it, in order', async () => {
    const topic = 'durable:order';
    const seen = collect(topic);
    barriers.length = 0;
    const n = 200;
    const answered: number[] = [];
    const ticket = await durable.ticket();
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        durable
          .after(ticket, t.app.events.notifications([{ topic, event: 'step', data: { i } }]))
          .then(() => answered.push(i)),
      ),
    );
    expect(answered).toHaveLength(n);
    // The first wait starts a barrier; the other 199 arrive while it runs and share the next one.
    expect(barriers.reduce((a, b) => a + b, 0)).toBe(n);
    expect(barriers.length).toBeLessThanOrEqual(2);
    await expect.poll(() => seen.events().length, { timeout: 10_000 }).toBe(n);
    expect(seen.events()).toEqual(Array.from({ length: n }, (_, i) => i));
    seen.off();
  });

  it('a barrier that fails answers all its waits with the error and sends none of their notifications', async () => {
    const topic = 'durable:failed';
    const seen = collect(topic);
    const note = (i: number) => t.app.events.notifications([{ topic, event: 'step', data: { i } }]);
    // The first wait starts a barrier at once; the next two share the one after it, which fails:
    // a payload over PostgreSQL's NOTIFY limit.
    const ticket = await durable.ticket();
    const first = durable.after(ticket, note(1));
    const bad = durable.after(ticket, { channel: note(0).channel, payloads: ['x'.repeat(9000)] });
    const third = durable.after(ticket, note(3));
    await expect(first).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow(/payload string too long/);
    await expect(third).rejects.toThrow(/payload string too long/);
    await expect(durable.after(ticket, note(4))).resolves.toBeUndefined();
    await expect.poll(() => seen.events(), { timeout: 10_000 }).toEqual([1, 4]);
    seen.off();
  });

  it('does not vouch for work sent before its connection was lost; a new ticket opens another', async () => {
    const before = await durable.ticket();
    await withAdmin((admin) =>
      admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'chok-durable' AND datname = current_database()`,
      ),
    );
    await expect
      .poll(() => logged.some((m) => m.includes('durability connection lost')), { timeout: 20_000 })
      .toBe(true);
    const refused = (p: Promise<void>) =>
      p.then(
        () => null,
        (err: unknown) => (err instanceof AppError ? err.code : err),
      );
    expect(await refused(durable.after(before))).toBe('DATABASE_UNAVAILABLE');
    const after = await durable.ticket();
    expect(after.connection).toBeGreaterThan(before.connection);
    await expect(durable.after(after)).resolves.toBeUndefined();
    // Still refused with a connection open again: it is not the one the work was sent under.
    expect(await refused(durable.after(before))).toBe('DATABASE_UNAVAILABLE');
  });
});

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** This database's barrier connections (the app's and the test's own). */
const barrierConnections = () =>
  withAdmin(async (admin) => {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'chok-durable' AND datname = current_database()`,
    );
    return rows[0]!.n;
  });
