import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMembers, inHouseSession } from './games-support.ts';
import { call, createTestApp, FixedClock, type TestApp } from './helpers.ts';

// G6 (docs/rules/engagement.md §0) for the rounds quest (§6): opposite Player and Banker bets on one
// baccarat hand count only by their difference — for the rounds counted as for the stake.
let t: TestApp;
const clock = new FixedClock(new Date(Math.floor(Date.now() / 180_000) * 180_000 + 2_000));
const post = <T>(url: string, body: unknown) => call<T>(t.app, 'POST', url, { body });

const launch = (memberId: number, code: string) => inHouseSession(t, clock, memberId, code);

beforeAll(async () => {
  t = await createTestApp({ clock, seed: false });
});
afterAll(async () => t?.close());

describe('the rounds quest counts rounds as G6 does', () => {
  it('a hedged Player 100 + Banker 100 hand adds no round; Player 100 + Banker 150 adds one', async () => {
    type Q = { task: string; progress: string };
    const progress = async (bearer: string) => {
      const r = await call<{ quests: Q[] }>(t.app, 'GET', '/api/quest/list', { token: bearer });
      expect(r.body.error, r.body.message).toBe(0);
      const by = (task: string) => r.body.data.quests.find((q) => q.task === task)?.progress;
      return { bet: by('bet'), rounds: by('rounds') };
    };
    const [hedged, leaning, viewer] = await fundedMembers(t, 3, { 1: 500_000 });
    const a = await launch(hedged!, 'baccarat-1');
    const b = await launch(leaning!, 'baccarat-1');
    // Into the betting part of a fresh 30 s hand.
    const slotStart = Math.floor(clock.now().getTime() / 30_000) * 30_000;
    clock.advance(slotStart + 1_000 - clock.now().getTime() + 30_000);
    const table = (
      await post<{ current: { id: number } }>('/api/originals/baccarat/table', { session: a.session })
    ).body.data;
    for (const [s, bets] of [
      [a, { player: '100.00', banker: '100.00' }],
      [b, { player: '100.00', banker: '150.00' }],
    ] as const)
      for (const [position, amount] of Object.entries(bets)) {
        const r = await post('/api/originals/baccarat/bet', {
          session: s.session,
          hand_id: table.current.id,
          position,
          amount,
        });
        expect(r.body.error, r.body.message).toBe(0);
      }
    // The hand is dealt and settled when the table is next read after its slot.
    clock.advance(31_000);
    await post('/api/originals/baccarat/table', { session: (await launch(viewer!, 'baccarat-1')).session });
    const statuses = await t.db
      .selectFrom('game_round')
      .select('status')
      .where('member_id', 'in', [hedged!, leaning!])
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(['settled', 'settled', 'settled', 'settled']);

    expect(await progress(a.bearer)).toEqual({ bet: '0.00', rounds: '0' });
    expect(await progress(b.bearer)).toEqual({ bet: '50.00', rounds: '1' });
  });
});
