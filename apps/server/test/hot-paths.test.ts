import { chainSeed, verifyChain } from '@chok/engine/lotto/chain';
import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeamlessWallet } from '../src/modules/games/seamless.ts';
import { createShooter, type ShotAck } from '../src/modules/lotto/yeekee.ts';
import { systemClock } from '../src/platform/clock.ts';
import { raisedRefusal } from '../src/platform/db.ts';
import { addSimProvider, fundedMembers, launchToken, SIM } from './games-support.ts';
import { call, createTestApp, expectReconciled, type TestApp } from './helpers.ts';
import { balanceOf, buy, fundedMember, lottoDeps, openRound, setNumberLimits } from './lotto-fixtures.ts';

/**
 * The hot paths of decision 0012: a bill, a provider debit and a provider credit are one round trip
 * each; a number's exposure split into slots still stops exactly at its ceiling; the database
 * functions refuse an overdraft.
 */

let t: TestApp;
/** The app the exposure tests below use (`t`, or one placing each bill alone). */
let x: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Statements the test app's pool has sent so far. */
const statements = () => t.statements!();

/** A number's slot rows: what each holds, its budget and the ceiling the budgets were set for. */
async function slots(roundId: number, betType: string, number: string) {
  return x.db
    .selectFrom('lotto_exposure_slot')
    .select(['slot', 'accepted_amount', 'budget', 'ceiling'])
    .where('round_id', '=', roundId)
    .where('bet_type', '=', betType)
    .where('number', '=', number)
    .orderBy('slot')
    .execute();
}

/** What the number has accepted (the view every reader uses) and what its pending items staked. */
async function acceptedAndSold(roundId: number, betType: string, number: string) {
  const { rows } = await sql<{ accepted: number | null; sold: number }>`
    SELECT (SELECT accepted_amount FROM lotto_exposure
            WHERE round_id = ${roundId} AND bet_type = ${betType} AND number = ${number}) AS accepted,
      (SELECT coalesce(sum(stake), 0)::bigint FROM lotto_bill_item
       WHERE round_id = ${roundId} AND bet_type = ${betType} AND number = ${number} AND status = 'pending') AS sold`.execute(
    x.db,
  );
  return { accepted: rows[0]!.accepted ?? 0, sold: rows[0]!.sold };
}

/**
 * Run twice: with bills one at a time (LOTTO_BILL_GROUP_MAX=1, the shape these tests were written for:
 * parallel bills spread over a number's slots) and with bills in groups (the default), where a group
 * takes one slot, so only the first run asks for several rows.
 */
describe.each([
  { shape: 'one bill at a time', env: { LOTTO_BILL_GROUP_MAX: '1' }, spreads: true },
  { shape: 'bills in groups', env: {} as Record<string, string>, spreads: false },
])('exposure split into slots (docs/rules/lottery.md §4), $shape', ({ env, spreads }) => {
  beforeAll(async () => {
    x = spreads ? await createTestApp({ seed: true, env }) : t;
  }, 120_000);
  afterAll(async () => {
    if (x !== t) await x.close();
  });

  it('64 parallel bills of 100 baht on one run number capped at 3,000 accept exactly 30; a changed cap applies to the next bill', async () => {
    const members: Awaited<ReturnType<typeof fundedMember>>[] = [];
    for (let i = 0; i < 16; i++) members.push(await fundedMember(x, 10_000));
    const roundId = await openRound(x, 'lao');
    await setNumberLimits(x, roundId, { bet_type: 'run_top', number: '7', action: 'capped', cap: 3000 });
    // Each bill also stakes a two-digit number, so bills hold more than the one hot row.
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        buy(x, members[i % 16]!.token, roundId, [
          { bet_type: 'two_top', number: String(i % 100).padStart(2, '0'), amount: 1 },
          { bet_type: 'run_top', number: '7', amount: 100 },
        ]),
      ),
    );
    const accepted = answers.filter((a) => a.body.error === 0);
    const refused = answers.filter((a) => a.body.error !== 0);
    expect(accepted).toHaveLength(30);
    expect(refused.map((a) => a.body.code)).toEqual(Array(34).fill('LOTTO_OVER_CEILING'));
    expect(refused.every((a) => Object.keys(a.body.fields ?? {}).join() === 'items.1')).toBe(true);
    expect(await acceptedAndSold(roundId, 'run_top', '7')).toEqual({ accepted: 300_000, sold: 300_000 });
    // The bills went to several rows, and no row holds more than its budget, nor the budgets more
    // than the ceiling.
    const rows = await slots(roundId, 'run_top', '7');
    if (spreads) expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(r.accepted_amount).toBeLessThanOrEqual(r.budget!);
    expect(rows.reduce((s, r) => s + r.budget!, 0)).toBeLessThanOrEqual(300_000);

    // A higher cap is there for the very next bill, exactly; a lower one refuses at once.
    await setNumberLimits(x, roundId, { bet_type: 'run_top', number: '7', action: 'capped', cap: 3500 });
    const more = await buy(x, members[0]!.token, roundId, [
      { bet_type: 'run_top', number: '7', amount: 500 },
    ]);
    expect(more.body.error).toBe(0);
    const full = await buy(x, members[1]!.token, roundId, [{ bet_type: 'run_top', number: '7', amount: 1 }]);
    expect(full.body.code).toBe('LOTTO_OVER_CEILING');
    await setNumberLimits(x, roundId, { bet_type: 'run_top', number: '7', action: 'capped', cap: 3400 });
    const lower = await buy(x, members[2]!.token, roundId, [{ bet_type: 'run_top', number: '7', amount: 1 }]);
    expect(lower.body.code).toBe('LOTTO_OVER_CEILING');
    expect(await acceptedAndSold(roundId, 'run_top', '7')).toEqual({ accepted: 350_000, sold: 350_000 });
    await expectReconciled(x);
  });

  it('a number near its ceiling refuses a bill with what is left on it, whichever slot the bill comes to', async () => {
    const m = await fundedMember(x, 10_000);
    const roundId = await openRound(x, 'lao');
    await setNumberLimits(x, roundId, { bet_type: 'run_bottom', number: '3', action: 'capped', cap: 1000 });
    // Nine bills, one after another: they come to different slots in turn.
    for (let i = 0; i < 9; i++) {
      const b = await buy(x, m.token, roundId, [{ bet_type: 'run_bottom', number: '3', amount: 100 }]);
      expect(b.body.error).toBe(0);
    }
    const over = await buy(x, m.token, roundId, [{ bet_type: 'run_bottom', number: '3', amount: 150 }]);
    expect(over.body.code).toBe('LOTTO_OVER_CEILING');
    expect(over.body.message).toContain('100');
    const fits = await buy(x, m.token, roundId, [{ bet_type: 'run_bottom', number: '3', amount: 100 }]);
    expect(fits.body.error).toBe(0);
    expect(await acceptedAndSold(roundId, 'run_bottom', '3')).toEqual({ accepted: 100_000, sold: 100_000 });
    if (spreads) expect((await slots(roundId, 'run_bottom', '3')).length).toBeGreaterThan(1);
  });

  it('cancelled bills take their stakes off a number spread over slots, exactly', async () => {
    const members: Awaited<ReturnType<typeof fundedMember>>[] = [];
    for (let i = 0; i < 8; i++) members.push(await fundedMember(x, 1000));
    const roundId = await openRound(x, 'lao');
    const bills = await Promise.all(
      members.map((m, i) =>
        buy(x, m.token, roundId, [
          { bet_type: 'run_top', number: '1', amount: 10 + i },
          { bet_type: 'two_bottom', number: '44', amount: 5 },
        ]),
      ),
    );
    for (const b of bills) expect(b.body.error).toBe(0);
    if (spreads) expect((await slots(roundId, 'run_top', '1')).length).toBeGreaterThan(1);
    // Every other member cancels.
    for (const i of [0, 2, 4, 6]) {
      const res = await call(x.app, 'POST', '/api/lotto/bill/cancel', {
        token: members[i]!.token,
        body: { agent_id: 34, bill_id: bills[i]!.body.data.bill.bill_id },
      });
      expect(res.body.error).toBe(0);
    }
    expect(await acceptedAndSold(roundId, 'run_top', '1')).toEqual({ accepted: 5600, sold: 5600 });
    expect(await acceptedAndSold(roundId, 'two_bottom', '44')).toEqual({ accepted: 2000, sold: 2000 });
    for (const r of await slots(roundId, 'run_top', '1')) {
      expect(r.accepted_amount).toBeGreaterThanOrEqual(0);
      expect(r.accepted_amount).toBeLessThanOrEqual(r.budget!);
    }
    await expectReconciled(x);
  });
});

describe('overdraft in the database functions (docs/rules/casino.md §2.3)', () => {
  it('32 parallel bills of 10 baht from a wallet of 100 baht: exactly 10 accepted, the balance never below 0', async () => {
    const m = await fundedMember(t, 100);
    const roundId = await openRound(t, 'lao');
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        buy(t, m.token, roundId, [{ bet_type: 'three_top', number: String(100 + i), amount: 10 }]),
      ),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.body.error !== 0).map((a) => a.body.code)).toEqual(
      Array(22).fill('INSUFFICIENT_FUNDS'),
    );
    expect(await balanceOf(t, m.memberId)).toBe(0);
    const bills = await t.db
      .selectFrom('lotto_bill')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(bills).toHaveLength(10);
    await expectReconciled(t);
  });

  it('wallet_move refuses a debit larger than the balance (CK001 INSUFFICIENT_FUNDS) and leaves nothing behind', async () => {
    const m = await fundedMember(t, 50);
    const account = await t.db
      .selectFrom('ledger_account')
      .select('id')
      .where('member_id', '=', m.memberId)
      .where('wallet_type_id', '=', 1)
      .executeTakeFirstOrThrow();
    const key = `test:overdraft:${m.memberId}`;
    const err =
      await sql`SELECT * FROM wallet_move(${account.id}, 'sys:test', true, 5001::bigint, 'bet', NULL, ${key})`
        .execute(t.db)
        .then(
          () => null,
          (e: unknown) => e,
        );
    expect(raisedRefusal(err)).toEqual({ code: 'INSUFFICIENT_FUNDS', detail: null });
    expect(await balanceOf(t, m.memberId)).toBe(5000);
    const moved = await t.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(moved).toEqual([]);
    // The whole balance is fine, once; the key then answers nothing new.
    const { rows } = await sql<{ transfer_id: number | null; balance: number | null }>`
      SELECT * FROM wallet_move(${account.id}, 'sys:test', true, 5000::bigint, 'bet', NULL, ${key})`.execute(
      t.db,
    );
    expect(rows[0]).toMatchObject({ balance: 0 });
    expect(rows[0]!.transfer_id).not.toBeNull();
    const again = await sql<{ transfer_id: number | null }>`
      SELECT * FROM wallet_move(${account.id}, 'sys:test', true, 5000::bigint, 'bet', NULL, ${key})`.execute(
      t.db,
    );
    expect(again.rows[0]!.transfer_id).toBeNull();
    expect(await balanceOf(t, m.memberId)).toBe(0);
    await expectReconciled(t);
  });

  it('parallel provider debits over a small balance: as many as it covers, each moved once', async () => {
    const sim = await addSimProvider(t);
    const [memberId] = await fundedMembers(t, 1, { 1: 10_000 });
    expect((await sim.authenticate(await launchToken(t, memberId!, 1))).status).toBe('OK');
    const player = String(memberId);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sim.debit({ player, tx_id: `od-${i}`, round_id: `od-${i}`, game: SIM.game, amount: '7.00' }),
      ),
    );
    const ok = answers.filter((a) => a.status === 'OK');
    expect(ok).toHaveLength(14);
    expect(answers.filter((a) => a.status !== 'OK').map((a) => a.status)).toEqual(
      Array(10).fill('INSUFFICIENT_FUNDS'),
    );
    expect(await balanceOf(t, memberId!)).toBe(200);
    await expectReconciled(t);
  });
});

describe('round trips (decision 0012)', () => {
  it('a bill is one statement once its round’s rules are known', async () => {
    const m = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'lao');
    const lines = [
      { bet_type: 'three_top', number: '123', amount: 5 },
      { bet_type: 'two_top', number: '12', amount: 5 },
      { bet_type: 'run_top', number: '4', amount: 5 },
    ];
    // The first bill of the round also reads its rules (and the member's session).
    expect((await buy(t, m.token, roundId, lines)).body.error).toBe(0);
    const before = statements();
    for (let i = 0; i < 5; i++) expect((await buy(t, m.token, roundId, lines)).body.error).toBe(0);
    expect(statements() - before).toBe(5);
  });

  it('a provider debit and its credit are one statement each', async () => {
    const sim = await addSimProvider(t);
    const [memberId] = await fundedMembers(t, 1, { 1: 100_000 });
    expect((await sim.authenticate(await launchToken(t, memberId!, 1))).status).toBe('OK');
    const player = String(memberId);
    const warm = await sim.debit({ player, tx_id: 'rt-0', round_id: 'rt-0', game: SIM.game, amount: '1.00' });
    expect(warm.status).toBe('OK');
    const before = statements();
    const debit = await sim.debit({
      player,
      tx_id: 'rt-1',
      round_id: 'rt-1',
      game: SIM.game,
      amount: '2.00',
    });
    expect(debit.status).toBe('OK');
    expect(statements() - before).toBe(1);
    const credit = await sim.credit({
      player,
      tx_id: 'rt-1w',
      bet_tx_id: 'rt-1',
      round_id: 'rt-1',
      game: SIM.game,
      amount: '5.00',
    });
    expect(credit).toMatchObject({ status: 'OK', balance: '1002.00' });
    expect(statements() - before).toBe(2);
    // A replay answers the same through the TypeScript path.
    expect(
      await sim.credit({
        player,
        tx_id: 'rt-1w',
        bet_tx_id: 'rt-1',
        round_id: 'rt-1',
        game: SIM.game,
        amount: '5.00',
      }),
    ).toMatchObject({ status: 'OK', balance: '1002.00', transfer_id: credit.transfer_id });
  });

  it('the direct seamless calls are one statement too; a refusal still answers its status', async () => {
    const [memberId] = await fundedMembers(t, 1, { 1: 1000 });
    const sim = await addSimProvider(t);
    expect((await sim.authenticate(await launchToken(t, memberId!, 1))).status).toBe('OK');
    const wallet = createSeamlessWallet({ db: t.db, ledger: t.ledger, clock: systemClock });
    const req = {
      provider: SIM.provider,
      player: String(memberId),
      roundId: 'direct-1',
      game: SIM.game,
      amount: satang(400),
    };
    const before = statements();
    expect(await wallet.debit({ ...req, providerTxId: 'direct-1' })).toMatchObject({
      status: 'OK',
      balance: 600,
    });
    expect(statements() - before).toBe(1);
    expect(await wallet.debit({ ...req, providerTxId: 'direct-2', amount: satang(601) })).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
      balance: 600,
    });
  });

  it('a batch of yeekee shots is at most two statements, and the batch after it one: its read and its events come with the writes', async () => {
    const roundId = await openRound(t, 'yeekee');
    const members = await fundedMembers(t, 30, {});
    // The app's own event bus: the shots' events travel in the writes' notifications.
    const frames: string[] = [];
    const unsubscribe = t.app.events.subscribe({
      topics: new Set([`yeekee:${roundId}`, ...members.map((m) => `member:${m}`)]),
      write: (f) => frames.push(f),
    });
    const d = lottoDeps(t, systemClock);
    const shooter = createShooter(d);
    const before = statements();
    // The first shot starts a batch of its own (a read, a write); the other 29 arrive while it runs,
    // their state comes back with that write, and they go together in one more statement.
    const acks: ShotAck[] = await Promise.all(
      members.map((memberId, i) =>
        shooter.shoot(memberId, `10.0.0.${i + 1}`, roundId, String(i).padStart(5, '0')),
      ),
    );
    expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(statements() - before).toBe(3);
    const round = await t.db
      .selectFrom('lotto_round')
      .select(['shot_count'])
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.shot_count).toBe(30);
    // Every shooter hears its own shot, and the round's topic hears the count reach 30 (the first
    // batch's count went with its write; the last one's with its write or just after).
    const seen = () => {
      const events = frames
        .join('')
        .split('\n\n')
        .filter(Boolean)
        .map((f) => ({
          event: /^event: (.*)$/m.exec(f)?.[1],
          data: JSON.parse(/^data: (.*)$/m.exec(f)![1]!),
        }));
      return {
        own: events
          .filter((e) => e.event === 'yeekee_shot')
          .map((e) => e.data.data.seq as number)
          .sort((a, b) => a - b),
        counts: events.filter((e) => e.event === 'shot_count').map((e) => e.data.data.count as number),
      };
    };
    await expect
      .poll(() => seen().own, { timeout: 10_000 })
      .toEqual(acks.map((a) => a.seq).sort((a, b) => a - b));
    await expect.poll(() => Math.max(0, ...seen().counts), { timeout: 10_000 }).toBe(30);
    expect(seen().counts[0]).toBe(1);
    unsubscribe();
  });

  it('two shooters (two processes) on one round: every shot gets its own seq and the chain holds', async () => {
    const roundId = await openRound(t, 'yeekee');
    const members = await fundedMembers(t, 60, {});
    const d = lottoDeps(t, systemClock);
    // Each shooter judges a batch against the round as it read it; a batch that meets a round the
    // other one moved on is read and judged again.
    const shooters = [createShooter(d), createShooter(d)];
    const acks = await Promise.all(
      members.map((memberId, i) =>
        shooters[i % 2]!.shoot(memberId, `10.1.0.${i + 1}`, roundId, String(i * 7).padStart(5, '0')),
      ),
    );
    expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const round = await t.db
      .selectFrom('lotto_round')
      .select(['market_id', 'business_date', 'round_no', 'shot_count'])
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.shot_count).toBe(60);
    const shots = await t.db
      .selectFrom('lotto_shot')
      .select(['seq', 'member_ref', 'number', 'server_ts', 'hash'])
      .where('round_id', '=', roundId)
      .orderBy('seq')
      .execute();
    const list = shots.map((x) => ({ ...x, server_ts: x.server_ts.toISOString() }));
    expect(verifyChain(chainSeed(round.market_id, round.business_date, round.round_no), list)).toBeNull();
    for (const a of acks) expect(list[a.seq - 1]!.number).toBe(a.number);
  });
});
