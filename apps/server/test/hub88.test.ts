import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { hub88GameUrl, studioId } from '../src/modules/games/hub88-games.ts';
import { systemClock } from '../src/platform/clock.ts';
import { hashToken } from '../src/platform/rng.ts';
import { type Hub88StandIn, hub88Env } from '../src/standins/hub88.ts';
import { balances, fundedMembers } from './games-support.ts';
import { call, type TestApp } from './helpers.ts';
import { hub88App, openHub88Game, txBody } from './hub88-support.ts';

/**
 * Hub88 (docs/rules/casino.md §8) against its stand-in over real HTTP both ways: the catalogue sync,
 * the launch with a chosen wallet, and every path of the operator's Wallet API — signatures, each RS_*
 * status, retries, out-of-order deliveries, tokens past their session, parallel stakes.
 */
const SLOT = 'sds_dragon_slot';
const LIVE = 'sdl_baccarat_live';
const BAHT = 100_000; // Hub88 units per baht

let t: TestApp;
let hub: Hub88StandIn;
let sync: () => Promise<number>;
beforeAll(async () => {
  ({ t, hub, sync } = await hub88App());
  await sync();
}, 120_000);
afterAll(async () => t?.close());

async function player(funds: { 1?: number; 2?: number } = { 1: 100_000 }, wallet = 1, game = SLOT) {
  const [memberId] = await fundedMembers(t, 1, funds);
  const g = await openHub88Game(t, hub, memberId!, wallet, game);
  return { memberId: memberId!, ...g, game };
}

/** Sends one wallet call twice (Hub88 retrying it): both answers match `answer`. */
async function expectSameTwice(path: string, body: Record<string, unknown>, answer: Record<string, unknown>) {
  for (const _ of [1, 2]) expect((await hub.callWallet(path, body)).body).toMatchObject(answer);
}

describe('Hub88 catalogue sync', () => {
  it('fills the catalogue: providers, categories with live dealer, thumbnails, demo, country blocks', async () => {
    const list = await call<
      {
        game_id: string;
        image: string;
        categories: string[];
        demo_allowed: boolean;
        sub_provider_id: string;
      }[]
    >(t.app, 'GET', '/api/game/list?provider=hub88&limit=100');
    const byCode = new Map(list.body.data.map((g) => [g.game_id, g]));
    expect(byCode.get(LIVE)).toMatchObject({
      categories: ['casino'],
      demo_allowed: false,
      sub_provider_id: studioId('ค่ายทดสอบ คาสิโนสด'),
    });
    expect(byCode.get(SLOT)).toMatchObject({ categories: ['slot'], demo_allowed: true });
    expect(byCode.get(SLOT)!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/thumbs\/sds_dragon_slot\.svg$/);
    expect(byCode.get('sdf_ocean_fishing')?.categories).toEqual(['fishing']);
    // Blocked in Thailand by the supplier: never shown.
    expect(byCode.has('sds_blocked_here')).toBe(false);
    const live = await t.db
      .selectFrom('game')
      .select('live_dealer')
      .where('code', '=', LIVE)
      .executeTakeFirstOrThrow();
    expect(live.live_dealer).toBe(true);
    const casino = await call<{
      title: string;
      providers: { id: string; name: string; game_count: number }[];
    }>(t.app, 'GET', '/api/lobby/configs?lobby_key=casino');
    expect(casino.body.data.title).toBe('คาสิโนสด');
    // The aggregator's studios are the lobby's providers, and each filters the list.
    expect(casino.body.data.providers).toContainEqual(
      expect.objectContaining({
        id: `hub88:${studioId('ค่ายทดสอบ คาสิโนสด')}`,
        name: 'ค่ายทดสอบ คาสิโนสด',
        game_count: 2,
      }),
    );
    const studio = await call<{ game_id: string; provider_name: string }[]>(
      t.app,
      'GET',
      `/api/game/list?provider=hub88:${studioId('ค่ายทดสอบ คาสิโนสด')}`,
    );
    expect(studio.body.data.map((g) => g.game_id).sort()).toEqual(['sdl_baccarat_live', 'sdl_roulette_live']);
    expect(studio.body.data[0]!.provider_name).toBe('ค่ายทดสอบ คาสิโนสด');
  });

  it("keeps the owner's order, on/off and hot flags across syncs; takes the supplier's changes and withdrawals", async () => {
    const set = (code: string, v: { sort_order?: number; is_active?: boolean; is_hot?: boolean }) =>
      t.db.updateTable('game').set(v).where('provider_id', '=', 'hub88').where('code', '=', code).execute();
    await set(SLOT, { sort_order: 999, is_hot: true });
    await set('sds_lucky_fruits', { is_active: false });
    const saved = hub.games;
    hub.games = saved
      .filter((g) => g.game_code !== 'sdf_ocean_fishing')
      .map((g) => (g.game_code === SLOT ? { ...g, name: 'สล็อตมังกรทดสอบ ภาคสอง' } : g));
    try {
      await sync();
      const rows = await t.db
        .selectFrom('game')
        .select(['code', 'name', 'sort_order', 'is_active', 'is_hot', 'supplier_enabled'])
        .where('provider_id', '=', 'hub88')
        .execute();
      const row = new Map(rows.map((r) => [r.code, r]));
      expect(row.get(SLOT)).toMatchObject({
        sort_order: 999,
        is_hot: true,
        is_active: true,
        name: 'สล็อตมังกรทดสอบ ภาคสอง',
      });
      expect(row.get('sds_lucky_fruits')).toMatchObject({ is_active: false, supplier_enabled: true });
      expect(row.get('sdf_ocean_fishing')).toMatchObject({ supplier_enabled: false });
    } finally {
      hub.games = saved;
      await sync();
      await set('sds_lucky_fruits', { is_active: true });
    }
    const again = await t.db
      .selectFrom('game')
      .select(['sort_order', 'supplier_enabled'])
      .where('code', '=', 'sdf_ocean_fishing')
      .executeTakeFirstOrThrow();
    expect(again.supplier_enabled).toBe(true);
  });

  it('takes a game whose category and blocked countries are null, with fields Chok does not read', async () => {
    const saved = hub.games;
    const base = saved.find((g) => g.game_code === SLOT)!;
    hub.games = [
      ...saved,
      {
        ...base,
        game_code: 'sds_null_fields',
        name: 'เกมช่องว่าง',
        product: 'ค่ายทดสอบ ช่องว่าง',
        category: null,
        blocked_countries: null,
        supplier_identifier: { game_id: '007', game_code: '007007007' },
        release_date: null,
      } as (typeof saved)[number],
    ];
    try {
      await sync();
      const row = await t.db
        .selectFrom('game')
        .select(['categories', 'supplier_enabled', 'live_dealer'])
        .where('provider_id', '=', 'hub88')
        .where('code', '=', 'sds_null_fields')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ categories: ['slot'], supplier_enabled: true, live_dealer: false });
    } finally {
      hub.games = saved;
      await sync();
    }
  });
});

describe('Hub88 launch', () => {
  it("a demo link is Hub88's demo URL; a game without demo is refused in Thai", async () => {
    const demo = await call<{ link: string }>(t.app, 'POST', '/api/game/demo', {
      body: { game_id: SLOT, provider_id: 'hub88' },
    });
    expect(demo.body.data.link).toMatch(new RegExp(`^${hub.url}/play/${SLOT}\\?s=`));
    const live = await call(t.app, 'POST', '/api/game/demo', {
      body: { game_id: LIVE, provider_id: 'hub88' },
    });
    expect(live.body).toMatchObject({ code: 'GAME_DEMO_UNAVAILABLE' });
  });

  it('asks for the game URL with the fields the Games API reference requires', async () => {
    const [memberId] = await fundedMembers(t, 1, { 1: 10_000 });
    const g = await openHub88Game(t, hub, memberId!, 1, SLOT);
    const sent = hub.lastGameUrlRequest!;
    expect(sent).toMatchObject({
      operator_id: hub.operatorId,
      game_code: SLOT,
      platform: 'GPL_DESKTOP',
      currency: 'THB',
      lang: 'th',
      country: 'TH',
      user: `chok${memberId}`,
      token: g.token,
    });
    expect((sent.token as string).length).toBeGreaterThanOrEqual(10);
    expect((sent.token as string).length).toBeLessThanOrEqual(255);
    expect(sent).not.toHaveProperty('lobby_url');
  });

  it('a lobby URL setting longer than the documented 255 characters is left out, not sent', async () => {
    const long = `https://chok.example/${'a'.repeat(260)}`;
    const env = { ...hub88Env(hub), HUB88_LOBBY_URL: long };
    const connectors = createConnectors({ db: t.db, clock: systemClock, env, key: null, previousKey: null });
    const url = await hub88GameUrl(
      { db: t.db, clock: systemClock, connectors },
      { gameCode: SLOT, mobile: true, demo: true },
    );
    expect(url).toMatch(new RegExp(`^${hub.url}/play/${SLOT}\\?s=`));
    expect(hub.lastGameUrlRequest).toMatchObject({ currency: 'XXX', platform: 'GPL_MOBILE' });
    expect(hub.lastGameUrlRequest).not.toHaveProperty('lobby_url');
    const short = { ...env, HUB88_LOBBY_URL: 'https://chok.example/' };
    await hub88GameUrl(
      {
        db: t.db,
        clock: systemClock,
        connectors: createConnectors({
          db: t.db,
          clock: systemClock,
          env: short,
          key: null,
          previousKey: null,
        }),
      },
      { gameCode: SLOT, mobile: false, demo: true },
    );
    expect(hub.lastGameUrlRequest).toMatchObject({ lobby_url: 'https://chok.example/' });
  });

  it('when Hub88 refuses the game URL the member reads a Thai error, never a 5xx, and the call is recorded', async () => {
    const [memberId] = await fundedMembers(t, 1, { 1: 10_000 });
    const saved = hub.games;
    hub.games = saved.map((g) => (g.game_code === SLOT ? { ...g, enabled: false } : g));
    try {
      await expect(openHub88Game(t, hub, memberId!, 1, SLOT)).rejects.toThrow(/2800/);
    } finally {
      hub.games = saved;
    }
    const recorded = await t.db
      .selectFrom('connector_call')
      .select(['outcome', 'http_status'])
      .where('connector', '=', 'hub88')
      .where('operation', '=', 'game_url')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ outcome: 'error', http_status: 403 });
  });
});

describe('Hub88 Wallet API', () => {
  it('plays a round through the stand-in: signed both ways, the chosen wallet pays, balances match', async () => {
    const p = await player({ 1: 50_000, 2: 20_000 }, 2);
    const { bet, win } = await hub.playRound(p.sessionId, 10 * BAHT);
    expect(bet.body).toMatchObject({ status: 'RS_OK', currency: 'THB', balance: 190 * BAHT, user: p.user });
    expect(bet.body.request_uuid).toEqual(expect.any(String));
    expect(bet.signed && win!.signed).toBe(true);
    const after = win!.body.balance as number;
    expect([190 * BAHT, 210 * BAHT]).toContain(after);
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 50_000, 2: after / 1000 });
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const p = await player();
    const body = txBody(p, { amount: 5 * BAHT });
    const forged = await hub.callWallet('/transaction/bet', body, {
      signature: Buffer.alloc(256, 7).toString('base64'),
    });
    expect(forged.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const missing = await hub.callWallet('/transaction/bet', body, { signature: '' });
    expect(missing.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // A body changed after signing: the signature of the original no longer matches.
    const r = await fetch(`${hub.walletUrl}/transaction/bet`, {
      method: 'POST',
      body: JSON.stringify({ ...body, amount: 1 }),
      headers: { 'x-hub88-signature': 'AAAA' },
    });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(((await r.json()) as { status: string }).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 100_000 });
  });

  it('answers user info and balance; an unknown token or user is RS_ERROR_INVALID_TOKEN', async () => {
    const p = await player();
    const info = await hub.callWallet('/user/info', { user: p.user, request_uuid: randomUUID() });
    expect(info.body).toMatchObject({ status: 'RS_OK', user: p.user, country: 'TH' });
    const bal = await hub.callWallet('/user/balance', {
      user: p.user,
      token: p.token,
      request_uuid: randomUUID(),
      game_code: SLOT,
    });
    expect(bal).toMatchObject({
      signed: true,
      body: { status: 'RS_OK', balance: 1000 * BAHT, currency: 'THB' },
    });
    const bad = await hub.callWallet('/user/balance', {
      user: p.user,
      token: 'nope-nope-nope',
      request_uuid: randomUUID(),
      game_code: SLOT,
    });
    expect(bad.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    const other = await hub.callWallet(
      '/transaction/bet',
      txBody({ ...p, user: 'chok999999' }, { amount: BAHT }),
    );
    expect(other.body.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses malformed bodies, wrong types, sub-satang amounts, another currency; not enough money with the balance', async () => {
    const p = await player({ 1: 1_000 });
    const noAmount = await hub.callWallet('/transaction/bet', txBody(p));
    expect(noAmount.body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const typed = await hub.callWallet('/transaction/bet', { ...txBody(p), amount: '100' });
    expect(typed.body.status).toBe('RS_ERROR_WRONG_TYPES');
    const fine = await hub.callWallet('/transaction/bet', txBody(p, { amount: 1_500 }));
    expect(fine.body.status).toBe('RS_ERROR_WRONG_TYPES');
    const usd = await hub.callWallet('/transaction/bet', txBody(p, { amount: BAHT, currency: 'USD' }));
    expect(usd.body).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY', balance: 10 * BAHT });
    const poor = await hub.callWallet('/transaction/bet', txBody(p, { amount: 11 * BAHT }));
    expect(poor.body).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 10 * BAHT,
      currency: 'THB',
    });
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 1_000 });
  });

  it('answers a repeated transaction with its first result; another body under the same uuid is a duplicate', async () => {
    const p = await player();
    const bet = txBody(p, { amount: 7 * BAHT });
    const [a, b] = await Promise.all([
      hub.callWallet('/transaction/bet', bet),
      hub.callWallet('/transaction/bet', bet),
    ]);
    expect([a.body.status, b.body.status]).toEqual(['RS_OK', 'RS_OK']);
    expect(a.body.balance).toBe(993 * BAHT);
    expect(b.body.balance).toBe(993 * BAHT);
    const changed = await hub.callWallet('/transaction/bet', {
      ...bet,
      request_uuid: randomUUID(),
      amount: 8 * BAHT,
    });
    expect(changed.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const win = txBody(p, { amount: 20 * BAHT, ref: bet.transaction_uuid });
    await expectSameTwice('/transaction/win', win, { status: 'RS_OK', balance: 1013 * BAHT });
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 101_300 });
  });

  it('a win for an unknown bet does not exist; a rollback refunds an open bet once; a win after it is refused', async () => {
    const p = await player();
    const ghost = await hub.callWallet('/transaction/win', txBody(p, { amount: BAHT, ref: randomUUID() }));
    expect(ghost.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const bet = txBody(p, { amount: 30 * BAHT });
    await hub.callWallet('/transaction/bet', bet);
    const rb = txBody(p, { ref: bet.transaction_uuid });
    await expectSameTwice('/transaction/rollback', rb, { status: 'RS_OK', balance: 1000 * BAHT });
    const late = await hub.callWallet(
      '/transaction/win',
      txBody(p, { amount: 60 * BAHT, ref: bet.transaction_uuid }),
    );
    expect(late.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 100_000 });
  });

  it('a rollback that arrives before its bet makes the late bet refused', async () => {
    const p = await player();
    const bet = txBody(p, { amount: 40 * BAHT });
    const rb = await hub.callWallet('/transaction/rollback', txBody(p, { ref: bet.transaction_uuid }));
    expect(rb.body.status).toBe('RS_OK');
    const late = await hub.callWallet('/transaction/bet', bet);
    expect(late.body).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 1000 * BAHT });
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 100_000 });
  });

  it('after the session ends a new bet is RS_ERROR_TOKEN_EXPIRED, but wins and rollbacks still land', async () => {
    const p = await player();
    const open = txBody(p, { amount: 10 * BAHT });
    const other = txBody(p, { amount: 5 * BAHT });
    await hub.callWallet('/transaction/bet', open);
    await hub.callWallet('/transaction/bet', other);
    await t.db
      .updateTable('game_session')
      .set({ closed_at: new Date() })
      .where('member_id', '=', p.memberId)
      .execute();
    const refused = await hub.callWallet('/transaction/bet', txBody(p, { amount: BAHT }));
    expect(refused.body).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 985 * BAHT });
    // The retry of a stake already taken is still answered with its result.
    expect((await hub.callWallet('/transaction/bet', open)).body.status).toBe('RS_OK');
    const win = await hub.callWallet(
      '/transaction/win',
      txBody(p, { amount: 25 * BAHT, ref: open.transaction_uuid }),
    );
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: 1010 * BAHT });
    const rb = await hub.callWallet('/transaction/rollback', txBody(p, { ref: other.transaction_uuid }));
    expect(rb.body).toMatchObject({ status: 'RS_OK', balance: 1015 * BAHT });
  });

  it("a token whose session ended may not stake, even while the member's newer session is live", async () => {
    const p = await player();
    const newer = await openHub88Game(t, hub, p.memberId, 1, SLOT);
    await t.db
      .updateTable('game_session')
      .set({ closed_at: new Date() })
      .where('token_hash', '=', hashToken(p.token))
      .execute();
    const old = await hub.callWallet('/transaction/bet', txBody(p, { amount: BAHT }));
    expect(old.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const live = await hub.callWallet(
      '/transaction/bet',
      txBody({ ...p, token: newer.token }, { amount: BAHT }),
    );
    expect(live.body).toMatchObject({ status: 'RS_OK', balance: 999 * BAHT });
  });

  it('a suspended member may not bet: RS_ERROR_USER_DISABLED', async () => {
    const p = await player();
    await t.db.updateTable('member').set({ status: 'suspended' }).where('id', '=', p.memberId).execute();
    const r = await hub.callWallet('/transaction/bet', txBody(p, { amount: BAHT }));
    expect(r.body.status).toBe('RS_ERROR_USER_DISABLED');
    expect(
      (await hub.callWallet('/user/info', { user: p.user, request_uuid: randomUUID() })).body.status,
    ).toBe('RS_ERROR_USER_DISABLED');
  });

  it('parallel bets over the balance: exactly what the money covers is taken, never below zero', async () => {
    const p = await player({ 1: 10_000 }); // 100 baht
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => hub.callWallet('/transaction/bet', txBody(p, { amount: 10 * BAHT }))),
    );
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(6);
    expect(await balances(t, p.memberId)).toMatchObject({ 1: 0 });
    expect((await t.ledger.reconcile(t.db)).mismatches).toEqual([]);
  });
});
