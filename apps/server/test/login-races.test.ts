import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, lockWaiters, registerMember, type TestApp } from './helpers.ts';

// A login checks the password and the blocks before it opens its session. What ends every session — a
// password reset or change, a self-exclusion (docs/rules/protection.md §4.2) — must not leave behind
// a session opened by a login that was already under way. The member's row orders them: the login
// holds it while it opens the session and checks again there (auth/login.ts).
let t: TestApp;
let other: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  other = new pg.Client({ connectionString: t.url });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await t?.close();
});

const liveSessions = async (memberId: number) =>
  (
    await t.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

describe('a login under way', () => {
  it('whose password changes while it is being checked opens no session', async () => {
    const m = await registerMember(t);
    await call(t.app, 'POST', '/api/logout', { token: m.token });
    // A password reset in progress: the new hash written, every session revoked, not yet committed.
    await other.query('BEGIN');
    await other.query("UPDATE member SET password_hash = 'changed-by-reset' WHERE id = $1", [m.memberId]);
    await other.query(
      'UPDATE member_session SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL',
      [m.memberId],
    );
    // The login reads the old hash, which its password matches, and waits for the member's row.
    const login = call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: m.password },
    });
    await lockWaiters(t, 1);
    await other.query('COMMIT');
    const answer = await login;
    expect(answer.body.code).toBe('LOGIN_FAILED');
    expect(await liveSessions(m.memberId)).toBe(0);
  });

  it('racing a self-exclusion leaves no live session, whichever goes first', async () => {
    for (const excludeFirst of [true, false]) {
      const m = await registerMember(t);
      await call(t.app, 'POST', '/api/logout', { token: m.token });
      const second = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
        body: { phone: m.phone, password: m.password },
      });
      // Another write holds the member's row, so both requests wait for it in the order they asked.
      await other.query('BEGIN');
      await other.query('SELECT id FROM member WHERE id = $1 FOR UPDATE', [m.memberId]);
      const exclude = () =>
        call(t.app, 'POST', '/api/member/protection/exclusion', {
          token: second.body.data.access_token,
          body: { duration: 'permanent', confirm_text: 'ยืนยัน' },
        });
      const login = () =>
        call<{ access_token: string }>(t.app, 'POST', '/api/login', {
          body: { phone: m.phone, password: m.password },
        });
      const first = excludeFirst ? exclude() : login();
      await lockWaiters(t, 1);
      const then = excludeFirst ? login() : exclude();
      // The second waits on the row too (before the fix, an exclusion did not and ended first).
      await Promise.race([lockWaiters(t, 2), then]);
      await other.query('COMMIT');
      const [a, b] = await Promise.all([first, then]);
      const [excluded, loggedIn] = excludeFirst ? [a, b] : [b, a];
      expect(excluded.body.error, excluded.body.message).toBe(0);
      if (loggedIn.body.error === 0) {
        const token = (loggedIn.body.data as { access_token: string }).access_token;
        const r = await call(t.app, 'GET', '/api/get_user_info', { token });
        expect(r.status).toBe(401);
      } else expect(loggedIn.body.code).toBe('LOGIN_EXCLUDED');
      expect(await liveSessions(m.memberId)).toBe(0);
    }
  });
});
