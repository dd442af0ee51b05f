import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { LottoDeps } from '../src/modules/lotto/deps.ts';
import { createLotto, type Lotto } from '../src/modules/lotto/service.ts';
import type { Clock, FixedClock } from '../src/platform/clock.ts';
import { inTransaction } from '../src/platform/db.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import { call, registerMember, staffToken, type TestApp } from './helpers.ts';

/** The lotto module's deps on a test app's database, with their own clock. */
export function lottoDeps(t: TestApp, clock: Clock): LottoDeps {
  return { db: t.db, ledger: t.ledger, events: t.app.events, jobs: disabledJobs, clock, config: t.config };
}

/** The lotto services on a test app's database, with their own clock. */
export function lottoOf(t: TestApp, clock: Clock): Lotto {
  return createLotto(lottoDeps(t, clock));
}

export async function marketId(t: TestApp, code: string): Promise<number> {
  const m = await t.db
    .selectFrom('lotto_market')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return m.id;
}

let roundNo = 1000;
/**
 * A round of `code` that is open now and closes `closeInMs` from now by the DATABASE clock (which
 * bill acceptance reads), with the market's settings snapshot.
 */
export async function openRound(
  t: TestApp,
  code: string,
  o: { closeInMs?: number; openedAgoMs?: number; businessDate?: string } = {},
): Promise<number> {
  const m = await t.db
    .selectFrom('lotto_market')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const settings = {
    rates: m.rates,
    yeekee: m.yeekee,
    sealed_close: m.sealed_close,
    cancel_before_minutes: m.cancel_before_minutes,
  };
  roundNo += 1;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO lotto_round (market_id, business_date, round_no, status, open_at, close_at, shoot_close_at, expected_result_at, settings)
    VALUES (${m.id}, ${o.businessDate ?? '2030-01-01'}, ${roundNo}, 'open',
      clock_timestamp() - make_interval(secs => ${(o.openedAgoMs ?? 3600_000) / 1000}),
      clock_timestamp() + make_interval(secs => ${(o.closeInMs ?? 3600_000) / 1000}),
      ${m.derive_rule === 'yeekee' ? sql`clock_timestamp() + make_interval(secs => ${(o.closeInMs ?? 3600_000) / 1000 + 120})` : sql`NULL`},
      clock_timestamp() + make_interval(secs => ${(o.closeInMs ?? 3600_000) / 1000 + 2400}),
      ${JSON.stringify(settings)})
    RETURNING id`.execute(t.db);
  return rows[0]!.id;
}

/** Puts `baht` in a member's wallet from `sys:test`, booked as a deposit unless told otherwise. */
export async function fund(
  t: TestApp,
  memberId: number,
  baht: number,
  wallet: 1 | 2 | 3 = 1,
  kind: 'deposit' | 'adjustment' = 'deposit',
): Promise<void> {
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: { system: 'sys:test' },
      to: { member: memberId, wallet },
      amount: satang(baht * 100),
      kind,
      idempotencyKey: `test:fund:${memberId}:${wallet}:${Date.now()}:${Math.trunc(performance.now() * 1000)}`,
    }),
  );
}

export async function fundedMember(t: TestApp, baht: number) {
  const m = await registerMember(t);
  await fund(t, m.memberId, baht);
  return m;
}

export async function balanceOf(t: TestApp, memberId: number, wallet = 1): Promise<number> {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', wallet)
    .executeTakeFirstOrThrow();
  return row.balance ?? 0;
}

export type Line = { bet_type: string; number: string; amount: number };
export async function buy(t: TestApp, token: string, roundId: number, items: Line[], key?: string) {
  return call<{
    bill: { bill_id: number; status: string; total_amount: string };
    items: unknown[];
    balance: string;
  }>(t.app, 'POST', '/api/lotto/bill/create', {
    token,
    body: {
      agent_id: 34,
      round_id: roundId,
      wallet_id: 1,
      idempotency_key: key ?? crypto.randomUUID(),
      items,
    },
  });
}

export type ResultAnswer = {
  status: string;
  confirmation: 'applied' | 'awaiting' | 'review';
  result_version: number;
  settled_bills: number;
  paid: string;
  replayed: boolean;
};

/** One staff member's proposal of a round's result (docs/rules/lottery.md §8): it alone settles nothing. */
export async function proposeResult(
  t: TestApp,
  who: 'lotto' | 'owner',
  roundId: number,
  raw: Record<string, unknown>,
  reason?: string,
) {
  const token = await staffToken(t, who);
  return call<ResultAnswer>(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/result`, {
    token,
    body: { raw, ...(reason ? { reason } : {}) },
  });
}

/**
 * Enters a result as the rule wants it: proposed by one staff member (lotto) and confirmed by a second
 * (owner) entering the same. Answers the first answer when it already decided (a refusal, a replay).
 */
export async function enterResult(
  t: TestApp,
  roundId: number,
  raw: Record<string, unknown>,
  reason?: string,
) {
  const first = await proposeResult(t, 'lotto', roundId, raw, reason);
  if (first.body.error !== 0 || first.body.data.confirmation !== 'awaiting') return first;
  return proposeResult(t, 'owner', roundId, raw, reason);
}

/** Moves a round's close and draw time into the past (database clock) so a result may be entered. */
export async function closeNow(t: TestApp, roundId: number): Promise<void> {
  await sql`UPDATE lotto_round SET close_at = clock_timestamp() - interval '1 second',
    expected_result_at = least(expected_result_at, clock_timestamp() - interval '1 second'),
    open_at = least(open_at, clock_timestamp() - interval '2 seconds'), status = 'closed' WHERE id = ${roundId}`.execute(
    t.db,
  );
}

/** The GLO draw the lotto tests enter: first prize 845312, front threes 207 519, back threes 663 048, last two 71. */
export const R1 = { first: '845312', front3: ['207', '519'], back3: ['663', '048'], last2: '71' } as const;

/**
 * Closes the round now (closeNow, by the database's clock), moves the app's fixed clock 5 s past that
 * close so the result is entered after it by both clocks, and enters R1.
 */
export async function closeAndEnterR1(t: TestApp, roundId: number, clock: FixedClock) {
  await closeNow(t, roundId);
  clock.advance(Math.max(0, Date.now() - clock.now().getTime()) + 5_000);
  return enterResult(t, roundId, R1);
}

/** The ids of a member's lottery bills. */
export function billIdsOf(t: TestApp, memberId: number) {
  return t.db.selectFrom('lotto_bill').select('id').where('member_id', '=', memberId).execute();
}

export async function winTransfers(t: TestApp, billId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('ledger_transfer')
    .select('id')
    .where('kind', '=', 'win')
    .where('reference', '=', `lotto:bill:${billId}`)
    .execute();
  return rows.length;
}

/** The lotto staff sets a round's number limits (เลขอั้น) through the console's endpoint. */
export async function setNumberLimits(
  t: TestApp,
  roundId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const token = await staffToken(t, 'lotto');
  const res = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/number_limits`, { token, body });
  expect(res.body.error).toBe(0);
}
