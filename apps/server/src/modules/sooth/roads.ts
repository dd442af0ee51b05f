import { roads } from '@chok/engine/games/roads';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { soothRooms, soothShoeHands } from './originals-queries.ts';
import { detailView, type HandRow, roomView } from './views.ts';

export interface SoothDeps {
  db: Db;
  clock: Clock;
}

/** POST /api/sooth/baccarat: the active rooms with their current shoe (docs/rules/casino.md §7). */
export async function listRooms(d: SoothDeps) {
  const rooms = await soothRooms(d.db);
  const hands = await soothShoeHands(
    d.db,
    rooms.flatMap((r) => (r.shoe_id === null ? [] : [r.shoe_id])),
  );
  return rooms.map((r) =>
    roomView(
      r,
      hands.filter((h) => h.shoe_id === r.shoe_id),
    ),
  );
}

/**
 * POST /api/sooth/detail: the roads of the room's current shoe (§7.1–7.5). A room that does not
 * exist or is closed is refused in Thai.
 */
export async function roomRoads(d: SoothDeps, roomId: number) {
  const [room] = await soothRooms(d.db, roomId);
  if (!room) throw new AppError('SOOTH_ROOM_NOT_FOUND');
  const hands: HandRow[] = room.shoe_id === null ? [] : await soothShoeHands(d.db, [room.shoe_id]);
  const computed = roads(
    hands.map((h) => ({ winner: h.winner, bankerPair: h.banker_pair, playerPair: h.player_pair })),
  );
  return detailView(roomView(room, hands), hands, computed, d.clock.now());
}
