import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { intId, timestamp } from '../fields.ts';

const tag = 'sooth';

/**
 * Baccarat roads (บาคาร่าสูตร, docs/rules/casino.md §7) of the in-house baccarat rooms' current shoes.
 * Live: every dealt hand is published on the stream topic `baccarat:<room_id>` as event `hand`.
 */

/** The stream topic of a room's dealt hands (GET /api/stream?topics=…). */
export const soothTopic = (roomId: number) => `baccarat:${roomId}`;
/** The event name of a dealt hand on that topic. */
export const SOOTH_HAND_EVENT = 'hand';

/** What the page always shows (§7.5): past results do not change the next hand. */
export const SOOTH_NOTICE = 'สถิติย้อนหลังไม่มีผลต่อผลลัพธ์ตาถัดไป';

export const roadWinners = ['banker', 'player', 'tie'] as const;
export const roadSides = ['banker', 'player'] as const;
export const roadColours = ['red', 'blue'] as const;
export const derivedRoadNames = ['big_eye_boy', 'small_road', 'cockroach_pig'] as const;
export type DerivedRoadKey = (typeof derivedRoadNames)[number];
export const derivedRoadLabels: Record<DerivedRoadKey, string> = {
  big_eye_boy: 'บิ๊กอายบอย',
  small_road: 'สมอลโรด',
  cockroach_pig: 'ค็อกโครชพิก',
};

const gridPos = {
  col: z.number().int().describe('Grid column from the left, 0-based'),
  row: z.number().int().describe('Grid row from the top, 0-based (0–5)'),
};
const logical = {
  column: z.number().int().describe('Logical column (0-based); a dragon tail keeps its column'),
  depth: z.number().int().describe('Position in the logical column (0-based)'),
};

const beadCell = z.object({
  ...gridPos,
  hand_no: z.number().int(),
  winner: z.enum(roadWinners),
  banker_pair: z.boolean(),
  player_pair: z.boolean(),
});
const bigRoadCell = z.object({
  ...gridPos,
  ...logical,
  winner: z.enum(roadSides),
  ties: z.number().int().describe('Ties marked on this cell (green slash with the count)'),
});
const derivedCell = z.object({ ...gridPos, ...logical, colour: z.enum(roadColours) });

const road = <T extends z.ZodType>(cell: T) =>
  z.object({ width: z.number().int().describe('Grid columns used'), cells: z.array(cell) });

const askSide = z.object({
  big_eye_boy: z.enum(roadColours).nullable(),
  small_road: z.enum(roadColours).nullable(),
  cockroach_pig: z.enum(roadColours).nullable(),
});

const percent = z.string().describe('Percent of the shoe’s hands with two decimals, e.g. "44.62"');

const shoeSummary = z.object({
  shoe_no: z.number().int(),
  hands_dealt: z.number().int(),
  started_at: timestamp,
});

export const soothRoom = z.object({
  room_id: z.number().int(),
  name: z.string(),
  /** The in-house game that opens this room in the launcher (provider `chok`). */
  game_id: z.string(),
  provider_id: z.string(),
  topic: z.string().describe('Stream topic of the room’s dealt hands'),
  shoe: shoeSummary.nullable().describe('The current shoe; null before the first'),
  last_winners: z
    .array(z.enum(roadWinners))
    .describe('The current shoe’s latest hands (up to 12), oldest first'),
});

export const soothBaccarat = endpoint({
  method: 'POST',
  path: '/api/sooth/baccarat',
  tag,
  auth: 'member',
  summary: 'The in-house baccarat rooms with their current shoe (hands dealt so far)',
  data: z.array(soothRoom),
});

export const soothDetail = endpoint({
  method: 'POST',
  path: '/api/sooth/detail',
  tag,
  auth: 'member',
  summary:
    "A room's current shoe: bead plate, big road, the three derived roads, the ask road for Banker and Player, and statistics",
  body: z.object({ room_id: intId.describe('Room id from /api/sooth/baccarat') }),
  data: z.object({
    room: soothRoom,
    notice: z.string().describe('Always shown: past results do not affect the next hand'),
    rows: z.number().int(),
    bead_plate: road(beadCell),
    big_road: road(bigRoadCell),
    big_eye_boy: road(derivedCell),
    small_road: road(derivedCell),
    cockroach_pig: road(derivedCell),
    ask: z.object({ banker: askSide, player: askSide }),
    statistics: z.object({
      hands: z.number().int(),
      banker: z.number().int(),
      player: z.number().int(),
      tie: z.number().int(),
      banker_pair: z.number().int(),
      player_pair: z.number().int(),
      banker_percent: percent,
      player_percent: percent,
      tie_percent: percent,
      banker_pair_percent: percent,
      player_pair_percent: percent,
      longest_banker: z.number().int(),
      longest_player: z.number().int(),
      current_side: z.enum(roadSides).nullable(),
      current_length: z.number().int(),
    }),
    server_time: timestamp,
  }),
});

export const soothEndpoints = [soothBaccarat, soothDetail];
