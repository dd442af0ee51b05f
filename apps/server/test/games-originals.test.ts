import { fairRng, serverSeedHash } from '@chok/engine/fair/stream';
import { baccaratPayout, dealHand, SHOE_CARDS, shuffleShoe } from '@chok/engine/games/baccarat';
import { playSlotRound } from '@chok/engine/games/slot';
import { formatBaht, parseBaht } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrue } from '../src/modules/points/service.ts';
import { balances, fundedMembers, inHouseLaunch } from './games-support.ts';
import { call, createTestApp, FixedClock, type TestApp } from './helpers.ts';

let t: TestApp;
// Start a few seconds into a 30-second baccarat slot.
const clock = new FixedClock(new Date(Math.floor(Date.now() / 180_000) * 180_000 + 2_000));

async function launch(memberId: number, code: string, wallet = 1) {
  // As /api/game/link does: the launch belongs to a live member session.
  const { token } = await inHouseLaunch(t, clock, memberId, code, wallet);
  const s = await call<{
    session: string;
    balance: string;
    fair: { server_seed_hash: string; client_seed: string; nonce: number };
  }>(t.app, 'POST', '/api/originals/session', { body: { token } });
  expect(s.body.error).toBe(0);
  return s.body.data;
}
async function demo(code: string) {
  const d = await call<{ link: string }>(t.app, 'POST', '/api/game/demo', {
    body: { game_id: code, provider_id: 'chok' },
  });
  const token = new URL(d.body.data.link, 'http://x').searchParams.get('demo')!;
  const s = await call<{ session: string; balance: string; demo: boolean }>(
    t.app,
    'POST',
    '/api/originals/session',
    { body: { token, demo: true } },
  );
  return s.body.data;
}
const post = <T>(url: string, body: unknown) => call<T>(t.app, 'POST', url, { body });

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => t.close());

describe('ช้างทอง in the launcher', () => {
  it('a spin debits the bet and credits the win through the seamless wallet, one round each', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'golden-elephant');
    expect(s.balance).toBe('1000.00');
    let expected = 100_000;
    for (let i = 0; i < 20; i++) {
      const r = await post<{
        win: string;
        cost: string;
        balance: string;
        round_id: number;
        free_spins: unknown[];
      }>('/api/originals/slot/spin', { session: s.session, bet: '5.00' });
      expect(r.body.error).toBe(0);
      expected += parseBaht(r.body.data.win) - 500;
      expect(r.body.data.balance).toBe(formatBaht(expected));
    }
    expect((await balances(t, m!))[1]).toBe(expected);
    const rounds = await t.db
      .selectFrom('game_round')
      .select(['stake', 'payout', 'status'])
      .where('member_id', '=', m!)
      .execute();
    expect(rounds).toHaveLength(20);
    expect(rounds.every((r) => r.status === 'settled' && r.stake === 500)).toBe(true);
    const open = await t.db
      .selectFrom('wallet_op')
      .select('id')
      .where('member_id', '=', m!)
      .where('state', '=', 'open')
      .execute();
    expect(open).toEqual([]);
  });

  it('rounds are provably fair: the hash is shown first, rotation reveals the seed, and the seed recomputes every round', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'golden-elephant');
    const shownHash = s.fair.server_seed_hash;
    const spins = [];
    for (let i = 0; i < 5; i++) {
      spins.push(
        (
          await post<{ round_id: number; win: string; fair: { nonce: number } }>('/api/originals/slot/spin', {
            session: s.session,
            bet: '10.00',
          })
        ).body.data,
      );
    }
    expect(spins.map((x) => x.fair.nonce)).toEqual([
      s.fair.nonce + 1,
      s.fair.nonce + 2,
      s.fair.nonce + 3,
      s.fair.nonce + 4,
      s.fair.nonce + 5,
    ]);
    const before = await call<{ server_seed: string | null }>(
      t.app,
      'GET',
      `/api/fair/round?id=${spins[0]!.round_id}`,
    );
    expect(before.body.data.server_seed).toBeNull();
    const rot = await post<{
      revealed: { server_seed: string; server_seed_hash: string };
      next: { nonce: number; client_seed: string };
    }>('/api/originals/fair/rotate', { session: s.session, client_seed: 'my-own-seed' });
    expect(rot.body.data.revealed.server_seed_hash).toBe(shownHash);
    expect(serverSeedHash(rot.body.data.revealed.server_seed)).toBe(shownHash);
    expect(rot.body.data.next).toMatchObject({ nonce: 0, client_seed: 'my-own-seed' });
    for (const spin of spins) {
      const r = await call<{ server_seed: string; client_seed: string; nonce: number; payout: string }>(
        t.app,
        'GET',
        `/api/fair/round?id=${spin.round_id}`,
      );
      const replay = playSlotRound(
        fairRng({
          serverSeed: r.body.data.server_seed,
          clientSeed: r.body.data.client_seed,
          nonce: r.body.data.nonce,
        }),
        1000,
      );
      expect(formatBaht(replay.win)).toBe(r.body.data.payout);
      expect(formatBaht(replay.win)).toBe(spin.win);
    }
    const history = await post<unknown[]>('/api/originals/history', { session: s.session });
    expect(history.body.data).toHaveLength(5);
  });

  it("a new player's first client seed is left to the member; a client that never sets one gets one drawn at its first round", async () => {
    type Fair = {
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      next_server_seed_hash: string;
    };
    type Spin = { round_id: number; fair: Fair };
    const [a, b] = await fundedMembers(t, 2, { 1: 100_000 });
    // The member's browser: the session shows no client seed yet, so it sets its own before any round,
    // and that seed (with the server seed committed before it was chosen) plays the first round.
    const s = await launch(a!, 'golden-elephant');
    const first = s.fair as Fair;
    expect(first).toMatchObject({ client_seed: '', nonce: 0 });
    const rot = await post<{ next: Fair }>('/api/originals/fair/rotate', {
      session: s.session,
      client_seed: 'drawn-in-the-browser',
    });
    expect(rot.body.error).toBe(0);
    expect(rot.body.data.next).toMatchObject({
      server_seed_hash: first.next_server_seed_hash,
      client_seed: 'drawn-in-the-browser',
      nonce: 0,
    });
    const spin = await post<Spin>('/api/originals/slot/spin', { session: s.session, bet: '10.00' });
    expect(spin.body.data.fair).toMatchObject({ client_seed: 'drawn-in-the-browser', nonce: 1 });
    const round = await call<{ client_seed: string; nonce: number }>(
      t.app,
      'GET',
      `/api/fair/round?id=${spin.body.data.round_id}`,
    );
    expect(round.body.data).toMatchObject({ client_seed: 'drawn-in-the-browser', nonce: 0 });

    // An API client that never sets one: its first round draws a client seed, kept for the next
    // rounds and shown by a new session.
    const c = await launch(b!, 'golden-elephant');
    expect(c.fair.client_seed).toBe('');
    const spins: Spin[] = [];
    for (let i = 0; i < 2; i++) {
      spins.push(
        (await post<Spin>('/api/originals/slot/spin', { session: c.session, bet: '10.00' })).body.data,
      );
    }
    const drawn = spins[0]!.fair.client_seed;
    expect(drawn).toMatch(/^[0-9a-f]{16}$/);
    expect(spins[1]!.fair.client_seed).toBe(drawn);
    expect((await launch(b!, 'golden-elephant')).fair).toMatchObject({ client_seed: drawn, nonce: 2 });
  });

  it('commit order: every server seed is hashed and published as the next seed before its client seed is chosen', async () => {
    type Fair = {
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      next_server_seed_hash: string;
    };
    type Spin = { round_id: number; win: string; fair: Fair };
    type Rotation = {
      revealed: { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };
      next: Fair;
    };
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'golden-elephant');
    const fair = s.fair as Fair;
    // Before any client seed is chosen, the API shows the active hash and the committed next hash.
    expect(fair.next_server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(fair.next_server_seed_hash).not.toBe(fair.server_seed_hash);
    // What the member saw before choosing each client seed, and the rounds played with it.
    const published: { hash: string; clientSeed: string; spins: Spin[] }[] = [];
    let committed = fair.next_server_seed_hash;
    for (const clientSeed of ['my-own-seed', 'another one', 'ลูกเต๋า']) {
      const hashBefore = committed;
      const rot = await post<Rotation>('/api/originals/fair/rotate', {
        session: s.session,
        client_seed: clientSeed,
      });
      expect(rot.body.error).toBe(0);
      // The client seed activates the seed committed earlier, and a fresh one is committed next.
      expect(rot.body.data.next).toMatchObject({
        server_seed_hash: hashBefore,
        client_seed: clientSeed,
        nonce: 0,
      });
      expect(rot.body.data.next.next_server_seed_hash).not.toBe(hashBefore);
      committed = rot.body.data.next.next_server_seed_hash;
      const spins: Spin[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await post<Spin>('/api/originals/slot/spin', { session: s.session, bet: '10.00' });
        expect(r.body.error).toBe(0);
        expect(r.body.data.fair).toMatchObject({
          server_seed_hash: hashBefore,
          client_seed: clientSeed,
          nonce: i + 1,
          next_server_seed_hash: committed,
        });
        spins.push(r.body.data);
      }
      published.push({ hash: hashBefore, clientSeed, spins });
    }
    // A rotation without a new client seed reveals the last one too.
    const last = await post<Rotation>('/api/originals/fair/rotate', { session: s.session });
    expect(last.body.data.next.server_seed_hash).toBe(committed);
    expect(last.body.data.revealed).toMatchObject({ server_seed_hash: published[2]!.hash, nonce: 3 });
    for (const p of published) {
      for (const [i, spin] of p.spins.entries()) {
        const r = await call<{
          server_seed: string;
          server_seed_hash: string;
          client_seed: string;
          nonce: number;
          payout: string;
        }>(t.app, 'GET', `/api/fair/round?id=${spin.round_id}`);
        // The revealed seed hashes to the hash published before this client seed was set …
        expect(serverSeedHash(r.body.data.server_seed)).toBe(p.hash);
        expect(r.body.data).toMatchObject({ server_seed_hash: p.hash, client_seed: p.clientSeed, nonce: i });
        // … and the outcome recomputes from (server seed, client seed, nonce) with the engine.
        const replay = playSlotRound(
          fairRng({ serverSeed: r.body.data.server_seed, clientSeed: p.clientSeed, nonce: i }),
          1000,
        );
        expect(formatBaht(replay.win)).toBe(r.body.data.payout);
        expect(formatBaht(replay.win)).toBe(spin.win);
      }
    }
  });

  it('parallel rotations and spins keep one active and one committed next seed, and chain every reveal', async () => {
    type Fair = { server_seed_hash: string; next_server_seed_hash: string };
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'golden-elephant');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? post<{ revealed: { server_seed_hash: string }; next: Fair }>('/api/originals/fair/rotate', {
              session: s.session,
              client_seed: `seed-${i}`,
            })
          : post<{ fair: Fair }>('/api/originals/slot/spin', { session: s.session, bet: '1.00' }),
      ),
    );
    for (const a of answers) expect(a.status, a.body.message).toBeLessThan(500);
    expect(answers.every((a) => a.body.error === 0)).toBe(true);
    const seeds = await t.db
      .selectFrom('fair_seed')
      .select(['server_seed', 'server_seed_hash', 'activated_at', 'revealed_at'])
      .where('member_id', '=', m!)
      .orderBy('id')
      .execute();
    // 6 rotations: the first seed and 6 activated ones, 6 revealed; one active, one committed next.
    expect(seeds).toHaveLength(8);
    expect(seeds.filter((x) => x.revealed_at !== null)).toHaveLength(6);
    expect(seeds.filter((x) => x.activated_at !== null && x.revealed_at === null)).toHaveLength(1);
    expect(seeds.filter((x) => x.activated_at === null)).toHaveLength(1);
    for (const x of seeds) expect(serverSeedHash(x.server_seed)).toBe(x.server_seed_hash);
    // Every rotation revealed the seed the one before it activated: no seed skipped or used twice.
    const revealed = answers
      .filter((_, i) => i % 2)
      .map((a) => (a.body.data as { revealed: { server_seed_hash: string } }).revealed.server_seed_hash);
    expect(new Set(revealed).size).toBe(6);
  });

  it('refuses a bet off the 1-2-5 steps or beyond the balance, and changes nothing', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 300 });
    const s = await launch(m!, 'golden-elephant');
    expect((await post('/api/originals/slot/spin', { session: s.session, bet: '3.00' })).body.error).toBe(
      2204,
    );
    expect((await post('/api/originals/slot/spin', { session: s.session, bet: '5.00' })).body).toMatchObject({
      error: 1400,
      message: 'ยอดเงินในกระเป๋าไม่เพียงพอ',
    });
    expect(
      (await post('/api/originals/slot/spin', { session: s.session, bet: '2.00', buy: true })).body.error,
    ).toBe(1400);
    expect((await balances(t, m!))[1]).toBe(300);
    expect(
      (await post('/api/originals/slot/spin', { session: 'r.nonsense-session-token-xxxxxx', bet: '1.00' }))
        .body.error,
    ).toBe(2203);
  });

  it('a feature buy costs 17.51 × bet and plays 10 free spins', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'golden-elephant');
    const r = await post<{
      cost: string;
      base: unknown;
      free_spins: unknown[];
      win: string;
      balance: string;
    }>('/api/originals/slot/spin', { session: s.session, bet: '10.00', buy: true });
    expect(r.body.data).toMatchObject({ cost: '175.10', base: null });
    expect(r.body.data.free_spins).toHaveLength(10);
    expect(r.body.data.balance).toBe(formatBaht(100_000 - 17_510 + parseBaht(r.body.data.win)));
  });

  it('demo play moves play money only: no ledger, no rounds', async () => {
    const d = await demo('golden-elephant');
    expect(d).toMatchObject({ demo: true, balance: '10000.00' });
    const transfers = await t.db
      .selectFrom('ledger_transfer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rounds = await t.db
      .selectFrom('game_round')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    let balance = 1_000_000;
    for (let i = 0; i < 10; i++) {
      const r = await post<{ win: string; balance: string; round_id: null }>('/api/originals/slot/spin', {
        session: d.session,
        bet: '100.00',
      });
      balance += parseBaht(r.body.data.win) - 10_000;
      expect(r.body.data).toMatchObject({ balance: formatBaht(balance), round_id: null });
    }
    expect(
      await t.db
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(transfers);
    expect(
      await t.db
        .selectFrom('game_round')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(rounds);
  });
});

describe('ยิงปลา', () => {
  it('one round per shot, at most 4 shots a second', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'fishing');
    let expected = 100_000;
    for (let i = 0; i < 4; i++) {
      const r = await post<{ captured: boolean; win: string; balance: string }>(
        '/api/originals/fishing/shoot',
        { session: s.session, bet: '10.00', fish: 'small_fish' },
      );
      expect(r.body.error).toBe(0);
      expected += parseBaht(r.body.data.win) - 1000;
      expect(r.body.data.win).toBe(r.body.data.captured ? '20.00' : '0.00');
    }
    expect(
      (await post('/api/originals/fishing/shoot', { session: s.session, bet: '10.00', fish: 'small_fish' }))
        .body.error,
    ).toBe(2206);
    clock.advance(1_000);
    expect(
      (await post('/api/originals/fishing/shoot', { session: s.session, bet: '7.00', fish: 'shark' })).body
        .error,
    ).toBe(2204);
    expect((await balances(t, m!))[1]).toBe(expected);
  });
});

describe('shared tables', () => {
  it('baccarat: bets in the 20 s window, the hand deals from the shoe’s seed, wins are credited late', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 500_000 });
    const s = await launch(m!, 'baccarat-1');
    const slotStart = Math.floor(clock.now().getTime() / 30_000) * 30_000;
    clock.advance(slotStart + 1_000 - clock.now().getTime() + 30_000);
    type Table = {
      current: { id: number; result: unknown };
      shoe: { server_seed_hash: string; cards_left: number };
      balance: string;
    };
    const table = (await post<Table>('/api/originals/baccarat/table', { session: s.session })).body.data;
    expect(table.shoe.cards_left).toBe(SHOE_CARDS);
    const hand = table.current.id;
    for (const position of ['player', 'banker', 'tie', 'player_pair'] as const) {
      expect(
        (
          await post('/api/originals/baccarat/bet', {
            session: s.session,
            hand_id: hand,
            position,
            amount: '100.00',
          })
        ).body.error,
      ).toBe(0);
    }
    expect(
      (
        await post('/api/originals/baccarat/bet', {
          session: s.session,
          hand_id: hand,
          position: 'tie',
          amount: '5.00',
        })
      ).body.error,
    ).toBe(2204);
    expect((await balances(t, m!))[1]).toBe(460_000);
    clock.advance(20_000);
    expect(
      (
        await post('/api/originals/baccarat/bet', {
          session: s.session,
          hand_id: hand,
          position: 'tie',
          amount: '10.00',
        })
      ).body.error,
    ).toBe(2205);
    // The member's session lapses (idle) before the deal: the wins still land.
    clock.advance(31 * 60_000);
    const [other] = await fundedMembers(t, 1, { 1: 1000 });
    const viewer = await launch(other!, 'baccarat-1');
    await post('/api/originals/baccarat/table', { session: viewer.session });
    const dealt = await t.db
      .selectFrom('baccarat_hand')
      .select(['result'])
      .where('id', '=', hand)
      .executeTakeFirstOrThrow();
    const shoe = await t.db
      .selectFrom('baccarat_shoe as s')
      .innerJoin('fair_seed as f', 'f.id', 's.seed_id')
      .select(['f.server_seed', 'f.client_seed', 'f.server_seed_hash'])
      .where('s.room_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(shoe.server_seed_hash).toBe(table.shoe.server_seed_hash);
    const cards = shuffleShoe(
      fairRng({ serverSeed: shoe.server_seed, clientSeed: shoe.client_seed, nonce: 0 }),
    );
    let at = 0;
    const replay = dealHand(() => cards[at++]!);
    expect((dealt.result as { winner: string }).winner).toBe(replay.winner);
    const paid = (['player', 'banker', 'tie', 'player_pair'] as const).reduce(
      (sum, p) => sum + baccaratPayout(p, 10_000, replay),
      0,
    );
    expect((await balances(t, m!))[1]).toBe(460_000 + paid);
    // G6 (docs/rules/engagement.md §0): the Player and Banker bets of the hand count only by their
    // difference (0 here); the tie and pair bets count in full — 200 baht of turnover, 2 points.
    await accrue({ db: t.db, clock }, { memberId: m! });
    const figures = await t.db
      .selectFrom('point_accrual')
      .select((eb) => [
        eb.fn.sum<string>('stake_satang').as('stake'),
        eb.fn.sum<string>('turnover_satang').as('turnover'),
      ])
      .where('member_id', '=', m!)
      .executeTakeFirstOrThrow();
    expect({ stake: Number(figures.stake), turnover: Number(figures.turnover) }).toEqual({
      stake: 40_000,
      turnover: 20_000,
    });
    const points = await t.db
      .selectFrom('point_account')
      .select('balance')
      .where('member_id', '=', m!)
      .executeTakeFirstOrThrow();
    expect(points.balance).toBe(2);
  });

  it('virtual football: 8 priced fixtures each 3 minutes, betting closes 10 s before kick-off, settled 90 s after', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const s = await launch(m!, 'virtual-football');
    type Board = {
      open: { id: number; kickoff_at: string; odds: Record<string, string> }[];
      balance: string;
    };
    const board = (await post<Board>('/api/originals/football/board', { session: s.session })).body.data;
    expect(board.open.length).toBeGreaterThanOrEqual(8);
    const f = board.open[0]!;
    const r = await post('/api/originals/football/bet', {
      session: s.session,
      fixture_id: f.id,
      selection: 'over',
      amount: '100.00',
    });
    expect(r.body.error).toBe(0);
    clock.advance(new Date(f.kickoff_at).getTime() - 5_000 - clock.now().getTime());
    expect(
      (
        await post('/api/originals/football/bet', {
          session: s.session,
          fixture_id: f.id,
          selection: 'home',
          amount: '100.00',
        })
      ).body.error,
    ).toBe(2205);
    clock.advance(96_000);
    await post('/api/originals/football/board', { session: s.session });
    const fx = await t.db
      .selectFrom('football_fixture')
      .select(['home_goals', 'away_goals'])
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    const won = fx.home_goals! + fx.away_goals! > 2;
    const odds = Math.round(Number(f.odds.over) * 100);
    expect((await balances(t, m!))[1]).toBe(100_000 - 10_000 + (won ? odds * 100 : 0));
  });
});

describe('a shared table takes only its own sessions, within its limits', () => {
  it('two tabs: a fishing shot is paid by the fishing session’s wallet, not the newer slot session’s free credit', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000, 3: 10_000 });
    const fishing = await launch(m!, 'fishing', 1);
    await launch(m!, 'golden-elephant', 3);
    const r = await post<{ round_id: number }>('/api/originals/fishing/shoot', {
      session: fishing.session,
      bet: '1.00',
      fish: 'golden_dragon',
    });
    expect(r.body.error, r.body.message).toBe(0);
    const round = await t.db
      .selectFrom('game_round')
      .select('wallet_type_id')
      .where('id', '=', r.body.data.round_id)
      .executeTakeFirstOrThrow();
    expect(round.wallet_type_id).toBe(1);
    expect((await balances(t, m!))[3]).toBe(10_000);
  });

  it('baccarat: 20,000 a position of a hand in all, parallel bets included; a slot or football session is refused', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 10_000_000, 3: 50_000 });
    const s = await launch(m!, 'baccarat-1');
    const slotStart = Math.floor(clock.now().getTime() / 30_000) * 30_000;
    clock.advance(slotStart + 1_000 - clock.now().getTime() + 30_000);
    const table = await post<{ current: { id: number } }>('/api/originals/baccarat/table', {
      session: s.session,
    });
    const hand = table.body.data.current.id;
    const bet = (session: string, position: string, amount: string) =>
      post('/api/originals/baccarat/bet', { session, hand_id: hand, position, amount });
    expect((await bet(s.session, 'banker', '15000')).body.error).toBe(0);
    // Five more on the same position at once: only 5,000 more fits under 20,000.
    const racing = await Promise.all(Array.from({ length: 5 }, () => bet(s.session, 'banker', '5000')));
    expect(racing.filter((r) => r.body.error === 0)).toHaveLength(1);
    expect(racing.filter((r) => r.body.error !== 0).map((r) => r.body.code)).toEqual(
      Array(4).fill('GAME_BET_INVALID'),
    );
    // Another position has its own 20,000.
    expect((await bet(s.session, 'player', '20000')).body.error).toBe(0);
    expect(10_000_000 - (await balances(t, m!))[1]!).toBe(4_000_000);
    // A slot session (paid by free credit) and a football session do not stake at this table.
    const slot = await launch(m!, 'golden-elephant', 3);
    expect((await bet(slot.session, 'tie', '100')).body.code).toBe('GAME_NOT_FOUND');
    expect(
      (await post('/api/originals/baccarat/table', { session: slot.session, room_id: 1 })).body.code,
    ).toBe('GAME_NOT_FOUND');
    expect((await post('/api/originals/football/board', { session: slot.session })).body.code).toBe(
      'GAME_NOT_FOUND',
    );
    expect((await balances(t, m!))[3]).toBe(50_000);
  });
});

describe('jobs', () => {
  it('the deal job opens baccarat hands without anyone reading the table', async () => {
    const j = await createTestApp({ jobs: true, seed: false });
    try {
      const deadline = Date.now() + 30_000;
      let hands = 0;
      while (Date.now() < deadline && hands === 0) {
        await new Promise((r) => setTimeout(r, 500));
        hands = (await j.db.selectFrom('baccarat_hand').select('id').execute()).length;
      }
      expect(hands).toBeGreaterThan(0);
    } finally {
      await j.close();
    }
  }, 60_000);
});
