import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, call, createTestApp, registerMember, type TestApp } from './helpers.ts';
import { type LineStandIn, lineUserId, startLineStandIn } from './line-standin.ts';

// The LINE (LIFF) pages' account link: the ID token is verified with LINE's verify endpoint (here a
// local stand-in that signs and answers as LINE does); nothing the browser says about the person is
// trusted.

const THAI = /[\u0E00-\u0E7F]/;
let line: LineStandIn;
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  line = await startLineStandIn();
  [t, plain] = await Promise.all([
    createTestApp({ seed: false, env: { LIFF_ID: line.liffId, LINE_VERIFY_URL: line.verifyUrl } }),
    createTestApp({ seed: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
  await line.close();
});

interface Link {
  display_name: string | null;
  linked_at: string;
}
const link = (app: TestApp, token: string, body: object) =>
  call<Link>(app.app, 'POST', '/api/line/link', { token, body });
const config = (app: TestApp, token?: string) =>
  call<{ liff_id: string | null; link: Link | null }>(
    app.app,
    'GET',
    '/api/line/config',
    token ? { token } : {},
  );
const stored = (memberId: number) =>
  t.db
    .selectFrom('member_line_link')
    .select(['line_user_id', 'display_name'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();

describe('without LIFF_ID', () => {
  it('the pages get no LIFF app and a link is refused in Thai', async () => {
    const m = await registerMember(plain);
    expect((await config(plain, m.token)).body.data).toEqual({ liff_id: null, link: null });
    const r = await link(plain, m.token, { id_token: line.issue({ sub: lineUserId() }) });
    expect(r.body.code).toBe('LINE_NOT_CONFIGURED');
    expect(r.body.message).toMatch(THAI);
    const csp = (await plain.app.inject({ method: 'GET', url: '/api/line/config' })).headers[
      'content-security-policy'
    ];
    expect(String(csp)).not.toContain('api.line.me');
  });
});

describe('with LIFF_ID', () => {
  it('serves the LIFF id, and lets the SDK reach LINE (CSP connect-src)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/line/config' });
    expect(r.json().data).toEqual({ liff_id: line.liffId, link: null });
    expect(String(r.headers['content-security-policy'])).toMatch(
      /connect-src 'self' https:\/\/api\.line\.me/,
    );
  });

  it('links the LINE user LINE vouches for, never the profile fields the browser posts', async () => {
    const m = await registerMember(t);
    const sub = lineUserId();
    const calls = line.calls();
    const r = await link(t, m.token, {
      id_token: line.issue({ sub, name: 'สมชาย ไลน์' }),
      // A client claiming to be someone else: ignored.
      user_id: lineUserId(),
      display_name: 'ชื่อปลอม',
    });
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data.display_name).toBe('สมชาย ไลน์');
    expect(line.calls()).toBe(calls + 1);
    expect(await stored(m.memberId)).toEqual({ line_user_id: sub, display_name: 'สมชาย ไลน์' });
    expect((await config(t, m.token)).body.data.link).toEqual(r.body.data);
    // Linking the same account again keeps the link as it was.
    const again = await link(t, m.token, { id_token: line.issue({ sub, name: 'สมชาย ไลน์' }) });
    expect(again.body.data).toEqual(r.body.data);
  });

  it('refuses a forged token, an expired one and one for another channel, in Thai, storing nothing', async () => {
    const m = await registerMember(t);
    const sub = lineUserId();
    for (const token of [
      line.forge({ sub }),
      line.issue({ sub, expiresIn: -60 }),
      line.issue({ sub, aud: '1234567890' }),
      'not-a-token',
    ]) {
      const r = await link(t, m.token, { id_token: token });
      expect(r.body.code, token).toBe('LINE_TOKEN_INVALID');
      expect(r.body.message).toMatch(THAI);
    }
    expect(await stored(m.memberId)).toBeUndefined();
    const empty = await link(t, m.token, { id_token: '' });
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.body.message).toMatch(THAI);
  });

  it('one LINE account links one member: a second member is refused, also when both try at once', async () => {
    const [a, b, c] = await Promise.all([registerMember(t), registerMember(t), registerMember(t)]);
    const sub = lineUserId();
    expect((await link(t, a.token, { id_token: line.issue({ sub }) })).body.error).toBe(0);
    const taken = await link(t, b.token, { id_token: line.issue({ sub }) });
    expect(taken.body.code).toBe('LINE_ALREADY_LINKED');
    expect(taken.body.message).toMatch(THAI);

    const contested = lineUserId();
    const both = await Promise.all(
      [b, c].map((m) => link(t, m.token, { id_token: line.issue({ sub: contested }) })),
    );
    expect(both.map((r) => r.body.code ?? 'OK').sort()).toEqual(['LINE_ALREADY_LINKED', 'OK']);
  });

  it('a member unlinks; the config then shows no link; both are audited', async () => {
    const m = await registerMember(t);
    expect((await link(t, m.token, { id_token: line.issue({ sub: lineUserId() }) })).body.error).toBe(0);
    const r = await call<{ unlinked: boolean }>(t.app, 'POST', '/api/line/unlink', { token: m.token });
    expect(r.body.data).toEqual({ unlinked: true });
    expect((await config(t, m.token)).body.data.link).toBeNull();
    const second = await call<{ unlinked: boolean }>(t.app, 'POST', '/api/line/unlink', { token: m.token });
    expect(second.body.data).toEqual({ unlinked: false });
    const audit = await auditRows(t, { entity: 'member_line_link', entityId: m.memberId }, ['action']);
    expect(audit.map((a) => a.action)).toEqual(['line.link', 'line.unlink']);
  });

  it('LINE out of reach: a Thai 503, nothing stored', async () => {
    const m = await registerMember(t);
    const token = line.issue({ sub: lineUserId() });
    await line.close();
    const r = await link(t, m.token, { id_token: token });
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('LINE_UNAVAILABLE');
    expect(r.body.message).toMatch(THAI);
    expect(await stored(m.memberId)).toBeUndefined();
  });
});
