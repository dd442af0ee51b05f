import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { call, createTestApp, FixedClock, registerMember, type TestApp } from './helpers.ts';
import { openRound } from './lotto-fixtures.ts';
import { frameOf, openSse, type SseFrame } from './sse-fixtures.ts';

// The live-feed process (SSE_PROCESS, platform/feed-process.ts): members' streams are checked by the
// HTTP process, then held and written by a child process; what a member receives is the same.

const clock = new FixedClock(new Date());
let t: TestApp;
let base: string;
const PER_MEMBER = 2;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { SSE_PROCESS: 'true', SSE_PER_MEMBER: String(PER_MEMBER) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Started once the app listens; until it is ready, streams stay in the HTTP process.
  await vi.waitFor(() => expect(t.app.feed?.ready()).toBe(true), { timeout: 15_000, interval: 50 });
});
afterAll(async () => {
  await t?.close();
});

/** A member's stream: frames as they arrive, and whether the connection said it is connected. */
async function openStream(token: string | undefined, topics: string) {
  const frames: SseFrame[] = [];
  let connected = false;
  const stream = await openSse(`${base}/api/stream?topics=${topics}`, token, (block) => {
    if (block.includes(': connected')) connected = true;
    const frame = frameOf(block);
    if (frame) frames.push(frame);
  });
  // The first frame comes from whichever process holds the stream, once it is subscribed.
  if (stream.status === 200) await expect.poll(() => connected).toBe(true);
  return { ...stream, frames };
}

const feed = () => {
  const f = t.app.feed;
  if (!f) throw new Error('no live-feed process');
  return f;
};

describe('the live-feed process', () => {
  it('holds a member’s stream: the HTTP process keeps none, and every event reaches it complete and in order', async () => {
    const m = await registerMember(t);
    const stream = await openStream(m.token, 'round:feedtest');
    expect(stream.status).toBe(200);
    expect(feed().count()).toBe(1);
    // Not subscribed on the HTTP process's own bus: that process writes none of its frames.
    expect(t.app.events.subscriberCount()).toBe(0);
    expect(feed().pid()).not.toBe(process.pid);

    // Published right after "connected": nothing is lost between the two processes.
    await t.app.events.publish(t.db, `member:${m.memberId}`, 'balance', { n: 'ยอดเงิน' });
    const N = 500;
    await inTransaction(t.db, async (tx) => {
      await t.app.events.publishMany(
        tx,
        Array.from({ length: N }, (_, i) => ({ topic: 'round:feedtest', event: 'tick', data: { i } })),
      );
    });
    await expect.poll(() => stream.frames.length, { timeout: 10_000 }).toBe(N + 1);
    expect(stream.frames[0]).toEqual({
      event: 'balance',
      data: { topic: `member:${m.memberId}`, data: { n: 'ยอดเงิน' } },
    });
    expect(stream.frames.slice(1).map((f) => f.data.data.i)).toEqual(Array.from({ length: N }, (_, i) => i));
    await stream.close();
    await expect.poll(() => feed().count()).toBe(0);
  });

  it('gives the member’s slots back when a stream closes', async () => {
    const m = await registerMember(t);
    const open = [];
    for (let i = 0; i < PER_MEMBER; i++) open.push(await openStream(m.token, 'round:slots'));
    expect(open.map((s) => s.status)).toEqual([200, 200]);
    const refused = await openStream(m.token, 'round:slots');
    expect(refused.status).toBe(429);
    await refused.close();
    await open[0]!.close();
    // The child saw the connection close and told the HTTP process, which gave the slot back.
    await expect.poll(() => feed().count()).toBe(PER_MEMBER - 1);
    const again = await openStream(m.token, 'round:slots');
    expect(again.status).toBe(200);
    await again.close();
    await open[1]!.close();
    await expect.poll(() => feed().count()).toBe(0);
  });

  it('a member’s own yeekee shot and the round’s count arrive through it', async () => {
    const m = await registerMember(t);
    const roundId = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const round = await t.db
      .selectFrom('lotto_round')
      .selectAll()
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    clock.advance(round.open_at.getTime() + 30 * 60_000 - clock.now().getTime());
    const stream = await openStream(m.token, `yeekee:${roundId}`);
    const shot = await call<{ seq: number }>(t.app, 'POST', '/api/lotto/yeekee/shoot_number', {
      token: m.token,
      body: { round_id: roundId, number: '12345' },
    });
    expect(shot.body.error).toBe(0);
    await expect
      .poll(() => stream.frames.map((f) => f.event).sort(), { timeout: 10_000 })
      .toEqual(['shot_count', 'yeekee_shot']);
    expect(stream.frames.find((f) => f.event === 'yeekee_shot')?.data.data).toMatchObject({
      round_id: roundId,
      seq: shot.body.data.seq,
      number: '12345',
    });
    await stream.close();
  });

  it('anonymous streams stay on the HTTP process', async () => {
    const stream = await openStream(undefined, 'round:anon');
    expect(stream.status).toBe(200);
    expect(t.app.events.subscriberCount()).toBe(1);
    await t.app.events.publish(t.db, 'round:anon', 'tick', { i: 1 });
    await expect.poll(() => stream.frames.length).toBe(1);
    await stream.close();
    await expect.poll(() => t.app.events.subscriberCount()).toBe(0);
  });

  it('when the process dies its streams end, their slots come back, and another one takes new streams', async () => {
    const m = await registerMember(t);
    const first = await openStream(m.token, 'round:die');
    const second = await openStream(m.token, 'round:die');
    const pid = feed().pid()!;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => first.ended() && second.ended(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => feed().count()).toBe(0);
    await expect.poll(() => feed().ready(), { timeout: 15_000 }).toBe(true);
    expect(feed().pid()).not.toBe(pid);
    // Both slots are free again: two streams open, on the new process.
    const again = [await openStream(m.token, 'round:die'), await openStream(m.token, 'round:die')];
    expect(again.map((s) => s.status)).toEqual([200, 200]);
    expect(feed().count()).toBe(2);
    await t.app.events.publish(t.db, 'round:die', 'tick', { i: 'after' });
    for (const s of again) await expect.poll(() => s.frames.length, { timeout: 10_000 }).toBe(1);
    for (const s of again) await s.close();
  });
});
