import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { accrue, changePoints } from '../src/modules/points/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { fundedMembers, launchToken, SIM } from './games-support.ts';
import { call, FixedClock, registerMember, type TestApp } from './helpers.ts';
import { buy, closeAndEnterR1, fund, openRound } from './lotto-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
let seq = 0;
const id = (p: string) => `${p}-${process.pid}-${++seq}`;
const deps = () => ({ db: t.db, clock });

beforeAll(async () => {
  // The staff sessions enterResult uses, signed in with a code for the app's (fixed) time.
  ({ t, sim } = await simSuiteApp({ clock, seed: true, staff: ['lotto', 'owner'] }));
});
afterAll(async () => t.close());

async function session(memberId: number, wallet = 1) {
  const a = await sim.authenticate(await launchToken(t, memberId, wallet, SIM.game, clock.now()));
  expect(a.status).toBe('OK');
  return String(memberId);
}

/** One round from `wallet`: a debit of `stake` baht, then a credit of `win` (settled) unless `rollback`. */
async function round(
  player: string,
  stake: string,
  end: { win?: string; rollback?: boolean; open?: boolean } = {},
) {
  const bet = id('bet');
  expect(
    (await sim.debit({ player, tx_id: bet, round_id: id('r'), game: SIM.game, amount: stake })).status,
  ).toBe('OK');
  if (end.open) return;
  if (end.rollback) {
    expect((await sim.rollback({ player, tx_id: bet })).status).toBe('OK');
    return;
  }
  const credit = await sim.credit({
    player,
    tx_id: id('win'),
    bet_tx_id: bet,
    round_id: id('r'),
    game: SIM.game,
    amount: end.win ?? '0.00',
  });
  expect(credit.status).toBe('OK');
}

async function pointsOf(memberId: number) {
  const a = await t.db
    .selectFrom('point_account')
    .select(['balance', 'carry_satang'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const sum = await t.db
    .selectFrom('point_transfer')
    .select((eb) => eb.fn.sum<string>('amount').as('s'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { balance: a?.balance ?? 0, carry: a?.carry_satang ?? 0, sumOfTransfers: Number(sum?.s ?? 0) };
}

describe('points accrue from settled main-wallet play (docs/rules/engagement.md §7, G6)', () => {
  it('1 point per 100 baht, the satang remainder carried; rolled-back, open and bonus rounds earn nothing', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000, 2: 50_000 });
    const player = await session(m!);
    await round(player, '60.50', { win: '10.00' });
    await round(player, '39.60'); // 100.10 so far → 1 point, carry 0.10
    await round(player, '250.00', { rollback: true });
    await round(player, '500.00', { open: true });
    await accrue(deps());
    expect(await pointsOf(m!)).toEqual({ balance: 1, carry: 10, sumOfTransfers: 1 });
    await round(player, '199.90', { win: '400.00' }); // carry 0.10 + 199.90 = 200.00 → 2 points
    await accrue(deps());
    await accrue(deps());
    expect(await pointsOf(m!)).toEqual({ balance: 3, carry: 0, sumOfTransfers: 3 });
    // A round played from the bonus wallet is not a figure (G6).
    await session(m!, 2);
    await round(player, '300.00');
    await accrue(deps());
    expect((await pointsOf(m!)).balance).toBe(3);
  });

  it('a bet credited twice counts its stake once and both payouts, whether the credits come in one run or two', async () => {
    const [m] = await fundedMembers(t, 1, { 1: 100_000 });
    const player = await session(m!);
    const credit = (bet: string, amount: string) =>
      sim.credit({ player, tx_id: id('win'), bet_tx_id: bet, round_id: id('r'), game: SIM.game, amount });
    const bet = async (amount: string) => {
      const tx = id('bet');
      const r = await sim.debit({ player, tx_id: tx, round_id: id('r'), game: SIM.game, amount });
      expect(r.status).toBe('OK');
      return tx;
    };
    // Two credits before the run reads them.
    const first = await bet('300.00');
    expect((await credit(first, '50.00')).status).toBe('OK');
    expect((await credit(first, '70.00')).status).toBe('OK');
    await accrue(deps());
    // One credit read, then a second one after the run.
    const second = await bet('200.00');
    expect((await credit(second, '10.00')).status).toBe('OK');
    await accrue(deps());
    expect((await credit(second, '25.00')).status).toBe('OK');
    await accrue(deps());
    await accrue(deps());
    const rows = await t.db
      .selectFrom('point_accrual')
      .select(['stake_satang', 'payout_satang', 'points'])
      .where('member_id', '=', m!)
      .orderBy('settled_at')
      .execute();
    expect(rows).toEqual([
      { stake_satang: 30_000, payout_satang: 12_000, points: 3 },
      { stake_satang: 20_000, payout_satang: 3_500, points: 2 },
    ]);
    expect(await pointsOf(m!)).toEqual({ balance: 5, carry: 0, sumOfTransfers: 5 });
  });

  it("POST /api/member/points answers data.point with the member's fresh figures", async () => {
    const member = await registerMember(t, { account_name: 'แต้ม ทดสอบหนึ่ง' });
    await fund(t, member.memberId, 1_000);
    const player = await session(member.memberId);
    await round(player, '250.00', { win: '100.00' });
    const res = await call<{ point: number; carry: string }>(t.app, 'POST', '/api/member/points', {
      token: member.token,
    });
    expect(res.body).toMatchObject({ error: 0, data: { point: 2, carry: '50.00' } });
    const history = await call<{ items: { kind: string; amount: number; description: string }[] }>(
      t.app,
      'GET',
      '/api/member/points/history',
      { token: member.token },
    );
    expect(history.body.data.items).toEqual([
      expect.objectContaining({ kind: 'accrual', amount: 2, description: 'แต้มจากการเล่นเกม' }),
    ]);
    expect((await call(t.app, 'POST', '/api/member/points')).status).toBe(401);
  });

  it('resulted lotto bills earn points once; cancelled rounds never', async () => {
    const member = await registerMember(t, { account_name: 'แต้ม ทดสอบหวย' });
    await fund(t, member.memberId, 2_000);
    const roundId = await openRound(t, 'glo');
    const bill = await buy(t, member.token, roundId, [
      { bet_type: 'three_top', number: '123', amount: 150 },
      { bet_type: 'two_bottom', number: '45', amount: 100 },
    ]);
    expect(bill.body.error).toBe(0);
    await accrue(deps());
    expect((await pointsOf(member.memberId)).balance).toBe(0); // pending: not settled yet
    const result = await closeAndEnterR1(t, roundId, clock);
    expect(result.body).toMatchObject({ error: 0, data: { status: 'settled' } });
    await accrue(deps());
    await accrue(deps());
    expect(await pointsOf(member.memberId)).toEqual({ balance: 2, carry: 5_000, sumOfTransfers: 2 });
  });

  it('a full run and member runs at once count every round exactly once', async () => {
    const ms = await fundedMembers(t, 3, { 1: 200_000 });
    for (const m of ms) {
      const p = await session(m);
      for (let i = 0; i < 5; i++) await round(p, '99.99');
    }
    await Promise.all([accrue(deps()), ...ms.map((m) => accrue(deps(), { memberId: m })), accrue(deps())]);
    for (const m of ms) expect(await pointsOf(m)).toEqual({ balance: 4, carry: 9_995, sumOfTransfers: 4 });
  });

  it('any split of the same stakes earns the same points (property, real database)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 60_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (stakes, cut) => {
          const [a, b] = await fundedMembers(t, 2, { 1: 2_000_000 });
          const total = stakes.reduce((x, y) => x + y, 0);
          const pa = await session(a!);
          for (const s of stakes) await round(pa, (s / 100).toFixed(2));
          // The same total in another split: `cut` near-equal parts.
          const pb = await session(b!);
          const part = Math.floor(total / cut);
          const parts = Array.from({ length: cut }, (_, i) =>
            i === cut - 1 ? total - part * (cut - 1) : part,
          );
          for (const s of parts.filter((x) => x > 0)) await round(pb, (s / 100).toFixed(2));
          await accrue(deps());
          const [ra, rb] = [await pointsOf(a!), await pointsOf(b!)];
          expect(ra.balance).toBe(Math.floor(total / 10_000));
          expect(rb.balance).toBe(ra.balance);
          expect(rb.carry).toBe(ra.carry);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('the points ledger', () => {
  it('20 parallel spends with one key spend once; a spend past the balance is refused and changes nothing', async () => {
    const [m] = await fundedMembers(t, 1, {});
    await inTransaction(t.db, (tx) =>
      changePoints(tx, {
        memberId: m!,
        amount: 150,
        kind: 'adjustment',
        reference: 'ทดสอบ',
        key: `grant:${m}`,
      }),
    );
    const spend = () =>
      inTransaction(t.db, (tx) =>
        changePoints(tx, { memberId: m!, amount: -100, kind: 'shop', reference: 'แลก', key: `spend:${m}` }),
      );
    const results = await Promise.all(Array.from({ length: 20 }, spend));
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    await expect(
      inTransaction(t.db, (tx) =>
        changePoints(tx, { memberId: m!, amount: -51, kind: 'shop', reference: 'แลก', key: `spend2:${m}` }),
      ),
    ).rejects.toMatchObject({ code: 'POINTS_INSUFFICIENT' });
    expect(await pointsOf(m!)).toMatchObject({ balance: 50, sumOfTransfers: 50 });
    await expect(t.db.deleteFrom('point_transfer').where('member_id', '=', m!).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});
