import {
  FISH_KINDS,
  FISHING_BETS_BAHT,
  type FishKind,
  SHOTS_PER_SECOND_MAX,
  shoot,
} from '@chok/engine/games/fishing';
import {
  FEATURE_BUY_PRICE_HUNDREDTHS,
  FREE_SPIN_MULTIPLIER,
  isSlotBet,
  playSlotRound,
  type SlotSpin,
} from '@chok/engine/games/slot';
import { bahtToSatang, formatBaht, parseBaht } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySessions } from './sessions.ts';

/** A stake the member typed, in satang; anything but a baht amount is GAME_BET_INVALID (every in-house game). */
export function betOf(text: string): number {
  try {
    return parseBaht(text);
  } catch {
    throw new AppError('GAME_BET_INVALID');
  }
}

function spinView(s: SlotSpin, betSatang: number, free: boolean) {
  const lineBet = betSatang / 20;
  const m = free ? FREE_SPIN_MULTIPLIER : 1;
  return {
    stops: s.stops,
    reels: s.reels,
    line_wins: s.lineWins.map((l) => ({
      line: l.line,
      symbol: l.symbol,
      count: l.count,
      win: formatBaht(l.multiplier * lineBet * m),
    })),
    scatters: s.scatters,
    win: formatBaht(s.win),
  };
}

/** ช้างทอง and ยิงปลา: one round per spin or shot. */
export function createInstantGames(d: { db: Db; clock: Clock; sessions: PlaySessions; rounds: Rounds }) {
  const shots = new Map<string, number[]>();

  function throttleShots(session: string, nowMs: number) {
    const recent = (shots.get(session) ?? []).filter((t) => nowMs - t < 1000);
    if (recent.length >= SHOTS_PER_SECOND_MAX) throw new AppError('GAME_TOO_FAST');
    recent.push(nowMs);
    shots.set(session, recent);
    if (shots.size > 10_000) shots.clear();
  }

  return {
    async spin(session: string, betText: string, buy: boolean) {
      const betSatang = betOf(betText);
      if (!isSlotBet(betSatang)) throw new AppError('GAME_BET_INVALID');
      const costSatang = buy ? (betSatang * FEATURE_BUY_PRICE_HUNDREDTHS) / 100 : betSatang;
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        if (s.game.code !== 'golden-elephant') throw new AppError('GAME_NOT_FOUND');
        const r = await d.rounds.instant(tx, s, {
          stake: costSatang,
          play: (rng) => playSlotRound(rng, betSatang, { buy }),
          detail: { bet: betSatang, buy },
          outcome: (round) => ({
            base: round.base ? { stops: round.base.stops, win: round.base.win } : null,
            free_spins: round.freeSpins.map((f) => ({ stops: f.stops, win: f.win })),
            win: round.win,
          }),
        });
        return {
          round_id: r.roundId,
          bet: formatBaht(betSatang),
          cost: formatBaht(costSatang),
          win: formatBaht(r.result.win),
          balance: formatBaht(r.balance),
          base: r.result.base ? spinView(r.result.base, betSatang, false) : null,
          free_spins: r.result.freeSpins.map((f) => spinView(f, betSatang, true)),
          fair: r.fair,
        };
      });
    },

    async shoot(session: string, betText: string, fish: string) {
      const nowMs = d.clock.now().getTime();
      const betSatang = betOf(betText);
      if (!FISHING_BETS_BAHT.some((b) => bahtToSatang(b) === betSatang))
        throw new AppError('GAME_BET_INVALID');
      if (!(FISH_KINDS as readonly string[]).includes(fish))
        throw new AppError('VALIDATION_FAILED', {}, { fish: 'ไม่พบปลาชนิดนี้' });
      throttleShots(session, nowMs);
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        if (s.game.code !== 'fishing') throw new AppError('GAME_NOT_FOUND');
        const r = await d.rounds.instant(tx, s, {
          stake: betSatang,
          play: (rng) => shoot(rng, fish as FishKind, betSatang),
          detail: { bet: betSatang, fish },
          outcome: (x) => ({ captured: x.captured, win: x.win }),
        });
        return {
          round_id: r.roundId,
          fish,
          captured: r.result.captured,
          win: formatBaht(r.result.win),
          balance: formatBaht(r.balance),
          fair: r.fair,
        };
      });
    },
  };
}

export type InstantGames = ReturnType<typeof createInstantGames>;
