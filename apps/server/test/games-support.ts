import { randomUUID } from 'node:crypto';
import type { GameCategory } from '@chok/contract/api/games';
import { satang } from '@chok/engine/money';
import { expect } from 'vitest';
import { createMemberSession } from '../src/modules/auth/sessions.ts';
import { injectTransport, ProviderSimulator } from '../src/modules/games/simulator.ts';
import type { Clock } from '../src/platform/clock.ts';
import { inTransaction } from '../src/platform/db.ts';
import { hashToken, newToken } from '../src/platform/rng.ts';
import { call, type TestApp } from './helpers.ts';

/** Shared set-up of the games server tests: a signed external provider and funded members. */
export const SIM = {
  provider: 'sim',
  secret: 'sim-secret-0123456789abcdef',
  game: 'sim-slot',
  table: 'sim-table',
};

export async function addSimProvider(t: TestApp, now: () => number = Date.now): Promise<ProviderSimulator> {
  await t.db
    .insertInto('game_provider')
    .values({
      id: SIM.provider,
      name: 'Simulated Provider',
      secret: SIM.secret,
      launch_url: 'https://sim.example/launch?token={token}&game={game}&mode={mode}',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await t.db
    .insertInto('game')
    .values([
      { provider_id: SIM.provider, code: SIM.game, name: 'Sim Slot', image: '/x.svg', categories: ['slot'] },
      {
        provider_id: SIM.provider,
        code: SIM.table,
        name: 'Sim Table',
        image: '/x.svg',
        categories: ['casino'],
      },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  return new ProviderSimulator(SIM.provider, SIM.secret, injectTransport(t.app), now);
}

/**
 * More games of the simulator's provider, each with its categories (a code `sim-fish` is named `Sim
 * Fish`), for tests of what a game's category decides.
 */
export async function addSimGames(t: TestApp, games: Record<string, GameCategory[]>): Promise<void> {
  const nameOf = (code: string) =>
    code
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
  await t.db
    .insertInto('game')
    .values(
      Object.entries(games).map(([code, categories]) => ({
        provider_id: SIM.provider,
        code,
        name: nameOf(code),
        image: '/x.svg',
        categories,
      })),
    )
    .execute();
}

let phoneSeq = 0;
/** Members inserted directly (no OTP round trips), with wallets funded from `sys:bank:test`. */
export async function fundedMembers(
  t: TestApp,
  n: number,
  funds: { 1?: number; 2?: number; 3?: number },
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    phoneSeq++;
    const suffix = `${process.pid % 1000}`.padStart(3, '0') + String(phoneSeq).padStart(5, '0');
    ids.push(
      await inTransaction(t.db, async (tx) => {
        const m = await tx
          .insertInto('member')
          .values({
            agent_id: t.config.AGENT_ID,
            phone: `07${suffix}`,
            password_hash: 'x',
            bank_code: '004',
            account_no: `7${suffix}00`,
            account_name: `game test ${suffix}`,
            referral_code: `G${suffix}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.ledger.openMemberWallets(tx, m.id);
        for (const [w, amount] of Object.entries(funds) as [string, number][]) {
          if (amount > 0) {
            await t.ledger.transfer(tx, {
              from: { system: 'sys:bank:test' },
              to: { member: m.id, wallet: Number(w) as 1 | 2 | 3 },
              amount: satang(amount),
              kind: 'deposit',
              idempotencyKey: `test:fund:${m.id}:${w}`,
            });
          }
        }
        return m.id;
      }),
    );
  }
  return ids;
}

/**
 * One settled round at the simulated provider: a bet of `stake` baht on `game` and its credit of `win`
 * (0.00: lost), both answered OK. The member needs a live session for the game first (`simSession`).
 */
export async function settledSimRound(
  sim: ProviderSimulator,
  memberId: number,
  stake: string,
  win: string,
  game = SIM.game,
): Promise<void> {
  const player = String(memberId);
  const bet = randomUUID();
  const round = randomUUID();
  expect((await sim.debit({ player, tx_id: bet, round_id: round, game, amount: stake })).status).toBe('OK');
  const credit = await sim.credit({
    player,
    tx_id: randomUUID(),
    bet_tx_id: bet,
    round_id: round,
    game,
    amount: win,
  });
  expect(credit.status).toBe('OK');
}

/** A live session at the simulated provider for the member's wallet: a launch token, authenticated. */
export async function simSession(
  t: TestApp,
  sim: ProviderSimulator,
  memberId: number,
  walletTypeId: number,
  now: Date,
) {
  expect((await sim.authenticate(await launchToken(t, memberId, walletTypeId, SIM.game, now))).status).toBe(
    'OK',
  );
}

/** A launch token minted directly for (member, wallet, game), as /api/game/link would. */
export async function launchToken(
  t: TestApp,
  memberId: number,
  walletTypeId: number,
  gameCode = SIM.game,
  now = new Date(),
  provider: string = SIM.provider,
) {
  const game = await t.db
    .selectFrom('game')
    .select('id')
    .where('provider_id', '=', provider)
    .where('code', '=', gameCode)
    .executeTakeFirstOrThrow();
  return insertLaunch(t, { memberId, wallet: walletTypeId, gameId: game.id, memberSessionId: null, now });
}

export async function balances(t: TestApp, memberId: number): Promise<Record<number, number>> {
  const rows = await t.db
    .selectFrom('ledger_account')
    .select(['wallet_type_id', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.wallet_type_id!, r.balance!]));
}

/**
 * A launch of game `gameId` paid by `wallet`, as /api/game/link makes it: it belongs to the member's
 * latest session. Answers the launch token.
 */
export async function launchInLatestSession(
  t: TestApp,
  memberId: number,
  gameId: number,
  wallet = 1,
  now = new Date(),
): Promise<string> {
  const memberSession = await t.db
    .selectFrom('member_session')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return insertLaunch(t, { memberId, wallet, gameId, memberSessionId: memberSession.id, now });
}

/** A game_launch row valid for a minute from `now`; answers its token. */
async function insertLaunch(
  t: TestApp,
  l: { memberId: number; wallet: number; gameId: number; memberSessionId: number | null; now: Date },
): Promise<string> {
  const token = newToken();
  await t.db
    .insertInto('game_launch')
    .values({
      token_hash: hashToken(token),
      member_id: l.memberId,
      wallet_type_id: l.wallet,
      game_id: l.gameId,
      member_session_id: l.memberSessionId,
      created_at: l.now,
      expires_at: new Date(l.now.getTime() + 60_000),
    })
    .execute();
  return token;
}

/**
 * An in-house game launched as /api/game/link does it: a live member session, then a launch of `code`
 * paid by `wallet`. Answers the launch token and the member's bearer token.
 */
export async function inHouseLaunch(
  t: TestApp,
  clock: Clock,
  memberId: number,
  code: string,
  wallet = 1,
): Promise<{ token: string; bearer: string }> {
  const game = await t.db.selectFrom('game').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  const member = await createMemberSession(
    t.db,
    clock,
    { idleMinutes: 12 * 60, absoluteHours: 7 * 24 },
    { memberId, ip: null, userAgent: null },
  );
  const token = await launchInLatestSession(t, memberId, game.id, wallet, clock.now());
  return { token, bearer: member.token };
}

/**
 * An in-house game opened as /api/game/link and the game page do it: `inHouseLaunch`, exchanged for a
 * play session. Answers the play session and the member's bearer token.
 */
export async function inHouseSession(
  t: TestApp,
  clock: Clock,
  memberId: number,
  code: string,
  wallet = 1,
): Promise<{ session: string; bearer: string }> {
  const { token, bearer } = await inHouseLaunch(t, clock, memberId, code, wallet);
  const s = await call<{ session: string }>(t.app, 'POST', '/api/originals/session', { body: { token } });
  if (s.body.error !== 0) throw new Error(`play session refused: ${s.body.message}`);
  return { session: s.body.data.session, bearer };
}
