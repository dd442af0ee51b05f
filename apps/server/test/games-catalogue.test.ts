import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSimProvider, SIM } from './games-support.ts';
import { call, createTestApp, FixedClock, registerMember, type TestApp } from './helpers.ts';

let t: TestApp;
const clock = new FixedClock(new Date());
type Game = { game_id: string; provider_id: string; categories: string[]; in_house: boolean; name: string };
type Wallet = { id: number; wallet_name: string; balance: string; wallet_type_id: number };

beforeAll(async () => {
  t = await createTestApp({ clock });
  await addSimProvider(t);
});
afterAll(async () => t.close());

async function login(phone: string) {
  const r = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
    body: { phone, password: 'demo1234' },
  });
  return r.body.data.access_token;
}

describe('catalogue (spec §7)', () => {
  it('lists games by provider and category, default limit 60; in-house games fill every category', async () => {
    const all = await call<Game[]>(t.app, 'GET', '/api/game/list');
    expect(all.body.error).toBe(0);
    expect(all.body.data.length).toBeLessThanOrEqual(60);
    for (const c of ['casino', 'slot', 'sport', 'fishing', 'freespin']) {
      const r = await call<Game[]>(t.app, 'GET', `/api/game/list?category=${c}&provider=chok`);
      expect(r.body.data.length, c).toBeGreaterThan(0);
      expect(r.body.data.every((g) => g.categories.includes(c) && g.in_house)).toBe(true);
    }
    const sim = await call<Game[]>(t.app, 'GET', '/api/game/list?provider=sim&limit=1');
    expect(sim.body.data).toHaveLength(1);
    expect(sim.body.data[0]!.in_house).toBe(false);
    const search = await call<Game[]>(t.app, 'GET', `/api/game/list?q=${encodeURIComponent('ช้าง')}`);
    expect(search.body.data.map((g) => g.game_id)).toEqual(['golden-elephant']);
    expect((await call(t.app, 'GET', '/api/game/list?category=poker')).status).toBe(200);
  });

  it('the lobby lists hot and per-category games, and last played for a member', async () => {
    const token = await login('0811111111');
    const before = await call<Record<string, Game[]>>(t.app, 'GET', '/api/game/lobby', { token });
    expect(Object.keys(before.body.data).sort()).toEqual([
      'casino',
      'fishing',
      'freespin',
      'hot',
      'last',
      'slot',
      'sport',
    ]);
    expect(before.body.data.hot!.length).toBeGreaterThan(0);
    const wallets = await call<Wallet[]>(t.app, 'POST', '/api/game/wallets', {
      token,
      body: { game_id: 'fishing', provider_id: 'chok', sub_provider_id: '' },
    });
    await call(t.app, 'POST', '/api/game/link', {
      token,
      body: {
        wallet_id: wallets.body.data[0]!.id,
        game_id: 'fishing',
        provider_id: 'chok',
        is_mobile: true,
        source: 'lobby',
      },
    });
    const after = await call<Record<string, Game[]>>(t.app, 'GET', '/api/game/lobby', { token });
    expect(after.body.data.last![0]!.game_id).toBe('fishing');
    const visitor = await call<Record<string, Game[]>>(t.app, 'GET', '/api/game/lobby');
    expect(visitor.body.data.last).toEqual([]);
  });

  it('lobby configs give a title, category tabs with counts and the providers of the lobby', async () => {
    const r = await call<{
      title: string;
      categories: { key: string; game_count: number }[];
      providers: { id: string }[];
    }>(t.app, 'GET', '/api/lobby/configs?lobby_key=slot');
    expect(r.body.data.title).toBe('สล็อต');
    expect(r.body.data.categories.map((c) => c.key)).toEqual([
      'casino',
      'slot',
      'sport',
      'fishing',
      'freespin',
    ]);
    expect(r.body.data.providers.map((p) => p.id).sort()).toEqual(['chok', 'sim']);
  });

  it('the casino lobby says คาสิโนสด only while the catalogue holds a live-dealer table, คาสิโน otherwise', async () => {
    const title = async () =>
      (await call<{ title: string }>(t.app, 'GET', '/api/lobby/configs?lobby_key=casino')).body.data.title;
    // The in-house baccarat rooms are dealt by the server: no dealer on camera.
    expect(await title()).toBe('คาสิโน');
    const baccarat = await t.db
      .updateTable('game')
      .set({ live_dealer: true })
      .where('code', '=', 'baccarat-1')
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await title()).toBe('คาสิโนสด');
      // A live table that is switched off, or not in the casino category, does not count.
      await t.db.updateTable('game').set({ is_active: false }).where('id', '=', baccarat.id).execute();
      expect(await title()).toBe('คาสิโน');
    } finally {
      await t.db
        .updateTable('game')
        .set({ live_dealer: false, is_active: true })
        .where('id', '=', baccarat.id)
        .execute();
    }
  });
});

describe('launch (docs/rules/casino.md §1.1, §4)', () => {
  it('eligible wallets: the type allows the category and holds money, or is main', async () => {
    const rich = await login('0811111111'); // 5,000 main, 300 bonus, 50 free credit
    const types = async (token: string, game: string) =>
      (
        await call<Wallet[]>(t.app, 'POST', '/api/game/wallets', {
          token,
          body: { game_id: game, provider_id: 'chok', sub_provider_id: '' },
        })
      ).body.data.map((w) => w.wallet_type_id);
    expect(await types(rich, 'golden-elephant')).toEqual([1, 2, 3]);
    expect(await types(rich, 'fishing')).toEqual([1, 2]);
    expect(await types(rich, 'baccarat-1')).toEqual([1]);
    const empty = await login('0833333333');
    expect(await types(empty, 'golden-elephant')).toEqual([1]);
    const none = await call(t.app, 'POST', '/api/game/wallets', {
      token: rich,
      body: { game_id: 'nope', provider_id: 'chok', sub_provider_id: '' },
    });
    expect(none.body).toMatchObject({ error: 2200, message: 'ไม่พบเกมที่ต้องการ' });
    expect(
      (await call(t.app, 'POST', '/api/game/wallets', { body: { game_id: 'fishing', provider_id: 'chok' } }))
        .status,
    ).toBe(401);
  });

  it('a link is single-use, bound to member, wallet and game, 60 s to exchange; a new link revokes the old', async () => {
    const m = await registerMember(t);
    const wallets = await call<Wallet[]>(t.app, 'POST', '/api/member/wallets', { token: m.token });
    const main = wallets.body.data.find((w) => w.wallet_type_id === 1)!;
    const bonus = wallets.body.data.find((w) => w.wallet_type_id === 2)!;
    const link = async (wallet_id: number, game_id = 'golden-elephant') =>
      call<{ link: string }>(t.app, 'POST', '/api/game/link', {
        token: m.token,
        body: { wallet_id, game_id, provider_id: 'chok', is_mobile: false, source: 'lobby' },
      });
    const refused = await link(bonus.id);
    expect(refused.body).toMatchObject({ error: 2201, message: 'กระเป๋าเงินนี้ไม่สามารถใช้เล่นเกมนี้ได้' });
    const other = await call<Wallet[]>(t.app, 'POST', '/api/member/wallets', {
      token: await login('0811111111'),
    });
    expect((await link(other.body.data[0]!.id)).body.error).toBe(1401);

    const first = await link(main.id);
    expect(first.body.data.link).toMatch(/^\/play\/golden-elephant\?t=[A-Za-z0-9_-]{43}$/);
    const second = await link(main.id);
    const tokenOf = (l: string) => new URL(l, 'http://x').searchParams.get('t')!;
    const session = (token: string) => call(t.app, 'POST', '/api/originals/session', { body: { token } });
    // The first token was revoked by the second link.
    expect((await session(tokenOf(first.body.data.link))).body.error).toBe(2203);
    expect((await session(tokenOf(second.body.data.link))).body.error).toBe(0);
    expect((await session(tokenOf(second.body.data.link))).body.error).toBe(2203);
    const third = await link(main.id);
    clock.advance(61_000);
    expect((await session(tokenOf(third.body.data.link))).body.error).toBe(2203);
  });

  it('an external provider’s link is its launch URL with the token; demo links need no login', async () => {
    const token = await login('0811111111');
    const w = await call<Wallet[]>(t.app, 'POST', '/api/game/wallets', {
      token,
      body: { game_id: SIM.game, provider_id: SIM.provider, sub_provider_id: '' },
    });
    const l = await call<{ link: string }>(t.app, 'POST', '/api/game/link', {
      token,
      body: {
        wallet_id: w.body.data[0]!.id,
        game_id: SIM.game,
        provider_id: SIM.provider,
        is_mobile: true,
        source: '',
      },
    });
    expect(l.body.data.link).toMatch(
      /^https:\/\/sim\.example\/launch\?token=[A-Za-z0-9_-]{43}&game=sim-slot&mode=real$/,
    );
    const demo = await call<{ link: string }>(t.app, 'POST', '/api/game/demo', {
      body: {
        game_id: 'golden-elephant',
        provider_id: 'chok',
        is_mobile: false,
        source: 'lobby',
        agent_code: 'chok',
      },
    });
    expect(demo.body.data.link).toMatch(/^\/play\/golden-elephant\?demo=/);
    // Another agent's code is refused, as on the agent's content reads.
    const otherAgent = await call(t.app, 'POST', '/api/game/demo', {
      body: { game_id: 'golden-elephant', provider_id: 'chok', is_mobile: false, agent_code: 'zzz' },
    });
    expect(otherAgent.body.code).toBe('AGENT_NOT_FOUND');
    await t.db.updateTable('game').set({ demo_allowed: false }).where('code', '=', 'baccarat-3').execute();
    const refused = await call(t.app, 'POST', '/api/game/demo', {
      body: { game_id: 'baccarat-3', provider_id: 'chok', is_mobile: false, source: '' },
    });
    expect(refused.body).toMatchObject({ error: 2202, message: 'เกมนี้ไม่เปิดให้ทดลองเล่น' });
  });
});
