import { SOOTH_HAND_EVENT, soothTopic } from '@chok/contract/api/sooth';
import type { BaccaratPosition } from '@chok/engine/games/baccarat';
import {
  type BaccaratHand,
  baccaratPayout,
  dealHand,
  RESHUFFLE_BELOW,
  SHOE_CARDS,
  shuffleShoe,
} from '@chok/engine/games/baccarat';
import { formatBaht } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { lockMember } from '../members/service.ts';
import { memberBalance } from '../wallet/service.ts';
import {
  activeRoomIds,
  activeRooms,
  handForBet,
  handResult,
  handsToDeal,
  insertHand,
  insertShoe,
  lastShoeNo,
  lockRoom,
  memberPositionStake,
  memberTableRounds,
  openShoe,
  recentHands,
  roomById,
  setHandResult,
  setShoeCardsUsed,
  shoeHandCount,
} from './baccarat-queries.ts';
import { createSeed, rngFor } from './fairness.ts';
import { revealSeed } from './fairness-queries.ts';
import { betOf } from './instant-games.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySessions } from './sessions.ts';
import { placeDemoStake, settleDemoStakes } from './shared-demo.ts';

export const HAND_SECONDS = 30;
export const BETTING_SECONDS = 20;

type Result = {
  player: number[];
  banker: number[];
  player_total: number;
  banker_total: number;
  winner: 'player' | 'banker' | 'tie';
  player_pair: boolean;
  banker_pair: boolean;
};

function toResult(h: BaccaratHand): Result {
  return {
    player: h.player,
    banker: h.banker,
    player_total: h.playerTotal,
    banker_total: h.bankerTotal,
    winner: h.winner,
    player_pair: h.playerPair,
    banker_pair: h.bankerPair,
  };
}
function fromResult(r: Result): BaccaratHand {
  return {
    player: r.player,
    banker: r.banker,
    playerTotal: r.player_total,
    bankerTotal: r.banker_total,
    winner: r.winner,
    playerPair: r.player_pair,
    bankerPair: r.banker_pair,
    natural: false,
  };
}

/** The catalogue game that opens a room (provider `chok`): `baccarat-<room id>`. */
export function gameOfRoom(roomId: number): string {
  return `baccarat-${roomId}`;
}

export function roomOfGame(code: string): number {
  const m = /^baccarat-(\d+)$/.exec(code);
  if (!m) throw new AppError('GAME_NOT_FOUND');
  return Number(m[1]);
}

/**
 * Shared baccarat rooms (docs/rules/casino.md §5.2, §6.6): one shoe per seed (client seed `room:shoe`),
 * shuffled by Fisher–Yates, a hand every 30 s with 20 s of betting. advance(now) deals every hand
 * whose betting closed and opens the current one; it is safe to call from jobs, sweeps and reads.
 */
export function createBaccarat(d: {
  db: Db;
  clock: Clock;
  sessions: PlaySessions;
  rounds: Rounds;
  events: Pick<EventBus, 'publish'>;
}) {
  const shoes = new Map<number, number[]>();

  async function currentShoe(tx: Tx, roomId: number, now: Date) {
    const open = await openShoe(tx, roomId);
    if (open) return open;
    const last = await lastShoeNo(tx, roomId);
    const shoeNo = Number(last?.n ?? 0) + 1;
    const seed = await createSeed(tx, { memberId: null, clientSeed: `${roomId}:${shoeNo}`, now });
    const row = await insertShoe(tx, { roomId, shoeNo, seedId: seed.id, now });
    return {
      ...row,
      server_seed: seed.server_seed,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
    };
  }

  function cardsOf(shoe: { id: number; server_seed: string; client_seed: string }): number[] {
    let cards = shoes.get(shoe.id);
    if (!cards) {
      cards = shuffleShoe(rngFor(shoe, 0));
      shoes.set(shoe.id, cards);
      if (shoes.size > 64) shoes.delete(shoes.keys().next().value!);
    }
    return cards;
  }

  async function advanceIn(tx: Tx, roomId: number, now: Date) {
    const locked = await lockRoom(tx, roomId);
    if (!locked) throw new AppError('GAME_NOT_FOUND');
    const due = await handsToDeal(tx, roomId, now);
    for (const hand of due) {
      const shoe = await currentShoe(tx, roomId, now);
      const cards = cardsOf(shoe);
      let at = shoe.cards_used;
      const first = at;
      const dealt = dealHand(() => cards[at++]!);
      const result = toResult(dealt);
      await setHandResult(tx, hand.id, { ...result, first_card: first }, now);
      // The roads page (modules/sooth) redraws on it; delivered when this transaction commits.
      await d.events.publish(tx, soothTopic(roomId), SOOTH_HAND_EVENT, {
        room_id: roomId,
        shoe_no: shoe.shoe_no,
        hand_no: hand.hand_no,
        winner: result.winner,
        banker_pair: result.banker_pair,
        player_pair: result.player_pair,
      });
      const closing = SHOE_CARDS - at < RESHUFFLE_BELOW;
      await setShoeCardsUsed(tx, shoe.id, at, closing ? now : null);
      if (closing) await revealSeed(tx, shoe.seed_id, now);
      await d.rounds.settleTable(
        tx,
        `bac:${hand.id}`,
        (detail, stake) => baccaratPayout((detail as { position: BaccaratPosition }).position, stake, dealt),
        { ...result, first_card: first },
      );
    }
    const slotStart = new Date(Math.floor(now.getTime() / (HAND_SECONDS * 1000)) * HAND_SECONDS * 1000);
    const shoe = await currentShoe(tx, roomId, now);
    const count = await shoeHandCount(tx, shoe.id);
    await insertHand(tx, {
      roomId,
      shoeId: shoe.id,
      handNo: Number(count.n) + 1,
      opensAt: slotStart,
      closesAt: new Date(slotStart.getTime() + BETTING_SECONDS * 1000),
    });
    return { shoe, slotStart };
  }

  async function handPayout(tx: Tx, ref: string, selection: string, stake: number): Promise<number | null> {
    const id = Number(ref.slice(4));
    const hand = await handResult(tx, id);
    if (!hand?.result) return hand ? null : stake;
    return baccaratPayout(selection as BaccaratPosition, stake, fromResult(hand.result as Result));
  }

  const view = (h: { id: number; hand_no: number; opens_at: Date; closes_at: Date; result: unknown }) => ({
    id: h.id,
    hand_no: h.hand_no,
    opens_at: h.opens_at.toISOString(),
    closes_at: h.closes_at.toISOString(),
    deals_at: h.closes_at.toISOString(),
    result: h.result ? (({ first_card: _f, ...r }) => r)(h.result as Result & { first_card: number }) : null,
  });

  return {
    advance: (roomId: number, now: Date) => inTransaction(d.db, (tx) => advanceIn(tx, roomId, now)),

    async advanceAll(now: Date) {
      const rooms = await activeRoomIds(d.db);
      for (const r of rooms) await inTransaction(d.db, (tx) => advanceIn(tx, r.id, now));
    },

    /** The room's table as the member sees it; without a room, the room of the session's game. */
    async table(session: string, roomOfRequest: number | undefined) {
      const now = d.clock.now();
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        const roomOfSession = roomOfGame(s.game.code); // a baccarat session only
        const roomId = roomOfRequest ?? roomOfSession;
        const { shoe, slotStart } = await advanceIn(tx, roomId, now);
        const room = await roomById(tx, roomId);
        const rooms = await activeRooms(tx);
        const hands = await recentHands(tx, roomId, slotStart);
        const current = hands[0]!;
        const previous = hands.find((h) => h.id !== current.id && h.result) ?? null;
        const history = hands
          .filter((h) => h.result && h.shoe_id === shoe.id)
          .reverse()
          .map((h) => (h.result as Result).winner);
        let balance: number;
        let myBets: { hand_id: number; position: string; stake: string; payout: string | null }[];
        const ids = [current.id, previous?.id].filter((x): x is number => x !== undefined);
        if (s.kind === 'demo') {
          balance = await settleDemoStakes(tx, s, (p) => handPayout(tx, p.ref, p.selection, p.stake));
          myBets = s.pending.map((p) => ({
            hand_id: Number(p.ref.slice(4)),
            position: p.selection,
            stake: formatBaht(p.stake),
            payout: null,
          }));
        } else {
          const rows = await memberTableRounds(
            tx,
            s.memberId,
            ids.map((i) => `bac:${i}`),
          );
          myBets = rows.map((r) => ({
            hand_id: Number(r.table_ref!.slice(4)),
            position: (r.detail as { position: string }).position,
            stake: formatBaht(r.stake),
            payout: r.payout === null ? null : formatBaht(r.payout),
          }));
          balance = await memberBalance(tx, s.memberId, s.walletTypeId);
        }
        return {
          rooms,
          room_id: roomId,
          shoe: {
            shoe_no: shoe.shoe_no,
            server_seed_hash: shoe.server_seed_hash,
            cards_left: SHOE_CARDS - shoe.cards_used,
          },
          current: view(current),
          previous: previous ? view(previous) : null,
          history,
          my_bets: myBets,
          balance: formatBaht(balance),
          min_bet: formatBaht(room.min_bet),
          max_bet: formatBaht(room.max_bet),
          server_time: now.toISOString(),
        };
      });
    },

    async bet(session: string, handId: number, position: BaccaratPosition, amountText: string) {
      const now = d.clock.now();
      const amountSatang = betOf(amountText);
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        // Only a baccarat session stakes here: its wallet was chosen for a casino game (docs/rules/casino.md §1).
        roomOfGame(s.game.code);
        const hand = await handForBet(tx, handId);
        if (!hand) throw new AppError('RECORD_NOT_FOUND');
        if (now < hand.opens_at || now >= hand.closes_at) throw new AppError('GAME_BETTING_CLOSED');
        if (amountSatang < hand.min_bet || amountSatang > hand.max_bet || amountSatang % 100 !== 0)
          throw new AppError('GAME_BET_INVALID');
        // The room's limit is per position of a hand (docs/rules/casino.md §5.2): with what the member
        // already staked there. The member's row is locked first, so bets racing from other tabs wait.
        const ref = `bac:${hand.id}`;
        let already: number;
        if (s.kind === 'demo') {
          already = s.pending
            .filter((p) => p.ref === ref && p.selection === position)
            .reduce((a, p) => a + p.stake, 0);
        } else {
          await lockMember(tx, s.memberId);
          already = await memberPositionStake(tx, s.memberId, ref, position);
        }
        if (already + amountSatang > hand.max_bet) throw new AppError('GAME_BET_INVALID');
        if (s.kind === 'demo') {
          const balance = await placeDemoStake(tx, s, {
            ref: `bac:${hand.id}`,
            selection: position,
            stake: amountSatang,
          });
          if (balance === null) throw new AppError('INSUFFICIENT_FUNDS');
          return { round_id: null, balance: formatBaht(balance) };
        }
        const r = await d.rounds.stake(tx, s, {
          stake: amountSatang,
          tableRef: `bac:${hand.id}`,
          detail: { room: hand.room_id, hand_id: hand.id, hand_no: hand.hand_no, position },
          seed: { id: hand.seed_id, server_seed_hash: hand.server_seed_hash, client_seed: hand.client_seed },
          nonce: 0,
        });
        return { round_id: r.roundId, balance: formatBaht(r.balance) };
      });
    },

    /** When the next hand deals (for the job that self-schedules every 30 s). */
    nextDealAt(now: Date): Date {
      const slot = Math.floor(now.getTime() / (HAND_SECONDS * 1000)) * HAND_SECONDS * 1000;
      const deal = slot + BETTING_SECONDS * 1000;
      return new Date(deal > now.getTime() ? deal : deal + HAND_SECONDS * 1000);
    },
  };
}

export type Baccarat = ReturnType<typeof createBaccarat>;
