import {
  fixturesForSlot,
  footballPayout,
  lambdas,
  playMatch,
  price,
  type Selection,
  selectionWins,
  teamOf,
} from '@chok/engine/games/football';
import { formatBaht } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { memberBalance } from '../wallet/service.ts';
import { createSeed, rngFor } from './fairness.ts';
import { revealSeed } from './fairness-queries.ts';
import {
  fixtureAt,
  fixtureForBet,
  fixtureScore,
  fixturesToSettle,
  insertFixture,
  lockFootballAdvance,
  memberFootballRounds,
  openFixtures,
  setFixtureScore,
  settledFixtures,
} from './football-queries.ts';
import { betOf } from './instant-games.ts';
import type { Rounds } from './rounds.ts';
import type { PlaySessions } from './sessions.ts';
import { placeDemoStake, settleDemoStakes } from './shared-demo.ts';

/** The catalogue code of the football game: the only session that bets on the fixtures. */
const FOOTBALL_GAME = 'virtual-football';
export const FIXTURE_EVERY_SECONDS = 180;
export const CLOSE_BEFORE_SECONDS = 10;
export const SETTLE_AFTER_SECONDS = 90;
export const STAKE_MIN_SATANG = 1_000;
export const STAKE_MAX_SATANG = 1_000_000;
const LOCK_KEY = 7_341_020;

type FixtureRow = {
  id: number;
  kickoff_at: Date;
  home: string;
  away: string;
  odds: unknown;
  home_goals: number | null;
  away_goals: number | null;
  server_seed_hash: string;
};

/**
 * Virtual football (docs/rules/casino.md §5.4): 8 fixtures every 3 minutes, priced when created, betting
 * closes 10 s before kick-off, the score is drawn from the fixture's seed 90 s after kick-off.
 */
export function createFootball(d: { db: Db; clock: Clock; sessions: PlaySessions; rounds: Rounds }) {
  async function advanceIn(tx: Tx, now: Date) {
    await lockFootballAdvance(tx, LOCK_KEY);
    const due = await fixturesToSettle(tx, new Date(now.getTime() - SETTLE_AFTER_SECONDS * 1000));
    for (const f of due) {
      const score = playMatch(rngFor(f, 0), f.lambda_home, f.lambda_away);
      await setFixtureScore(tx, f.id, score, now);
      await revealSeed(tx, f.seed_id, now);
      await d.rounds.settleTable(
        tx,
        `fb:${f.id}`,
        (detail, stake) => {
          const x = detail as { selection: Selection; odds: number };
          return selectionWins(x.selection, score) ? footballPayout(stake, x.odds) : 0;
        },
        { ...score, lambda_home: f.lambda_home, lambda_away: f.lambda_away },
      );
    }
    // Always two kick-offs ahead, so something is open even in a slot's last 10 seconds.
    const every = FIXTURE_EVERY_SECONDS * 1000;
    const next = Math.floor(now.getTime() / every) * every + every;
    for (const kickoff of [next, next + every]) {
      const exists = await fixtureAt(tx, new Date(kickoff));
      if (exists) continue;
      for (const pair of fixturesForSlot(kickoff / every)) {
        const l = lambdas(pair.home, pair.away);
        const { odds } = price(l.home, l.away);
        const seed = await createSeed(tx, {
          memberId: null,
          clientSeed: `${kickoff / 1000}:${pair.home}-${pair.away}`,
          now,
        });
        await insertFixture(tx, {
          kickoff: new Date(kickoff),
          home: pair.home,
          away: pair.away,
          lambdaHome: l.home,
          lambdaAway: l.away,
          odds,
          seedId: seed.id,
        });
      }
    }
  }

  const view = (f: FixtureRow) => {
    const odds = f.odds as Record<Selection, number>;
    return {
      id: f.id,
      kickoff_at: f.kickoff_at.toISOString(),
      closes_at: new Date(f.kickoff_at.getTime() - CLOSE_BEFORE_SECONDS * 1000).toISOString(),
      settles_at: new Date(f.kickoff_at.getTime() + SETTLE_AFTER_SECONDS * 1000).toISOString(),
      home: { code: f.home, name: teamOf(f.home).name },
      away: { code: f.away, name: teamOf(f.away).name },
      odds: Object.fromEntries(Object.entries(odds).map(([k, v]) => [k, (v / 100).toFixed(2)])),
      score:
        f.home_goals === null || f.away_goals === null ? null : { home: f.home_goals, away: f.away_goals },
      server_seed_hash: f.server_seed_hash,
    };
  };

  return {
    advance: (now: Date) => inTransaction(d.db, (tx) => advanceIn(tx, now)),

    async board(session: string) {
      const now = d.clock.now();
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        // Only a football session plays here: its wallet was chosen for a sport game (docs/rules/casino.md §1).
        if (s.game.code !== FOOTBALL_GAME) throw new AppError('GAME_NOT_FOUND');
        await advanceIn(tx, now);
        const open = await openFixtures(tx, new Date(now.getTime() + CLOSE_BEFORE_SECONDS * 1000));
        const results = await settledFixtures(tx);
        let balance: number;
        let myBets: {
          round_id: number;
          fixture_id: number;
          selection: string;
          odds: string;
          stake: string;
          payout: string | null;
        }[] = [];
        if (s.kind === 'demo') {
          balance = await settleDemoStakes(tx, s, async (p) => {
            const f = await fixtureScore(tx, Number(p.ref.slice(3)));
            if (!f) return p.stake;
            if (f.home_goals === null || f.away_goals === null) return null;
            return selectionWins(p.selection as Selection, { home: f.home_goals, away: f.away_goals })
              ? footballPayout(p.stake, p.odds ?? 0)
              : 0;
          });
          myBets = s.pending.map((p, i) => ({
            round_id: -(i + 1),
            fixture_id: Number(p.ref.slice(3)),
            selection: p.selection,
            odds: ((p.odds ?? 0) / 100).toFixed(2),
            stake: formatBaht(p.stake),
            payout: null,
          }));
        } else {
          const rows = await memberFootballRounds(tx, s.memberId);
          myBets = rows.map((r) => {
            const x = r.detail as { fixture_id: number; selection: string; odds: number };
            return {
              round_id: r.id,
              fixture_id: x.fixture_id,
              selection: x.selection,
              odds: (x.odds / 100).toFixed(2),
              stake: formatBaht(r.stake),
              payout: r.payout === null ? null : formatBaht(r.payout),
            };
          });
          balance = await memberBalance(tx, s.memberId, s.walletTypeId);
        }
        return {
          open: open.map(view),
          results: results.map(view),
          my_bets: myBets,
          balance: formatBaht(balance),
          server_time: now.toISOString(),
        };
      });
    },

    async bet(session: string, fixtureId: number, selection: Selection, amountText: string) {
      const now = d.clock.now();
      const amountSatang = betOf(amountText);
      if (amountSatang < STAKE_MIN_SATANG || amountSatang > STAKE_MAX_SATANG || amountSatang % 100 !== 0)
        throw new AppError('GAME_BET_INVALID');
      return inTransaction(d.db, async (tx) => {
        const s = await d.sessions.resolve(tx, session, true);
        // Only a football session plays here: its wallet was chosen for a sport game (docs/rules/casino.md §1).
        if (s.game.code !== FOOTBALL_GAME) throw new AppError('GAME_NOT_FOUND');
        const f = await fixtureForBet(tx, fixtureId);
        if (!f) throw new AppError('RECORD_NOT_FOUND');
        if (now.getTime() >= f.kickoff_at.getTime() - CLOSE_BEFORE_SECONDS * 1000)
          throw new AppError('GAME_BETTING_CLOSED');
        const odds = (f.odds as Record<Selection, number>)[selection];
        if (s.kind === 'demo') {
          const balance = await placeDemoStake(tx, s, {
            ref: `fb:${f.id}`,
            selection,
            stake: amountSatang,
            odds,
          });
          if (balance === null) throw new AppError('INSUFFICIENT_FUNDS');
          return { round_id: null, balance: formatBaht(balance) };
        }
        const r = await d.rounds.stake(tx, s, {
          stake: amountSatang,
          tableRef: `fb:${f.id}`,
          detail: { fixture_id: f.id, selection, odds },
          seed: { id: f.seed_id, server_seed_hash: f.server_seed_hash, client_seed: f.client_seed },
          nonce: 0,
        });
        return { round_id: r.roundId, balance: formatBaht(r.balance) };
      });
    },
  };
}

export type Football = ReturnType<typeof createFootball>;
