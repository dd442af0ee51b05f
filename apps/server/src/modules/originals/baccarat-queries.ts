import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** The room's open shoe with its seed, if any. */
export function openShoe(ex: Executor, roomId: number) {
  return ex
    .selectFrom('baccarat_shoe as s')
    .innerJoin('fair_seed as f', 'f.id', 's.seed_id')
    .select([
      's.id',
      's.shoe_no',
      's.cards_used',
      's.seed_id',
      'f.server_seed',
      'f.server_seed_hash',
      'f.client_seed',
    ])
    .where('s.room_id', '=', roomId)
    .where('s.closed_at', 'is', null)
    .executeTakeFirst();
}

export function lastShoeNo(ex: Executor, roomId: number) {
  return ex
    .selectFrom('baccarat_shoe')
    .select((eb) => eb.fn.max('shoe_no').as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

export function insertShoe(ex: Executor, s: { roomId: number; shoeNo: number; seedId: number; now: Date }) {
  return ex
    .insertInto('baccarat_shoe')
    .values({ room_id: s.roomId, shoe_no: s.shoeNo, seed_id: s.seedId, created_at: s.now })
    .returning(['id', 'shoe_no', 'cards_used', 'seed_id'])
    .executeTakeFirstOrThrow();
}

export function lockRoom(ex: Executor, roomId: number) {
  return ex.selectFrom('baccarat_room').select('id').where('id', '=', roomId).forUpdate().executeTakeFirst();
}

/** Hands of the room not dealt yet whose betting closed by `now`, oldest first. */
export function handsToDeal(ex: Executor, roomId: number, now: Date) {
  return ex
    .selectFrom('baccarat_hand')
    .select(['id', 'shoe_id', 'hand_no'])
    .where('room_id', '=', roomId)
    .where('dealt_at', 'is', null)
    .where('closes_at', '<=', now)
    .orderBy('opens_at')
    .execute();
}

export async function setHandResult(ex: Executor, handId: number, result: unknown, now: Date): Promise<void> {
  await ex
    .updateTable('baccarat_hand')
    .set({ result: JSON.stringify(result), dealt_at: now })
    .where('id', '=', handId)
    .execute();
}

/** Cards used so far; the shoe closes at `closedAt` when given. */
export async function setShoeCardsUsed(
  ex: Executor,
  shoeId: number,
  cardsUsed: number,
  closedAt: Date | null,
): Promise<void> {
  await ex
    .updateTable('baccarat_shoe')
    .set({ cards_used: cardsUsed, ...(closedAt ? { closed_at: closedAt } : {}) })
    .where('id', '=', shoeId)
    .execute();
}

export function shoeHandCount(ex: Executor, shoeId: number) {
  return ex
    .selectFrom('baccarat_hand')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shoe_id', '=', shoeId)
    .executeTakeFirstOrThrow();
}

/** Opens the room's hand of one time slot; nothing when it exists. */
export async function insertHand(
  ex: Executor,
  h: { roomId: number; shoeId: number; handNo: number; opensAt: Date; closesAt: Date },
): Promise<void> {
  await ex
    .insertInto('baccarat_hand')
    .values({
      room_id: h.roomId,
      shoe_id: h.shoeId,
      hand_no: h.handNo,
      opens_at: h.opensAt,
      closes_at: h.closesAt,
    })
    .onConflict((oc) => oc.columns(['room_id', 'opens_at']).doNothing())
    .execute();
}

export function handResult(ex: Executor, handId: number) {
  return ex.selectFrom('baccarat_hand').select('result').where('id', '=', handId).executeTakeFirst();
}

export function activeRoomIds(ex: Executor) {
  return ex.selectFrom('baccarat_room').select('id').where('is_active', '=', true).execute();
}

export function roomById(ex: Executor, roomId: number) {
  return ex.selectFrom('baccarat_room').selectAll().where('id', '=', roomId).executeTakeFirstOrThrow();
}

export function activeRooms(ex: Executor) {
  return ex
    .selectFrom('baccarat_room')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

/** The room's latest 80 hands opened by `slotStart`, newest first. */
export function recentHands(ex: Executor, roomId: number, slotStart: Date) {
  return ex
    .selectFrom('baccarat_hand')
    .select(['id', 'hand_no', 'opens_at', 'closes_at', 'result', 'shoe_id'])
    .where('room_id', '=', roomId)
    .where('opens_at', '<=', slotStart)
    .orderBy('opens_at', 'desc')
    .limit(80)
    .execute();
}

/** The member's rounds at the given tables, in the order placed. */
export function memberTableRounds(ex: Executor, memberId: number, tableRefs: string[]) {
  return ex
    .selectFrom('game_round')
    .select(['table_ref', 'detail', 'stake', 'payout'])
    .where('member_id', '=', memberId)
    .where('table_ref', 'in', tableRefs)
    .orderBy('id')
    .execute();
}

/** What the member has staked on one position of one hand, refunded bets left out (its limit is per position). */
export async function memberPositionStake(
  ex: Executor,
  memberId: number,
  tableRef: string,
  position: string,
): Promise<number> {
  const r = await ex
    .selectFrom('game_round')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('stake'), eb.val('0')).as('staked'))
    .where('member_id', '=', memberId)
    .where('table_ref', '=', tableRef)
    .where('status', '<>', 'refunded')
    .where(sql<string>`detail->>'position'`, '=', position)
    .executeTakeFirst();
  return Number(r?.staked ?? 0);
}

/** A hand with its room's limits and its shoe's seed. */
export function handForBet(ex: Executor, handId: number) {
  return ex
    .selectFrom('baccarat_hand as h')
    .innerJoin('baccarat_room as r', 'r.id', 'h.room_id')
    .innerJoin('baccarat_shoe as s', 's.id', 'h.shoe_id')
    .innerJoin('fair_seed as f', 'f.id', 's.seed_id')
    .select([
      'h.id',
      'h.room_id',
      'h.hand_no',
      'h.opens_at',
      'h.closes_at',
      'r.min_bet',
      'r.max_bet',
      'f.id as seed_id',
      'f.server_seed_hash',
      'f.client_seed',
    ])
    .where('h.id', '=', handId)
    .executeTakeFirst();
}
