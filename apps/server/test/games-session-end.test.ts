import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/platform/db.ts';
import { call, createTestApp, FixedClock, lastOtp, registerMember, type TestApp } from './helpers.ts';

// In-house games: the launch session ends with the member's session
// (docs/decisions/0021-games-launch-and-pages.md).
let t: TestApp;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => t.close());

async function fundedMember() {
  const m = await registerMember(t);
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: { system: 'sys:bank:test' },
      to: { member: m.memberId, wallet: 1 },
      amount: satang(1000),
      kind: 'deposit',
      idempotencyKey: `test:fund:${m.memberId}`,
    }),
  );
  return m;
}

/** Launches ช้างทอง from the member's token the way the site does: wallets, link, then the page's session. */
async function launch(token: string): Promise<string> {
  const ref = { game_id: 'golden-elephant', provider_id: 'chok' };
  const wallets = await call<{ id: number; wallet_type_id: number }[]>(t.app, 'POST', '/api/game/wallets', {
    token,
    body: ref,
  });
  const main = wallets.body.data.find((w) => w.wallet_type_id === 1)!;
  const link = await call<{ link: string }>(t.app, 'POST', '/api/game/link', {
    token,
    body: { ...ref, wallet_id: main.id },
  });
  expect(link.body.error).toBe(0);
  const launchToken = new URL(link.body.data.link, 'http://x').searchParams.get('t')!;
  const s = await call<{ session: string }>(t.app, 'POST', '/api/originals/session', {
    body: { token: launchToken },
  });
  expect(s.body.error).toBe(0);
  return s.body.data.session;
}

const spin = (session: string) =>
  call<{ balance: string }>(t.app, 'POST', '/api/originals/slot/spin', { body: { session, bet: '1.00' } });

async function stakes(memberId: number): Promise<number> {
  return (await t.db.selectFrom('game_round').select('id').where('member_id', '=', memberId).execute())
    .length;
}

describe('an in-house game session ends with the member session', () => {
  it('logout: the next bet is refused and nothing is staked', async () => {
    const m = await fundedMember();
    const session = await launch(m.token);
    expect((await spin(session)).body.error).toBe(0);
    expect((await call(t.app, 'POST', '/api/logout', { token: m.token })).body.error).toBe(0);
    const after = await spin(session);
    expect(after.body).toMatchObject({ code: 'GAME_SESSION_INVALID' });
    expect(await stakes(m.memberId)).toBe(1);
  });

  it('logout also spends a launch link not yet opened', async () => {
    const m = await fundedMember();
    const link = await call<{ link: string }>(t.app, 'POST', '/api/game/link', {
      token: m.token,
      body: { game_id: 'golden-elephant', provider_id: 'chok', wallet_id: await mainWalletId(m.token) },
    });
    await call(t.app, 'POST', '/api/logout', { token: m.token });
    const launchToken = new URL(link.body.data.link, 'http://x').searchParams.get('t')!;
    const s = await call(t.app, 'POST', '/api/originals/session', { body: { token: launchToken } });
    expect(s.body.code).toBe('GAME_SESSION_INVALID');
  });

  it('a password change ends the game, even one launched from the session that changed it', async () => {
    const m = await fundedMember();
    const session = await launch(m.token);
    const change = await call(t.app, 'POST', '/api/member/change_password', {
      token: m.token,
      body: { old_password: m.password, new_password: 'Another-Pass-42' },
    });
    expect(change.body.error).toBe(0);
    expect((await spin(session)).body.code).toBe('GAME_SESSION_INVALID');
    expect(await stakes(m.memberId)).toBe(0);
  });

  it('a password reset ends the game', async () => {
    const m = await fundedMember();
    const session = await launch(m.token);
    clock.advance(2 * 60_000); // past the OTP resend cooldown
    await call(t.app, 'POST', '/api/reset_password', { body: { phone: m.phone } });
    const reset = await call(t.app, 'POST', '/api/reset_password_v2', {
      body: { phone: m.phone, otp: await lastOtp(t.db, m.phone), password: 'Reset-Pass-77' },
    });
    expect(reset.body.error).toBe(0);
    expect((await spin(session)).body.code).toBe('GAME_SESSION_INVALID');
  });

  it('the member session expiring ends the game', async () => {
    const m = await fundedMember();
    const session = await launch(m.token);
    // The member's token reaches its absolute expiry in 10 minutes; the game session would last 8 h.
    await sql`UPDATE member_session SET expires_at = ${new Date(clock.now().getTime() + 10 * 60_000)}
      WHERE member_id = ${m.memberId}`.execute(t.db);
    expect((await spin(session)).body.error).toBe(0);
    clock.advance(11 * 60_000);
    expect((await spin(session)).body.code).toBe('GAME_SESSION_INVALID');
  });

  it('another device logging out leaves this game alone', async () => {
    const m = await fundedMember();
    const other = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: m.phone, password: m.password },
    });
    const session = await launch(m.token);
    await call(t.app, 'POST', '/api/logout', { token: other.body.data.access_token });
    expect((await spin(session)).body.error).toBe(0);
  });
});

async function mainWalletId(token: string): Promise<number> {
  const wallets = await call<{ id: number; wallet_type_id: number }[]>(t.app, 'POST', '/api/game/wallets', {
    token,
    body: { game_id: 'golden-elephant', provider_id: 'chok' },
  });
  return wallets.body.data.find((w) => w.wallet_type_id === 1)!.id;
}
