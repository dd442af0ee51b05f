import { createSeed } from '../src/modules/originals/fairness.ts';
import { inTransaction } from '../src/platform/db.ts';
import type { TestApp } from './helpers.ts';

export interface FedHand {
  winner: 'banker' | 'player' | 'tie';
  banker_pair?: boolean;
  player_pair?: boolean;
}

const LETTERS: Record<string, FedHand['winner']> = { B: 'banker', P: 'player', T: 'tie' };
/** `'B B P T'` → hands. */
export const handsOf = (text: string): FedHand[] => text.split(' ').map((c) => ({ winner: LETTERS[c]! }));

/**
 * Starts a new shoe in a baccarat room (the room's open shoe, if any, closes) and writes these hands
 * into it as dealt, in order, straight into the originals tables: the road page's tests need a
 * room with a known sequence, which no deal can promise.
 */
export async function feedShoe(t: TestApp, roomId: number, hands: readonly FedHand[]): Promise<number> {
  const now = new Date();
  return inTransaction(t.db, async (tx) => {
    const last = await tx
      .selectFrom('baccarat_shoe')
      .select((eb) => eb.fn.max('shoe_no').as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    await tx
      .updateTable('baccarat_shoe')
      .set({ closed_at: now })
      .where('room_id', '=', roomId)
      .where('closed_at', 'is', null)
      .execute();
    const shoeNo = Number(last?.n ?? 0) + 1;
    const seed = await createSeed(tx, { memberId: null, clientSeed: `${roomId}:${shoeNo}`, now });
    const shoe = await tx
      .insertInto('baccarat_shoe')
      .values({
        room_id: roomId,
        shoe_no: shoeNo,
        seed_id: seed.id,
        cards_used: hands.length * 5,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Past 30-second slots of their own, a day per shoe number back, so no live slot is taken.
    const base = Date.UTC(2020, 0, 1) + shoeNo * 86_400_000;
    for (const [i, h] of hands.entries()) {
      const opensAt = new Date(base + i * 30_000);
      const closesAt = new Date(opensAt.getTime() + 20_000);
      await tx
        .insertInto('baccarat_hand')
        .values({
          room_id: roomId,
          shoe_id: shoe.id,
          hand_no: i + 1,
          opens_at: opensAt,
          closes_at: closesAt,
          dealt_at: closesAt,
          result: JSON.stringify({
            player: [],
            banker: [],
            player_total: 0,
            banker_total: 0,
            winner: h.winner,
            player_pair: h.player_pair === true,
            banker_pair: h.banker_pair === true,
          }),
        })
        .execute();
    }
    return shoe.id;
  });
}
