import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Serializes football advances for the rest of the transaction. */
export async function lockFootballAdvance(ex: Executor, lockKey: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(ex);
}

/** Fixtures (x) with their seeds (f). */
function fixturesWithSeeds(ex: Executor) {
  return ex.selectFrom('football_fixture as x').innerJoin('fair_seed as f', 'f.id', 'x.seed_id');
}

/** Fixtures not settled yet that kicked off by `kickedOffBy`, with their seeds. */
export function fixturesToSettle(ex: Executor, kickedOffBy: Date) {
  return fixturesWithSeeds(ex)
    .select([
      'x.id',
      'x.lambda_home',
      'x.lambda_away',
      'x.odds',
      'x.seed_id',
      'f.server_seed',
      'f.client_seed',
    ])
    .where('x.settled_at', 'is', null)
    .where('x.kickoff_at', '<=', kickedOffBy)
    .orderBy('x.id')
    .execute();
}

export async function setFixtureScore(
  ex: Executor,
  fixtureId: number,
  score: { home: number; away: number },
  now: Date,
): Promise<void> {
  await ex
    .updateTable('football_fixture')
    .set({ home_goals: score.home, away_goals: score.away, settled_at: now })
    .where('id', '=', fixtureId)
    .execute();
}

export function fixtureAt(ex: Executor, kickoff: Date) {
  return ex.selectFrom('football_fixture').select('id').where('kickoff_at', '=', kickoff).executeTakeFirst();
}

/** A priced fixture; nothing when it exists. */
export async function insertFixture(
  ex: Executor,
  f: {
    kickoff: Date;
    home: string;
    away: string;
    lambdaHome: number;
    lambdaAway: number;
    odds: unknown;
    seedId: number;
  },
): Promise<void> {
  await ex
    .insertInto('football_fixture')
    .values({
      kickoff_at: f.kickoff,
      home: f.home,
      away: f.away,
      lambda_home: f.lambdaHome,
      lambda_away: f.lambdaAway,
      odds: JSON.stringify(f.odds),
      seed_id: f.seedId,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function fixtures(ex: Executor) {
  return fixturesWithSeeds(ex).select([
    'x.id',
    'x.kickoff_at',
    'x.home',
    'x.away',
    'x.odds',
    'x.home_goals',
    'x.away_goals',
    'f.server_seed_hash',
  ]);
}

/** The next 16 fixtures still open for betting after `closesAfter`. */
export function openFixtures(ex: Executor, closesAfter: Date) {
  return fixtures(ex)
    .where('x.kickoff_at', '>', closesAfter)
    .orderBy('x.kickoff_at')
    .orderBy('x.id')
    .limit(16)
    .execute();
}

/** The latest 8 settled fixtures. */
export function settledFixtures(ex: Executor) {
  return fixtures(ex)
    .where('x.settled_at', 'is not', null)
    .orderBy('x.kickoff_at', 'desc')
    .orderBy('x.id')
    .limit(8)
    .execute();
}

export function fixtureScore(ex: Executor, fixtureId: number) {
  return ex
    .selectFrom('football_fixture')
    .select(['home_goals', 'away_goals'])
    .where('id', '=', fixtureId)
    .executeTakeFirst();
}

/** The member's latest 20 football rounds. */
export function memberFootballRounds(ex: Executor, memberId: number) {
  return ex
    .selectFrom('game_round')
    .select(['id', 'detail', 'stake', 'payout'])
    .where('member_id', '=', memberId)
    .where('table_ref', 'like', 'fb:%')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

/** A fixture with its seed, for a bet. */
export function fixtureForBet(ex: Executor, fixtureId: number) {
  return ex
    .selectFrom('football_fixture as x')
    .innerJoin('fair_seed as f', 'f.id', 'x.seed_id')
    .select(['x.id', 'x.kickoff_at', 'x.odds', 'f.id as seed_id', 'f.server_seed_hash', 'f.client_seed'])
    .where('x.id', '=', fixtureId)
    .executeTakeFirst();
}
