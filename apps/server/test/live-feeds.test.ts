import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.ts';
import { memberAuthenticator } from '../src/modules/auth/sessions.ts';
import { createSessionCache } from '../src/modules/auth/sessions-cache.ts';
import { createDb, type Db, inTransaction } from '../src/platform/db.ts';
import { type EventBus, startEventBus } from '../src/platform/events.ts';
import { hashToken, newToken } from '../src/platform/rng.ts';
import { call, createTestApp, FixedClock, registerMember, type TestApp } from './helpers.ts';
import { frameOf, openSse, type SseFrame } from './sse-fixtures.ts';

// The event bus's topic index, coalesced writes and back-pressure, and the member session cache with
// its revocations across processes (docs/decisions/0006-jobs-events-idempotency.md, 0011).

const clock = new FixedClock(new Date());
let a: TestApp;
let b: { app: FastifyInstance; db: Db }; // a second process on the same database
let base: string;
const BACKLOG_KB = 64;

beforeAll(async () => {
  a = await createTestApp({
    clock,
    env: { SSE_BACKLOG_KB: String(BACKLOG_KB), SESSION_CACHE_SECONDS: '60' },
  });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  const { db } = createDb(a.url, 4);
  const app = await buildApp({ config: a.config, db, databaseUrl: a.url, clock, logger: false });
  await app.ready();
  b = { app, db };
});
afterAll(async () => {
  await b?.app.close();
  await b?.db.destroy();
  await a?.close();
});

/** Frames of an SSE text, in order. */
function framesOf(text: string): SseFrame[] {
  return text.split('\n\n').flatMap((block) => frameOf(block) ?? []);
}

/** An SSE client reading as fast as it can (fetch), collecting frames. */
async function openStream(url: string) {
  const frames: SseFrame[] = [];
  const stream = await openSse(url, undefined, (block) => {
    const frame = frameOf(block);
    if (frame) frames.push(frame);
  });
  return { status: stream.status, frames, ended: stream.ended, close: stream.close };
}

describe('the event bus', () => {
  let bus: EventBus;
  beforeAll(async () => {
    bus = await startEventBus(a.url, () => {});
  });
  afterAll(async () => {
    await bus.stop();
  });

  it('looks at an event through its topic’s subscribers only', async () => {
    const touched = { a: 0, b: 0 };
    const got = { a: '', b: '' };
    const offA = bus.subscribe({
      topics: new Set(['feed:a']),
      write: (f) => {
        got.a += f;
      },
      backlog: () => {
        touched.a += 1;
        return 0;
      },
    });
    const offB = bus.subscribe({
      topics: new Set(['feed:b', 'feed:c']),
      write: (f) => {
        got.b += f;
      },
      backlog: () => {
        touched.b += 1;
        return 0;
      },
    });
    expect([bus.subscriberCount('feed:a'), bus.subscriberCount('feed:b'), bus.subscriberCount()]).toEqual([
      1, 1, 2,
    ]);
    await inTransaction(a.db, async (tx) => {
      for (let i = 0; i < 50; i++) await bus.publish(tx, 'feed:b', 'tick', { i });
    });
    await expect.poll(() => framesOf(got.b).length).toBe(50);
    // Fifty events on feed:b: the feed:a subscriber was never looked at, not even to ask its backlog.
    expect(touched.a).toBe(0);
    expect(got.a).toBe('');
    expect(touched.b).toBeGreaterThan(0);

    await bus.publish(a.db, 'feed:a', 'tick', { i: 'a' });
    await expect.poll(() => framesOf(got.a).map((f) => f.data.data.i)).toEqual(['a']);
    offA();
    offB();
    expect(bus.subscriberCount('feed:a')).toBe(0);
    expect(bus.subscriberCount()).toBe(0);
  });

  it('delivers many events of one tick complete and in order, in a few coalesced writes', async () => {
    const writes: string[] = [];
    const off = bus.subscribe({ topics: new Set(['burst:1']), write: (f) => writes.push(f) });
    const N = 1000;
    await inTransaction(a.db, async (tx) => {
      for (let i = 0; i < N; i++) await bus.publish(tx, 'burst:1', 'tick', { i, note: 'ยิงเลข' });
    });
    await expect.poll(() => framesOf(writes.join('')).length).toBe(N);
    const frames = framesOf(writes.join(''));
    expect(frames.map((f) => f.data.data.i)).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(frames.every((f) => f.event === 'tick' && f.data.topic === 'burst:1')).toBe(true);
    expect(frames[0]!.data.data.note).toBe('ยิงเลข');
    // One commit's thousand events: written in chunks (a tick, or 16 KiB waiting), never one by one.
    expect(writes.length).toBeLessThan(N / 10);
    off();
  });

  it('publishes a batch of thousands of events in a few statements, each to its own topic, in order', async () => {
    const events = Array.from({ length: 1_201 }, (_, i) => ({
      topic: `feed:m${i % 400}`,
      event: 'tick',
      data: { i },
    }));
    const got: Record<string, number[]> = { 'feed:m7': [], 'feed:m399': [] };
    const offs = Object.keys(got).map((topic) =>
      bus.subscribe({
        topics: new Set([topic]),
        write: (f) => {
          for (const frame of framesOf(f)) got[topic]!.push(frame.data.data.i as number);
        },
        backlog: () => 0,
      }),
    );
    const { db, counter } = createDb(a.url, 1);
    try {
      const before = counter.statements;
      await bus.publishMany(db, events);
      // 1,201 small events packed into a handful of notifications: one statement.
      expect(counter.statements - before).toBe(1);
    } finally {
      await db.destroy();
    }
    await expect.poll(() => [got['feed:m7']!.length, got['feed:m399']!.length]).toEqual([3, 3]);
    expect(got['feed:m7']).toEqual([7, 407, 807]);
    expect(got['feed:m399']).toEqual([399, 799, 1199]);
    for (const off of offs) off();

    // Events near the size limit go two or one to a notification, in order; the separator and
    // newlines inside an event's data arrive as they were sent.
    const heard: unknown[] = [];
    const unlisten = bus.listen('feed:big', (_event, data) => heard.push(data));
    const big = Array.from({ length: 5 }, (_, i) => ({
      topic: 'feed:big',
      event: 'tick',
      data: { i, text: `${'ก'.repeat(1_000)}\x1e\n${i}` },
    }));
    await bus.publishMany(a.db, big);
    await expect.poll(() => heard.length).toBe(5);
    expect(heard).toEqual(big.map((e) => e.data));
    unlisten();
    // A bad name anywhere refuses the whole batch before anything is sent.
    await expect(bus.publishMany(a.db, [{ topic: 'feed:x', event: 'a\nb', data: {} }])).rejects.toThrow();
  });

  it('writes a tick to hundreds of clients a slice at a time, with the event loop free between slices', async () => {
    const N = 450;
    // A counter moved once per turn of the event loop: the turn each client's write happened in.
    let turn = 0;
    let spinning = true;
    const spin = () => {
      turn += 1;
      if (spinning) setImmediate(spin);
    };
    const turns: number[] = [];
    const got = new Set<number>();
    const offs = Array.from({ length: N }, (_, i) =>
      bus.subscribe({
        topics: new Set(['wide:1']),
        write: (f) => {
          turns.push(turn);
          if (framesOf(f)[0]?.data.data.i === 1) got.add(i);
        },
      }),
    );
    setImmediate(spin);
    try {
      await bus.publish(a.db, 'wide:1', 'tick', { i: 1 });
      await expect.poll(() => got.size).toBe(N);
    } finally {
      spinning = false;
      for (const off of offs) off();
    }
    // 450 sockets are not written in one go (other requests wait behind such a run): in slices of
    // 200, so the writes fall in at least three turns of the loop.
    expect(new Set(turns).size).toBeGreaterThanOrEqual(3);
    expect(turns.length).toBe(N);
  });

  it('never lets a client see a process-internal topic', async () => {
    const res = await fetch(`${base}/api/stream?topics=auth.sessions`);
    expect(res.status).toBe(400);
  });
});

describe('a slow SSE client', () => {
  it('is disconnected once its socket is over the backlog limit, while a fast one on the same topic gets every event', async () => {
    const topic = 'flood:1';
    // The slow client: a raw socket that reads the answer's head and then stops reading.
    const port = (a.app.server.address() as AddressInfo).port;
    const slow = connect(port, '127.0.0.1');
    let slowText = '';
    let slowClosed = false;
    slow.on('close', () => {
      slowClosed = true;
    });
    slow.on('error', () => {});
    slow.setEncoding('utf8');
    const head = new Promise<void>((resolve) => {
      const onData = (chunk: string) => {
        slowText += chunk;
        if (slowText.includes(': connected')) {
          slow.pause();
          slow.off('data', onData);
          resolve();
        }
      };
      slow.on('data', onData);
    });
    slow.write(`GET /api/stream?topics=${topic} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await head;

    const fast = await openStream(`${base}/api/stream?topics=${topic}`);
    onTestFinished(async () => {
      slow.destroy();
      await fast.close();
    });
    expect(fast.status).toBe(200);
    await expect.poll(() => a.app.events.subscriberCount(topic)).toBe(2);

    // 10 events of ~6 KB per commit; the next commit waits until the fast client has all the
    // earlier ones (it reads as they come; the last few of a commit may wait for the next tick).
    const pad = 'ก'.repeat(2000);
    let sent = 0;
    const publishBatch = async () => {
      await inTransaction(a.db, async (tx) => {
        for (let k = 0; k < 10; k++) await a.app.events.publish(tx, topic, 'flood', { seq: sent++, pad });
      });
      const upTo = sent - 10;
      await expect.poll(() => fast.frames.length >= upTo, { timeout: 10_000, interval: 5 }).toBe(true);
    };
    while (a.app.events.subscriberCount(topic) === 2) {
      await publishBatch();
      if (sent > 20_000) throw new Error('the slow client was never disconnected');
    }
    // Dropped: more than the limit was waiting in its socket, far less than what was sent.
    expect(sent * 6000).toBeGreaterThan(BACKLOG_KB * 1024);
    await publishBatch();
    await publishBatch();
    await expect.poll(() => fast.frames.length, { timeout: 10_000 }).toBe(sent);

    // The fast client: every event, in order, none lost while the slow one was cut off.
    expect(fast.frames.map((f) => f.data.data.seq)).toEqual(Array.from({ length: sent }, (_, i) => i));
    expect(fast.ended()).toBe(false);

    // The slow client, reading again, finds its stream ended part-way (it would reconnect).
    slow.resume();
    slow.on('data', (chunk: string) => {
      slowText += chunk;
    });
    await expect.poll(() => slowClosed, { timeout: 10_000 }).toBe(true);
    // (A raw read of a chunked answer, cut part-way: count frame starts rather than parse.)
    const slowFrames = slowText.split('event: flood\n').length - 1;
    expect(slowFrames).toBeGreaterThan(0);
    expect(slowFrames).toBeLessThan(sent);
  });
});

describe('the member session cache', () => {
  const userInfo = (app: FastifyInstance, token: string) =>
    call(app, 'GET', '/api/get_user_info', { token }).then((r) => r.status);

  it('refuses a logged-out token at once on the process that logged it out', async () => {
    const m = await registerMember(a);
    expect(await userInfo(a.app, m.token)).toBe(200);
    expect(await userInfo(a.app, m.token)).toBe(200); // now answered from the cache
    expect((await call(a.app, 'POST', '/api/logout', { token: m.token })).body.error).toBe(0);
    expect(await userInfo(a.app, m.token)).toBe(401);
  });

  it('refuses it on another process as soon as the revocation’s notification arrives (TTL 60 s)', async () => {
    const m = await registerMember(a);
    expect(await userInfo(b.app, m.token)).toBe(200); // cached on b
    expect((await call(a.app, 'POST', '/api/logout', { token: m.token })).body.error).toBe(0);
    await expect.poll(() => userInfo(b.app, m.token), { timeout: 10_000 }).toBe(401);
  });

  it('a password change ends the other sessions on every process and keeps the current one', async () => {
    const m = await registerMember(a);
    const other = await call<{ access_token: string }>(a.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: m.password },
    });
    const otherToken = other.body.data.access_token;
    for (const app of [a.app, b.app]) {
      expect(await userInfo(app, m.token)).toBe(200);
      expect(await userInfo(app, otherToken)).toBe(200);
    }
    const changed = await call(a.app, 'POST', '/api/member/change_password', {
      token: m.token,
      body: { old_password: m.password, new_password: 'Changed-Pass-42' },
    });
    expect(changed.body.error).toBe(0);
    expect(await userInfo(a.app, otherToken)).toBe(401);
    await expect.poll(() => userInfo(b.app, otherToken), { timeout: 10_000 }).toBe(401);
    expect(await userInfo(a.app, m.token)).toBe(200);
    expect(await userInfo(b.app, m.token)).toBe(200);
  });

  it('trusts a session ended behind its back (no revocation published) for at most the TTL, by the app’s clock', async () => {
    const m = await registerMember(a);
    expect(await userInfo(a.app, m.token)).toBe(200);
    await sql`UPDATE member_session SET revoked_at = now() WHERE member_id = ${m.memberId}`.execute(a.db);
    expect(await userInfo(a.app, m.token)).toBe(200); // cached: documented in docs/operations.md
    clock.advance(61_000);
    expect(await userInfo(a.app, m.token)).toBe(401);
  });

  it('checks a cached session again in the background once due: noticed before the TTL, and no request waits for it', async () => {
    const m = await registerMember(a);
    expect(await userInfo(a.app, m.token)).toBe(200);
    await sql`UPDATE member_session SET revoked_at = now() WHERE member_id = ${m.memberId}`.execute(a.db);
    // Past every key's refresh point (at most 95 % of the 60 s TTL), still inside the TTL: the
    // request is answered from the cache and starts the check, which forgets the token.
    clock.advance(57_500);
    expect(await userInfo(a.app, m.token)).toBe(200);
    await expect.poll(() => userInfo(a.app, m.token), { timeout: 10_000 }).toBe(401);

    // Each entry is handed out for a check once; a new answer starts the count again.
    const cache = createSessionCache({ clock, events: a.app.events, ttlSeconds: 60, idleMinutes: 60 });
    const times = { expiresAt: new Date(clock.now().getTime() + 3_600_000), lastUsedAt: clock.now() };
    const principal = { memberId: 876_543, sessionId: 9 };
    cache.put('kr', cache.generation(), principal, times);
    expect(cache.claimRefresh('kr')).toBe(false);
    clock.advance(41_000); // before any key's point (70 % of the TTL)
    expect(cache.claimRefresh('kr')).toBe(false);
    clock.advance(16_500);
    expect(cache.claimRefresh('kr')).toBe(true);
    expect(cache.claimRefresh('kr')).toBe(false);
    expect(cache.get('kr')).toEqual(principal); // still answering while checked
    cache.put('kr', cache.generation(), principal, { ...times, lastUsedAt: clock.now() });
    expect(cache.claimRefresh('kr')).toBe(false);
    cache.drop('kr');
    expect(cache.get('kr')).toBeNull();
  });

  it('caches nothing a revocation may have missed: a check that read before it, or ran before its commit', async () => {
    const cache = createSessionCache({ clock, events: a.app.events, ttlSeconds: 60, idleMinutes: 60 });
    const principal = { memberId: 987_654, sessionId: 1 };
    const times = { expiresAt: new Date(clock.now().getTime() + 3_600_000), lastUsedAt: clock.now() };
    // A check that started before the revocation: its answer is not kept.
    const before = cache.generation();
    await inTransaction(a.db, async (tx) => {
      await cache.revoked(tx, { memberId: principal.memberId, sessionId: 1, exceptSessionId: null });
      cache.put('k1', before, principal, times);
      expect(cache.get('k1')).toBeNull();
      // One that started after it but before the commit (it read the session as still live).
      cache.put('k2', cache.generation(), principal, times);
      expect(cache.get('k2')).toBeNull();
      // Another session of the member is not concerned.
      cache.put('k3', cache.generation(), { ...principal, sessionId: 2 }, times);
      expect(cache.get('k3')).toEqual({ ...principal, sessionId: 2 });
    });
    // Once the commit's own notification is back, the session may be cached again (as a new login would be).
    await expect
      .poll(() => {
        cache.put('k4', cache.generation(), principal, times);
        return cache.get('k4');
      })
      .toEqual(principal);
  });

  it('reads the tokens of many first requests together: a few statements, each token its own answer', async () => {
    const m = await registerMember(a);
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    // 30 live sessions (10 of them last used 5 minutes ago), 5 revoked, 5 idle past the window,
    // 5 expired, and 5 tokens never issued.
    const kinds = [
      ...Array.from({ length: 20 }, () => ({
        live: true,
        used: at(-1_000),
        revoked: null,
        expires: at(3_600_000),
      })),
      ...Array.from({ length: 10 }, () => ({
        live: true,
        used: at(-300_000),
        revoked: null,
        expires: at(3_600_000),
      })),
      ...Array.from({ length: 5 }, () => ({
        live: false,
        used: at(-1_000),
        revoked: at(-500),
        expires: at(3_600_000),
      })),
      ...Array.from({ length: 5 }, () => ({
        live: false,
        used: at(-7_200_000),
        revoked: null,
        expires: at(3_600_000),
      })),
      ...Array.from({ length: 5 }, () => ({ live: false, used: at(-1_000), revoked: null, expires: at(-1) })),
    ];
    const tokens = kinds.map(() => newToken());
    const ids = new Map<string, number>();
    for (const [i, k] of kinds.entries()) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO member_session (member_id, token_hash, last_used_at, expires_at, revoked_at, created_at)
        VALUES (${m.memberId}, ${hashToken(tokens[i]!)}, ${k.used}, ${k.expires}, ${k.revoked}, ${at(-10_000_000)})
        RETURNING id`.execute(a.db);
      ids.set(tokens[i]!, Number(rows[0]!.id));
    }
    const unknown = Array.from({ length: 5 }, () => newToken());
    const cache = createSessionCache({ clock, events: a.app.events, ttlSeconds: 60, idleMinutes: 60 });
    const { db, counter } = createDb(a.url, 4);
    try {
      const authenticate = memberAuthenticator(db, clock, { idleMinutes: 60, absoluteHours: 24 }, cache);
      const asked = [...tokens, ...unknown, tokens[0]!, tokens[35]!]; // two asked twice at once
      const before = counter.statements;
      const answers = await Promise.all(asked.map((t) => authenticate(t)));
      // The first token goes alone; the 46 asked meanwhile share the next read; each read with at
      // most one statement counting the uses.
      expect(counter.statements - before).toBeLessThanOrEqual(4);
      expect(answers).toEqual(
        asked.map((t) => {
          const k = kinds[tokens.indexOf(t)];
          return k?.live ? { memberId: m.memberId, sessionId: ids.get(t) } : null;
        }),
      );
      // The uses are counted once a minute: the ten last used 5 minutes ago now show this request.
      const { rows } = await sql<{ id: string; last_used_at: Date }>`
        SELECT id, last_used_at FROM member_session WHERE member_id = ${m.memberId} AND id = ANY(${[...ids.values()]}::bigint[])
        ORDER BY id`.execute(a.db);
      const used = new Map(rows.map((r) => [Number(r.id), r.last_used_at.getTime()]));
      for (const [i, k] of kinds.entries())
        expect(used.get(ids.get(tokens[i]!)!)).toBe(k.live && i >= 20 ? now : k.used.getTime());
      // Answered from the cache now, without a statement.
      const again = counter.statements;
      expect(await authenticate(tokens[5]!)).toEqual({
        memberId: m.memberId,
        sessionId: ids.get(tokens[5]!),
      });
      expect(await authenticate(tokens[25]!)).toEqual({
        memberId: m.memberId,
        sessionId: ids.get(tokens[25]!),
      });
      expect(counter.statements).toBe(again);
    } finally {
      await db.destroy();
    }
  });
});

describe('live-feed slots', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { SSE_PER_ADDRESS: '2', SSE_ANONYMOUS_MAX: '3', SSE_PER_MEMBER: '2', TRUST_PROXY: 'true' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream?topics=lobby`;
  });
  afterAll(() => t?.close());

  const open = async (headers: Record<string, string>) => {
    const controller = new AbortController();
    const res = await fetch(url, { headers, signal: controller.signal });
    onTestFinished(() => controller.abort());
    return { status: res.status, close: () => controller.abort() };
  };
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('one address takes no more than its cap; the anonymous share cannot take the slots a member’s feed opens on', async () => {
    // One address: two, then refused — the third, and the fourth sent at the same moment.
    expect((await open(from('198.51.100.1'))).status).toBe(200);
    const [second, third, fourth] = await Promise.all([
      open(from('198.51.100.1')),
      open(from('198.51.100.1')),
      open(from('198.51.100.1')),
    ]);
    expect([second, third, fourth].map((s) => s.status).sort()).toEqual([200, 429, 429]);

    // The anonymous share (3) is full after one more address; a fourth address is refused...
    const other = await open(from('198.51.100.2'));
    expect(other.status).toBe(200);
    expect((await open(from('198.51.100.3'))).status).toBe(503);

    // ...but members' feeds open, from any address, up to each member's own cap.
    const m = await registerMember(t);
    const member = { ...from('198.51.100.1'), authorization: `Bearer ${m.token}` };
    expect((await open(member)).status).toBe(200);
    expect((await open(member)).status).toBe(200);
    expect((await open(member)).status).toBe(429);

    // A closed feed gives its slot back.
    other.close();
    await expect.poll(async () => (await open(from('198.51.100.3'))).status).toBe(200);
  });
});
