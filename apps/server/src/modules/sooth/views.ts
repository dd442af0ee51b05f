import { SOOTH_NOTICE, type soothDetail, soothTopic } from '@chok/contract/api/sooth';
import type { DataOf } from '@chok/contract/endpoint';
import { ROAD_ROWS, type Roads } from '@chok/engine/games/roads';
import { IN_HOUSE_PROVIDER } from '../games/service.ts';
import { gameOfRoom } from '../originals/service.ts';

type Detail = DataOf<typeof soothDetail>;
export type SoothRoom = Detail['room'];

export interface RoomRow {
  id: number;
  name: string;
  shoe_id: number | null;
  shoe_no: number | null;
  shoe_started_at: Date | null;
}
export interface HandRow {
  hand_no: number;
  winner: 'banker' | 'player' | 'tie';
  banker_pair: boolean;
  player_pair: boolean;
}

const RECENT = 12;

export function roomView(r: RoomRow, hands: readonly HandRow[]): SoothRoom {
  return {
    room_id: r.id,
    name: r.name,
    game_id: gameOfRoom(r.id),
    provider_id: IN_HOUSE_PROVIDER,
    topic: soothTopic(r.id),
    shoe:
      r.shoe_no === null || r.shoe_started_at === null
        ? null
        : { shoe_no: r.shoe_no, hands_dealt: hands.length, started_at: r.shoe_started_at.toISOString() },
    last_winners: hands.slice(-RECENT).map((h) => h.winner),
  };
}

/** count / total as a percent with two decimals, rounded half up ("0.00" of no hands). */
export function percentOf(count: number, total: number): string {
  if (total === 0) return '0.00';
  const hundredths = Math.floor((count * 10_000 * 2 + total) / (2 * total));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

const ask = (a: Roads['ask']['banker']) => ({
  big_eye_boy: a.bigEyeBoy,
  small_road: a.smallRoad,
  cockroach_pig: a.cockroachPig,
});

const derived = (road: Roads['derived']['bigEyeBoy']) => ({
  width: road.width,
  cells: road.cells.map((c) => ({
    col: c.col,
    row: c.row,
    column: c.column,
    depth: c.depth,
    colour: c.colour,
  })),
});

export function detailView(room: SoothRoom, hands: readonly HandRow[], r: Roads, now: Date): Detail {
  const s = r.statistics;
  return {
    room,
    notice: SOOTH_NOTICE,
    rows: ROAD_ROWS,
    bead_plate: {
      width: r.beadPlate.width,
      cells: r.beadPlate.cells.map((c) => ({
        col: c.col,
        row: c.row,
        hand_no: hands[c.hand]!.hand_no,
        winner: c.winner,
        banker_pair: c.bankerPair,
        player_pair: c.playerPair,
      })),
    },
    big_road: {
      width: r.bigRoad.width,
      cells: r.bigRoad.cells.map((c) => ({
        col: c.col,
        row: c.row,
        column: c.column,
        depth: c.depth,
        winner: c.winner,
        ties: c.ties,
      })),
    },
    big_eye_boy: derived(r.derived.bigEyeBoy),
    small_road: derived(r.derived.smallRoad),
    cockroach_pig: derived(r.derived.cockroachPig),
    ask: { banker: ask(r.ask.banker), player: ask(r.ask.player) },
    statistics: {
      hands: s.hands,
      banker: s.banker,
      player: s.player,
      tie: s.tie,
      banker_pair: s.bankerPair,
      player_pair: s.playerPair,
      banker_percent: percentOf(s.banker, s.hands),
      player_percent: percentOf(s.player, s.hands),
      tie_percent: percentOf(s.tie, s.hands),
      banker_pair_percent: percentOf(s.bankerPair, s.hands),
      player_pair_percent: percentOf(s.playerPair, s.hands),
      longest_banker: s.longestBanker,
      longest_player: s.longestPlayer,
      current_side: s.current.side,
      current_length: s.current.length,
    },
    server_time: now.toISOString(),
  };
}
