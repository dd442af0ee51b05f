import { serverSeedHash } from '@chok/engine/fair/stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFor } from '../src/modules/admin/staff.ts';
import { insertSession } from '../src/modules/admin/staff-queries.ts';
import { playerSeed } from '../src/modules/originals/fairness.ts';
import { hashToken, newToken } from '../src/platform/rng.ts';
import { fundedMembers, inHouseLaunch } from './games-support.ts';
import { call, createTestApp, FixedClock, staffLogin, staffToken, type TestApp } from './helpers.ts';

// Staff accounts, the audit log and the games pages of the operator console
// (docs/decisions/0060-console-staff-audit-games.md).

let t: TestApp;
let owner: string;
// Each login spends a TOTP step: the clock moves a step on before each one.
const clock = new FixedClock(new Date(Math.floor(Date.now() / 30_000) * 30_000));

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await staffToken(t, 'owner', clock);
});
afterAll(async () => {
  await t.close();
});

async function login(username: string, password: string, secret: string) {
  clock.advance(30_000);
  const totp = totpFor(secret).generate({ timestamp: clock.now().getTime() });
  return call<{ access_token: string; staff: { role: string } }>(t.app, 'POST', '/api/admin/login', {
    body: { username, password, totp },
  });
}

interface Created {
  staff: { id: number; username: string; role: string; is_active: boolean };
  enrolment: { otpauth_url: string; secret: string; qr_svg: string };
}

async function create(username: string, role: string, password = 'long-enough-pass-9') {
  return call<Created>(t.app, 'POST', '/api/admin/staff', {
    token: owner,
    body: { username, role, password },
  });
}

async function auditRows(action: string, entityId: string | number) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .execute();
}

describe('staff accounts', () => {
  it('the owner creates an account; its enrolment logs it in; the creation is audited without secrets', async () => {
    const r = await create('nok.finance', 'finance');
    expect(r.body.error).toBe(0);
    const { staff, enrolment } = r.body.data;
    expect(staff).toMatchObject({ username: 'nok.finance', role: 'finance', is_active: true });
    expect(enrolment.otpauth_url).toMatch(/^otpauth:\/\/totp\/Chok:nok\.finance\?.*secret=/);
    expect(enrolment.otpauth_url).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const l = await login('nok.finance', 'long-enough-pass-9', enrolment.secret);
    expect(l.body.error).toBe(0);
    expect(l.body.data.staff.role).toBe('finance');
    const rows = await auditRows('staff.create', staff.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(enrolment.secret);
    expect(rows[0]!.actor_type).toBe('staff');
  });

  it('refuses a taken username, a common password and a password equal to the username', async () => {
    expect((await create('nok.finance', 'content')).body).toMatchObject({
      error: 2610,
      fields: { username: expect.any(String) },
    });
    expect((await create('somsak', 'content', '1234567890')).body.code).toBe('PASSWORD_TOO_COMMON');
    expect((await create('somsak12345', 'content', 'somsak12345')).body.code).toBe(
      'STAFF_PASSWORD_IS_USERNAME',
    );
    expect((await create('ab', 'content')).body.fields?.username).toBeTruthy();
    const list = await call<{ items: { username: string }[]; total: number }>(
      t.app,
      'GET',
      '/api/admin/staff?page=1&page_size=2',
      { token: owner },
    );
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.total).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(list.body.data)).not.toMatch(/password_hash|totp_secret/);
  });

  it('a role change, deactivation and resets end the sessions; the own password change keeps the current one', async () => {
    const { staff, enrolment } = (await create('lek.content', 'content')).body.data;
    const token = (await login('lek.content', 'long-enough-pass-9', enrolment.secret)).body.data.access_token;
    const me = () =>
      call(t.app, 'POST', '/api/admin/me/password', {
        token,
        body: { old_password: 'x', new_password: 'another-pass-77' },
      });
    expect((await me()).body.code).toBe('WRONG_PASSWORD');

    const role = await call<{ role: string }>(t.app, 'PUT', `/api/admin/staff/${staff.id}/role`, {
      token: owner,
      body: { role: 'support' },
    });
    expect(role.body.data.role).toBe('support');
    expect((await me()).status).toBe(401);
    expect(await auditRows('staff.role', staff.id)).toHaveLength(1);

    // The TOTP reset: the old secret no longer logs in, the new one does.
    const reset = await call<Created>(t.app, 'POST', `/api/admin/staff/${staff.id}/totp`, { token: owner });
    expect(reset.body.data.enrolment.secret).not.toBe(enrolment.secret);
    expect((await login('lek.content', 'long-enough-pass-9', enrolment.secret)).body.code).toBe(
      'STAFF_LOGIN_FAILED',
    );
    const secret = reset.body.data.enrolment.secret;
    const a = (await login('lek.content', 'long-enough-pass-9', secret)).body.data.access_token;
    const b = (await login('lek.content', 'long-enough-pass-9', secret)).body.data.access_token;
    const change = await call(t.app, 'POST', '/api/admin/me/password', {
      token: a,
      body: { old_password: 'long-enough-pass-9', new_password: 'another-pass-77' },
    });
    expect(change.body.error).toBe(0);
    expect((await call(t.app, 'GET', '/api/admin/me/password', { token: a })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/admin/logout', { token: b })).status).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/api/admin/me/password', {
          token: a,
          body: { old_password: 'another-pass-77', new_password: 'another-pass-77' },
        })
      ).body.code,
    ).toBe('SAME_PASSWORD');

    // Deactivated: the session ends and the login is refused; reactivated: it logs in again.
    const off = await call<{ is_active: boolean }>(t.app, 'POST', `/api/admin/staff/${staff.id}/active`, {
      token: owner,
      body: { active: false },
    });
    expect(off.body.data.is_active).toBe(false);
    expect((await call(t.app, 'POST', '/api/admin/logout', { token: a })).status).toBe(401);
    expect((await login('lek.content', 'another-pass-77', secret)).body.code).toBe('STAFF_LOGIN_FAILED');
    await call(t.app, 'POST', `/api/admin/staff/${staff.id}/active`, {
      token: owner,
      body: { active: true },
    });
    const again = await login('lek.content', 'another-pass-77', secret);
    expect(again.body.error).toBe(0);

    // The owner's password reset.
    const pw = await call(t.app, 'POST', `/api/admin/staff/${staff.id}/password`, {
      token: owner,
      body: { password: 'third-pass-word-5' },
    });
    expect(pw.body.error).toBe(0);
    expect(
      (await call(t.app, 'POST', '/api/admin/logout', { token: again.body.data.access_token })).status,
    ).toBe(401);
    expect((await login('lek.content', 'third-pass-word-5', secret)).body.error).toBe(0);
    for (const action of [
      'staff.totp_reset',
      'staff.password_change',
      'staff.deactivate',
      'staff.reactivate',
      'staff.password_reset',
    ]) {
      expect(await auditRows(action, staff.id), action).toHaveLength(1);
    }
  });

  it('the last active owner is neither demoted nor deactivated, even when two owners demote each other at once', async () => {
    const ownerId = (
      await t.db.selectFrom('staff').select('id').where('username', '=', 'owner').executeTakeFirstOrThrow()
    ).id;
    const alone = await call(t.app, 'PUT', `/api/admin/staff/${ownerId}/role`, {
      token: owner,
      body: { role: 'finance' },
    });
    expect(alone.body.code).toBe('STAFF_LAST_OWNER');
    expect(
      (
        await call(t.app, 'POST', `/api/admin/staff/${ownerId}/active`, {
          token: owner,
          body: { active: false },
        })
      ).body.code,
    ).toBe('STAFF_LAST_OWNER');
    const second = (await create('boss.two', 'owner')).body.data;
    const secondToken = (await login('boss.two', 'long-enough-pass-9', second.enrolment.secret)).body.data
      .access_token;
    const [x, y] = await Promise.all([
      call(t.app, 'POST', `/api/admin/staff/${second.staff.id}/active`, {
        token: owner,
        body: { active: false },
      }),
      call(t.app, 'PUT', `/api/admin/staff/${ownerId}/role`, {
        token: secondToken,
        body: { role: 'finance' },
      }),
    ]);
    const codes = [x.body.code ?? x.body.error, y.body.code ?? y.body.error].sort();
    // Exactly one ran (either may win, and the loser is refused or, once the winner revoked its
    // caller's session, answered 401).
    const active = await t.db
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('is_active', '=', true)
      .execute();
    expect(active).toHaveLength(1);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    // Put the demo owner back for the tests below.
    if (active[0]!.id !== ownerId) {
      await t.db.updateTable('staff').set({ role: 'owner' }).where('id', '=', ownerId).execute();
      owner = await freshOwner();
    }
  });
});

/**
 * A new session of the demo owner, put in place as the login would (the login route's per-address
 * rate limit counts in real time and this file has already logged in many times).
 */
async function freshOwner() {
  const { id } = await t.db
    .selectFrom('staff')
    .select('id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const token = newToken();
  const now = clock.now();
  await insertSession(t.db, {
    staffId: id,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return token;
}

describe('audit log', () => {
  it('filters by action prefix, entity, actor and day, newest first, with the actor name', async () => {
    type Page = {
      items: { id: number; action: string; actor_name: string | null; entity: string }[];
      total: number;
    };
    const staffRows = await call<Page>(t.app, 'GET', '/api/admin/audit?action=staff.&page_size=200', {
      token: owner,
    });
    expect(staffRows.body.error).toBe(0);
    expect(staffRows.body.data.items.length).toBeGreaterThan(5);
    expect(staffRows.body.data.items.every((r) => r.action.startsWith('staff.'))).toBe(true);
    const ids = staffRows.body.data.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(staffRows.body.data.items.some((r) => r.actor_name === 'owner')).toBe(true);
    // `_` and `%` are literal in the prefix.
    expect(
      (await call<Page>(t.app, 'GET', '/api/admin/audit?action=staff_', { token: owner })).body.data.total,
    ).toBe(0);
    const created = await call<Page>(
      t.app,
      'GET',
      '/api/admin/audit?action=staff.create&entity=staff&page_size=1',
      { token: owner },
    );
    expect(created.body.data.items).toHaveLength(1);
    expect(created.body.data.total).toBeGreaterThanOrEqual(3);
    const today = new Date(clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const dayPage = await call<Page>(
      t.app,
      'GET',
      `/api/admin/audit?from=${today}&to=${today}&action=staff.`,
      { token: owner },
    );
    expect(dayPage.body.data.total).toBe(staffRows.body.data.total);
    expect(
      (await call<Page>(t.app, 'GET', '/api/admin/audit?from=2001-01-01&to=2001-01-02', { token: owner }))
        .body.data.total,
    ).toBe(0);
    const bad = await call(t.app, 'GET', '/api/admin/audit?from=2026-02-03&to=2026-02-01', { token: owner });
    expect(bad.body.fields?.to).toBeTruthy();
  });

  it('verifies the chain end to end and names the first broken row', async () => {
    type Check = { ok: boolean; rows_checked: number; first_broken: { id: number; reason: string } | null };
    const ok = await call<Check>(t.app, 'POST', '/api/admin/audit/verify', { token: owner });
    const total = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(ok.body.data).toMatchObject({ ok: true, rows_checked: Number(total.n), first_broken: null });
    // Someone with database access edits a row (the trigger that refuses it switched off).
    const victim = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'staff.role')
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update`.execute(t.db);
    try {
      await sql`UPDATE audit_log SET after = '{"role":"owner"}' WHERE id = ${victim.id}`.execute(t.db);
    } finally {
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update`.execute(t.db);
    }
    const broken = await call<Check>(t.app, 'POST', '/api/admin/audit/verify', { token: owner });
    expect(broken.body.data.ok).toBe(false);
    expect(broken.body.data.first_broken).toMatchObject({ id: victim.id, reason: 'hash' });
    expect(broken.body.data.rows_checked).toBe(
      Number(
        (
          await t.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('id', '<', victim.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });
});

describe('games for the operator', () => {
  it('switches a game off and on (the member list follows), marks it hot, orders providers; audited', async () => {
    type Game = { id: number; code: string; is_active: boolean; is_hot: boolean; sort_order: number };
    const page = await call<{ items: Game[]; total: number }>(
      t.app,
      'GET',
      '/api/admin/games?provider=chok&category=slot',
      { token: owner },
    );
    expect(page.body.error).toBe(0);
    const slot = page.body.data.items.find((g) => g.code === 'golden-elephant')!;
    expect(slot).toBeTruthy();
    const memberList = async () =>
      (await call<{ game_id: string }[]>(t.app, 'GET', '/api/game/list?provider=chok')).body.data.map(
        (g) => g.game_id,
      );
    expect(await memberList()).toContain('golden-elephant');
    const off = await call<Game>(t.app, 'PUT', `/api/admin/games/${slot.id}`, {
      token: owner,
      body: { is_active: false, is_hot: false, sort_order: 7 },
    });
    expect(off.body.data).toMatchObject({ is_active: false, is_hot: false, sort_order: 7 });
    expect(await memberList()).not.toContain('golden-elephant');
    const inactive = await call<{ items: Game[] }>(t.app, 'GET', '/api/admin/games?active=false', {
      token: owner,
    });
    expect(inactive.body.data.items.map((g) => g.id)).toContain(slot.id);
    await call(t.app, 'PUT', `/api/admin/games/${slot.id}`, {
      token: owner,
      body: { is_active: true, is_hot: true },
    });
    expect(await memberList()).toContain('golden-elephant');
    const rows = await auditRows('games.game_update', slot.id);
    expect(rows.map((r) => r.after)).toEqual([
      { is_active: false, is_hot: false, sort_order: 7 },
      { is_active: true, is_hot: true },
    ]);
    expect(
      (await call(t.app, 'PUT', '/api/admin/games/999999', { token: owner, body: { is_hot: true } })).body
        .code,
    ).toBe('GAME_NOT_FOUND');

    const providers = await call<{ items: { id: string; in_house: boolean; games: number }[] }>(
      t.app,
      'GET',
      '/api/admin/games/providers',
      { token: owner },
    );
    expect(providers.body.data.items.find((p) => p.id === 'chok')).toMatchObject({ in_house: true });
    const moved = await call<{ sort_order: number }>(t.app, 'PUT', '/api/admin/games/providers/chok', {
      token: owner,
      body: { sort_order: 3 },
    });
    expect(moved.body.data.sort_order).toBe(3);
    expect(await auditRows('games.provider_update', 'chok')).toHaveLength(1);
    expect(
      (
        await call(t.app, 'PUT', '/api/admin/games/providers/nope', {
          token: owner,
          body: { is_active: false },
        })
      ).body.code,
    ).toBe('GAME_PROVIDER_NOT_FOUND');
  });

  it('lists seeds with hashes only until revealed; rotating reveals the seed that matches its published hash', async () => {
    const [memberId] = await fundedMembers(t, 1, { 1: 100_000 });
    const seed = await playerSeed(t.db, memberId!, clock.now());
    type Seed = {
      id: number;
      state: string;
      server_seed: string | null;
      server_seed_hash: string;
      member_id: number | null;
    };
    const list = await call<{ items: Seed[] }>(t.app, 'GET', `/api/admin/games/seeds?member_id=${memberId}`, {
      token: owner,
    });
    expect(list.body.data.items.map((s) => s.state).sort()).toEqual(['active', 'next']);
    expect(list.body.data.items.every((s) => s.server_seed === null)).toBe(true);
    const rotated = await call<{
      revealed: { server_seed: string; server_seed_hash: string };
      active_server_seed_hash: string;
    }>(t.app, 'POST', `/api/admin/games/seeds/${seed.id}/rotate`, { token: owner });
    expect(rotated.body.error).toBe(0);
    expect(rotated.body.data.revealed.server_seed_hash).toBe(seed.server_seed_hash);
    expect(serverSeedHash(rotated.body.data.revealed.server_seed)).toBe(seed.server_seed_hash);
    // The committed next seed became the active one.
    expect(rotated.body.data.active_server_seed_hash).toBe(seed.next_server_seed_hash);
    const revealed = await call<{ items: Seed[] }>(
      t.app,
      'GET',
      `/api/admin/games/seeds?member_id=${memberId}&state=revealed`,
      { token: owner },
    );
    expect(revealed.body.data.items[0]).toMatchObject({
      id: seed.id,
      server_seed: rotated.body.data.revealed.server_seed,
    });
    // A revealed seed, and a shared one, are not rotated by hand.
    expect(
      (await call(t.app, 'POST', `/api/admin/games/seeds/${seed.id}/rotate`, { token: owner })).body.code,
    ).toBe('FAIR_SEED_NOT_ROTATABLE');
    expect(await auditRows('games.seed_rotate', seed.id)).toHaveLength(1);
  });

  it('lists recent rounds by game and member', async () => {
    const [memberId] = await fundedMembers(t, 1, { 1: 100_000 });
    const game = await t.db
      .selectFrom('game')
      .select('id')
      .where('code', '=', 'golden-elephant')
      .executeTakeFirstOrThrow();
    const { token } = await inHouseLaunch(t, clock, memberId!, 'golden-elephant');
    const s = await call<{ session: string }>(t.app, 'POST', '/api/originals/session', { body: { token } });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(t.app, 'POST', '/api/originals/slot/spin', {
            body: { session: s.body.data.session, bet: '5.00' },
          })
        ).body.error,
      ).toBe(0);
    }
    type Round = {
      member_id: number;
      game_name: string;
      stake: string;
      status: string;
      member_phone: string | null;
    };
    const r = await call<{ items: Round[]; total: number }>(
      t.app,
      'GET',
      `/api/admin/games/rounds?member_id=${memberId}&game_id=${game.id}&page_size=2`,
      { token: owner },
    );
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.items).toHaveLength(2);
    expect(r.body.data.items[0]).toMatchObject({
      member_id: memberId,
      game_name: 'ช้างทอง',
      stake: '5.00',
      status: 'settled',
    });
    expect(r.body.data.items[0]!.member_phone).toMatch(/^0\d{9}$/);
  });
});

describe('staff sessions end when idle (the console logs out after STAFF_SESSION_IDLE_MINUTES)', () => {
  it('a session used within the idle time stays; one left idle longer is refused', async () => {
    const idleClock = new FixedClock(new Date(Math.floor(Date.now() / 30_000) * 30_000));
    const app = await createTestApp({ clock: idleClock });
    try {
      const token = await staffLogin(app, 'support', idleClock);
      const me = () => call(app.app, 'GET', '/api/admin/me', { token });
      idleClock.advance(29 * 60_000);
      expect((await me()).status).toBe(200);
      // Used again just now: another 29 minutes are still within the idle time.
      idleClock.advance(29 * 60_000);
      expect((await me()).status).toBe(200);
      idleClock.advance(31 * 60_000);
      const idle = await me();
      expect(idle.status).toBe(401);
      expect(idle.body.code).toBe('UNAUTHORIZED');
    } finally {
      await app.close();
    }
  });
});
