import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMembers, inHouseLaunch } from './games-support.ts';
import { call, createTestApp, FixedClock, registerMember, type TestApp } from './helpers.ts';
import { feedShoe, handsOf } from './sooth-fixtures.ts';

// Baccarat roads (docs/rules/casino.md §7) through POST /api/sooth/baccarat and /api/sooth/detail,
// on rooms fed a known sequence through the originals tables, and live from a real deal.

// A few seconds into a 30-second baccarat slot.
const clock = new FixedClock(new Date(Math.floor(Date.now() / 180_000) * 180_000 + 2_000));
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = (await registerMember(t)).token;
});
afterAll(async () => t.close());

type Cell = { col: number; row: number; column: number; depth: number };
type Detail = {
  room: {
    room_id: number;
    name: string;
    game_id: string;
    topic: string;
    shoe: { hands_dealt: number } | null;
  };
  notice: string;
  rows: number;
  bead_plate: {
    width: number;
    cells: (Omit<Cell, 'column' | 'depth'> & { winner: string; hand_no: number })[];
  };
  big_road: { width: number; cells: (Cell & { winner: string; ties: number })[] };
  big_eye_boy: { cells: (Cell & { colour: string })[] };
  small_road: { cells: (Cell & { colour: string })[] };
  cockroach_pig: { cells: (Cell & { colour: string })[] };
  ask: Record<'banker' | 'player', Record<'big_eye_boy' | 'small_road' | 'cockroach_pig', string | null>>;
  statistics: Record<string, number | string | null>;
};
const detail = (roomId: unknown) =>
  call<Detail>(t.app, 'POST', '/api/sooth/detail', { token, body: { room_id: roomId } });
const letters = (cells: { colour: string }[]) => cells.map((c) => (c.colour === 'red' ? 'R' : 'B')).join(' ');

describe('POST /api/sooth/detail', () => {
  it('the §7 example: a room fed B B P P P B T B P B B B P shows its roads, ask road and statistics', async () => {
    await feedShoe(t, 2, handsOf('B B P P P B T B P B B B P'));
    const r = await detail(2);
    expect(r.status).toBe(200);
    expect(r.body.error).toBe(0);
    const d = r.body.data;
    expect(d.notice).toBe('สถิติย้อนหลังไม่มีผลต่อผลลัพธ์ตาถัดไป');
    expect(d.rows).toBe(6);
    expect(d.room).toMatchObject({ room_id: 2, name: 'ห้องมรกต', game_id: 'baccarat-2', topic: 'baccarat:2' });
    expect(d.room.shoe?.hands_dealt).toBe(13);

    expect(d.bead_plate.cells.map((c) => c.winner[0]).join('')).toBe('bbpppbtbpbbbp');
    expect(d.bead_plate.cells.map((c) => c.hand_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(d.bead_plate.cells[6]).toMatchObject({ col: 1, row: 0, winner: 'tie' });

    const columns: string[] = [];
    for (const c of d.big_road.cells) {
      columns[c.column] =
        `${columns[c.column] ?? ''}${c.winner === 'banker' ? 'B' : 'P'}${c.ties ? '(tie)' : ''}`;
    }
    expect(columns.join(' | ')).toBe('BB | PPP | B(tie)B | P | BBB | P');

    expect(letters(d.big_eye_boy.cells)).toBe('R B B R B B B R B');
    expect(letters(d.small_road.cells)).toBe('R R B R B B');
    expect(letters(d.cockroach_pig.cells)).toBe('B R R R');
    expect(d.ask).toEqual({
      banker: { big_eye_boy: 'blue', small_road: 'red', cockroach_pig: 'blue' },
      player: { big_eye_boy: 'red', small_road: 'blue', cockroach_pig: 'red' },
    });
    expect(d.statistics).toMatchObject({
      hands: 13,
      banker: 7,
      player: 5,
      tie: 1,
      banker_percent: '53.85',
      player_percent: '38.46',
      tie_percent: '7.69',
      banker_pair: 0,
      player_pair_percent: '0.00',
      longest_banker: 3,
      longest_player: 3,
      current_side: 'player',
      current_length: 1,
    });
  });

  it('reads only the current shoe: a new shoe starts empty roads', async () => {
    await feedShoe(t, 1, handsOf('B P B P B P B'));
    await feedShoe(t, 1, [
      { winner: 'player', player_pair: true },
      { winner: 'tie', banker_pair: true },
    ]);
    const d = (await detail(1)).body.data;
    expect(d.bead_plate.cells.map((c) => c.winner)).toEqual(['player', 'tie']);
    expect(d.big_road.cells).toHaveLength(1);
    expect(d.big_road.cells[0]).toMatchObject({ winner: 'player', ties: 1 });
    expect(d.big_eye_boy.cells).toEqual([]);
    expect(d.statistics).toMatchObject({ banker_pair: 1, player_pair: 1, banker_pair_percent: '50.00' });
  });

  it('an unknown or closed room is refused in Thai; a malformed room id too; nothing else answers 5xx', async () => {
    const unknown = await detail(999);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ error: 2530, code: 'SOOTH_ROOM_NOT_FOUND' });
    expect(unknown.body.message).toBe('ไม่พบห้องบาคาร่านี้ หรือห้องปิดให้บริการแล้ว');

    await t.db.updateTable('baccarat_room').set({ is_active: false }).where('id', '=', 3).execute();
    try {
      expect((await detail(3)).body.error).toBe(2530);
      const list = await call<{ room_id: number }[]>(t.app, 'POST', '/api/sooth/baccarat', { token });
      expect(list.body.data.map((r) => r.room_id)).not.toContain(3);
    } finally {
      await t.db.updateTable('baccarat_room').set({ is_active: true }).where('id', '=', 3).execute();
    }

    for (const bad of ['abc', 0, -1, 1.5, null, '1e3', 99_999_999_999]) {
      const r = await detail(bad);
      expect(r.status).toBeLessThan(500);
      expect(r.body.error).not.toBe(0);
      expect(r.body.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    const noBody = await call(t.app, 'POST', '/api/sooth/detail', { token, body: {} });
    expect(noBody.status).toBeLessThan(500);
    expect(noBody.body.error).not.toBe(0);
    expect(noBody.body.message).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('needs a member', async () => {
    expect((await call(t.app, 'POST', '/api/sooth/detail', { body: { room_id: 1 } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/sooth/baccarat')).status).toBe(401);
  });
});

describe('POST /api/sooth/baccarat', () => {
  it('lists the active rooms with their current shoe and its latest results', async () => {
    await feedShoe(t, 2, handsOf('B B P P P B T B P B B B P T'));
    const r = await call<
      {
        room_id: number;
        name: string;
        game_id: string;
        provider_id: string;
        topic: string;
        shoe: { shoe_no: number; hands_dealt: number; started_at: string } | null;
        last_winners: string[];
      }[]
    >(t.app, 'POST', '/api/sooth/baccarat', { token });
    expect(r.body.error).toBe(0);
    expect(r.body.data.map((x) => [x.room_id, x.name, x.game_id, x.provider_id])).toEqual([
      [1, 'ห้องสยาม', 'baccarat-1', 'chok'],
      [2, 'ห้องมรกต', 'baccarat-2', 'chok'],
      [3, 'ห้องทับทิม', 'baccarat-3', 'chok'],
    ]);
    const room2 = r.body.data[1]!;
    expect(room2.shoe?.hands_dealt).toBe(14);
    // The latest 12 of B B [P P P B T B P B B B P T], oldest first.
    expect(room2.last_winners.join(',')).toBe(
      'player,player,player,banker,tie,banker,player,banker,banker,banker,player,tie',
    );
    expect(room2.topic).toBe('baccarat:2');
  });
});

/** A launch of an in-house game as /api/game/link makes it, opened into a play session. */
async function launch(memberId: number, code: string) {
  const { token: launchToken } = await inHouseLaunch(t, clock, memberId, code);
  const s = await call<{ session: string }>(t.app, 'POST', '/api/originals/session', {
    body: { token: launchToken },
  });
  expect(s.body.error).toBe(0);
  return s.body.data.session;
}

describe('live', () => {
  it('a dealt hand is published on the room’s topic, and the roads then include it', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 10_000 });
    const session = await launch(m!, 'baccarat-3');
    const events: { event: string; data: { room_id: number; hand_no: number; winner: string } }[] = [];
    const off = t.app.events.listen('baccarat:3', (event, data) =>
      events.push({ event, data: data as never }),
    );
    try {
      // Reading the table opens the current hand; 30 s later the next read deals it.
      expect(
        (await call(t.app, 'POST', '/api/originals/baccarat/table', { body: { session, room_id: 3 } })).body
          .error,
      ).toBe(0);
      const before = (await detail(3)).body.data;
      expect(before.bead_plate.cells).toEqual([]);
      clock.advance(30_000);
      expect(
        (await call(t.app, 'POST', '/api/originals/baccarat/table', { body: { session, room_id: 3 } })).body
          .error,
      ).toBe(0);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({ event: 'hand', data: { room_id: 3, hand_no: 1 } });
      const after = (await detail(3)).body.data;
      expect(after.bead_plate.cells.map((c) => c.winner)).toEqual([events[0]!.data.winner]);
      expect(after.room.shoe?.hands_dealt).toBe(1);
    } finally {
      off();
    }
  });
});
