import type { Executor } from '../../platform/db.ts';

/**
 * The baccarat roads' reads of the in-house baccarat tables (originals grants them;
 * docs/rules/casino.md §7). The active in-house baccarat
 * rooms (one when `roomId` is given) with their current shoe — the room's latest, null before the
 * first — in room order.
 */
export function soothRooms(ex: Executor, roomId?: number) {
  let q = ex
    .selectFrom('baccarat_room as r')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('baccarat_shoe as s')
          .select(['s.id', 's.shoe_no', 's.created_at'])
          .whereRef('s.room_id', '=', 'r.id')
          .orderBy('s.shoe_no', 'desc')
          .limit(1)
          .as('s'),
      (join) => join.onTrue(),
    )
    .select(['r.id', 'r.name', 's.id as shoe_id', 's.shoe_no', 's.created_at as shoe_started_at'])
    .where('r.is_active', '=', true);
  if (roomId !== undefined) q = q.where('r.id', '=', roomId);
  return q.orderBy('r.id').execute();
}

/**
 * The dealt hands of these shoes, each shoe's in the order dealt, with
 * what the roads read of the result (winner and pairs).
 */
export async function soothShoeHands(
  ex: Executor,
  shoeIds: readonly number[],
): Promise<
  {
    shoe_id: number;
    hand_no: number;
    winner: 'banker' | 'player' | 'tie';
    banker_pair: boolean;
    player_pair: boolean;
  }[]
> {
  if (shoeIds.length === 0) return [];
  const rows = await ex
    .selectFrom('baccarat_hand')
    .select(['shoe_id', 'hand_no', 'result'])
    .where('shoe_id', 'in', shoeIds as number[])
    .where('dealt_at', 'is not', null)
    .where('result', 'is not', null)
    .orderBy('shoe_id')
    .orderBy('opens_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const result = r.result as {
      winner: 'banker' | 'player' | 'tie';
      banker_pair?: boolean;
      player_pair?: boolean;
    };
    return {
      shoe_id: r.shoe_id,
      hand_no: r.hand_no,
      winner: result.winner,
      banker_pair: result.banker_pair === true,
      player_pair: result.player_pair === true,
    };
  });
}
