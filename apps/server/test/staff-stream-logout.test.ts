import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, FixedClock, staffLogin, type TestApp } from './helpers.ts';
import { openSse } from './sse-fixtures.ts';

/**
 * The staff stream (GET /api/admin/stream) ends the moment its staff session ends: a logout, or an
 * owner's change that ends an account's sessions. The end travels over the event bus (LISTEN/NOTIFY),
 * the path that reaches every process (processes.test.ts runs it across two).
 */

let t: TestApp;
let base: string;
const clock = new FixedClock(new Date());

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** A fresh session: each login needs its own TOTP step, so the clock moves one step first. */
async function login(username: 'owner' | 'finance' | 'support') {
  clock.advance(31_000);
  return staffLogin(t, username, clock);
}

/** Opens the staff stream, once its first frame has come; `ended()` is true when the body ended. */
async function openStaffStream(token: string) {
  let frames = 0;
  const stream = await openSse(`${base}/api/admin/stream`, token, (block) => {
    if (/^event: work_counts$/m.test(block)) frames += 1;
  });
  expect(stream.status).toBe(200);
  await expect.poll(() => frames, { timeout: 5000 }).toBeGreaterThan(0);
  return stream;
}

describe('the staff stream ends with its session', () => {
  it('a logout ends that session’s stream at once; another session of the same person stays open', async () => {
    const first = await login('finance');
    const second = await login('finance');
    const a = await openStaffStream(first);
    const b = await openStaffStream(second);
    try {
      const out = await call(t.app, 'POST', '/api/admin/logout', { token: first });
      expect(out.body.error).toBe(0);
      await expect.poll(() => a.ended(), { timeout: 5000 }).toBe(true);
      // The other session's stream is still open: it still hears waiting-work changes.
      expect(b.ended()).toBe(false);
      expect((await call(t.app, 'GET', '/api/admin/me', { token: second })).body.error).toBe(0);
      // And the ended session cannot open a new one.
      const again = await fetch(`${base}/api/admin/stream`, {
        headers: { authorization: `Bearer ${first}` },
      });
      expect(again.status).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('an owner who deactivates an account ends its streams', async () => {
    const owner = await login('owner');
    const support = await login('support');
    const stream = await openStaffStream(support);
    try {
      const me = await call<{ id: number }>(t.app, 'GET', '/api/admin/me', { token: support });
      const off = await call(t.app, 'POST', `/api/admin/staff/${me.body.data.id}/active`, {
        token: owner,
        body: { active: false },
      });
      expect(off.body.error).toBe(0);
      await expect.poll(() => stream.ended(), { timeout: 5000 }).toBe(true);
      const on = await call(t.app, 'POST', `/api/admin/staff/${me.body.data.id}/active`, {
        token: owner,
        body: { active: true },
      });
      expect(on.body.error).toBe(0);
    } finally {
      await stream.close();
    }
  });
});
