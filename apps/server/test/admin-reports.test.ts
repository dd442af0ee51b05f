import { randomUUID } from 'node:crypto';
import { addDays, bangkokDate, startOfBangkokDay } from '@chok/engine/bangkok-calendar';
import { formatBaht } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { lockMember } from '../src/modules/members/service.ts';
import { payReward } from '../src/modules/rewards/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { confirmedDeposit } from './checkin-quests-fixtures.ts';
import { addSimGames, fundedMembers, launchToken, SIM } from './games-support.ts';
import { call, FixedClock, staffToken, type TestApp } from './helpers.ts';
import { buy, closeNow, enterResult, fundedMember, openRound, R1 } from './lotto-fixtures.ts';
import { newMember, type Withdrawal, withdraw } from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

// The console's dashboard: its figures must equal sums computed here, independently, from the ledger's
// rows (docs/rules/casino.md §2). Today's activity goes through the product's own paths; the ledger
// stamps a transfer with the database's clock (created_at DEFAULT now()), which no test clock moves, so
// yesterday's few rows are written into the ledger with yesterday's time.

let t: TestApp;
const clock = new FixedClock(new Date());
let sim: ProviderSimulator;
let owner: string;
let finance: string;

interface Category {
  category: string;
  stake: string;
  payout: string;
  ggr: string;
}
interface Day {
  day: string;
  deposits: string;
  deposit_count: number;
  withdrawals: string;
  withdrawal_count: number;
  stake: string;
  payout: string;
  ggr: string;
  categories: Category[];
  new_members: number;
  active_members: number;
  bonus_cost: string;
  costs: { source: string; amount: string }[];
  forfeited: string;
}
interface Dashboard {
  today: string;
  from: string;
  to: string;
  days: Day[];
  total: Omit<Day, 'day' | 'active_members'>;
}

const today = bangkokDate(clock.now());
const yesterday = addDays(today, -1);

async function dashboard(query = '') {
  const r = await call<Dashboard>(t.app, 'GET', `/api/admin/reports/dashboard${query}`, { token: owner });
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data;
}

/** The expected figures per Bangkok day, from the ledger rows alone (plain SQL reads, sums in JS). */
async function expectedFromLedger(from: string, to: string) {
  const { rows } = await sql<{
    created_at: Date;
    kind: string;
    amount: number;
    idempotency_key: string;
    debit_code: string | null;
    credit_code: string | null;
    debit_member: number | null;
    credit_member: number | null;
    credit_wallet: number | null;
  }>`SELECT t.created_at, t.kind, t.amount, t.idempotency_key, d.code AS debit_code, c.code AS credit_code,
      d.member_id AS debit_member, c.member_id AS credit_member, c.wallet_type_id AS credit_wallet
    FROM ledger_transfer t JOIN ledger_account d ON d.id = t.debit_account_id
    JOIN ledger_account c ON c.id = t.credit_account_id`.execute(t.db);
  const ops = await sql<{
    provider_id: string;
    player_id: string;
    provider_tx_id: string;
    categories: string[] | null;
  }>`
    SELECT o.provider_id, o.player_id, o.provider_tx_id, g.categories FROM wallet_op o
    LEFT JOIN game g ON g.provider_id = o.provider_id AND g.code = o.game_code WHERE o.op_class = 'tx'`.execute(
    t.db,
  );
  const categoryOf = new Map(
    ops.rows.map((o) => [
      `${o.provider_id}|${o.player_id}|${o.provider_tx_id}`,
      o.categories?.[0] ?? 'casino',
    ]),
  );
  const members = await t.db.selectFrom('member').select('created_at').execute();

  const cats = ['lotto', 'casino', 'slot', 'sport', 'fishing'];
  const days = new Map<string, ReturnType<typeof blank>>();
  function blank() {
    return {
      deposits: 0,
      deposit_count: 0,
      withdrawals: 0,
      withdrawal_count: 0,
      stake: Object.fromEntries(cats.map((c) => [c, 0])) as Record<string, number>,
      payout: Object.fromEntries(cats.map((c) => [c, 0])) as Record<string, number>,
      cost: 0,
      forfeited: 0,
      active: new Set<number>(),
      new_members: 0,
    };
  }
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, blank());
  for (const r of rows) {
    const day = days.get(bangkokDate(r.created_at));
    if (!day) continue;
    const amount = Number(r.amount);
    let category = '';
    if (['bet', 'win', 'refund'].includes(r.kind)) {
      if (r.debit_code === 'sys:lotto' || r.credit_code === 'sys:lotto') category = 'lotto';
      else {
        const [, provider, player, txId] =
          /^game:([^:]+):([^:]+):(?:tx|rb):(.*)$/.exec(r.idempotency_key) ?? [];
        const c = categoryOf.get(`${provider}|${player}|${txId}`) ?? 'casino';
        category = c === 'freespin' ? 'slot' : cats.includes(c) ? c : 'casino';
      }
    }
    if (r.kind === 'deposit') {
      day.deposits += amount;
      day.deposit_count += 1;
      day.active.add(r.credit_member!);
    } else if (r.kind === 'withdraw_paid') {
      day.withdrawals += amount;
      day.withdrawal_count += 1;
    } else if (r.kind === 'bet') {
      day.stake[category]! += amount;
      day.active.add(r.debit_member!);
    } else if (r.kind === 'refund') day.stake[category]! -= amount;
    else if (r.kind === 'win') day.payout[category]! += amount;
    else if (
      r.kind === 'debt_recovery' ||
      (r.kind === 'adjustment' && r.idempotency_key.startsWith('lotto:win_reversal:'))
    )
      day.payout.lotto! -= amount;
    else if (r.kind === 'reward' || r.kind === 'bonus') day.cost += amount;
    else if (r.kind === 'forfeit') day.forfeited += amount;
  }
  for (const m of members) {
    const day = days.get(bangkokDate(m.created_at));
    if (day) day.new_members += 1;
  }
  return [...days.entries()].map(([day, s]) => {
    const stake = cats.reduce((a, c) => a + s.stake[c]!, 0);
    const payout = cats.reduce((a, c) => a + s.payout[c]!, 0);
    return {
      day,
      deposits: formatBaht(s.deposits),
      deposit_count: s.deposit_count,
      withdrawals: formatBaht(s.withdrawals),
      withdrawal_count: s.withdrawal_count,
      stake: formatBaht(stake),
      payout: formatBaht(payout),
      ggr: formatBaht(stake - payout),
      categories: cats.map((c) => ({
        category: c,
        stake: formatBaht(s.stake[c]!),
        payout: formatBaht(s.payout[c]!),
        ggr: formatBaht(s.stake[c]! - s.payout[c]!),
      })),
      new_members: s.new_members,
      active_members: s.active.size,
      bonus_cost: formatBaht(s.cost - s.forfeited),
      forfeited: formatBaht(s.forfeited),
    };
  });
}

const strip = (d: Day) => ({
  ...d,
  categories: d.categories.map(({ category, stake, payout, ggr }) => ({ category, stake, payout, ggr })),
  costs: undefined,
});

/** A player of the simulated provider with a live session for `game`. */
async function player(game: string, main: number) {
  const [m] = await fundedMembers(t, 1, { 1: main });
  const a = await sim.authenticate(await launchToken(t, m!, 1, game, clock.now()));
  expect(a.status).toBe('OK');
  return { memberId: m!, player: String(m) };
}

/** A transfer written with yesterday's time (see the file's comment), between existing accounts. */
async function pastTransfer(o: {
  from: number;
  to: number;
  amount: number;
  kind: string;
  key: string;
  reference?: string;
}) {
  const at = new Date(startOfBangkokDay(yesterday).getTime() + 12 * 3600_000);
  await sql`INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, created_at)
    VALUES (${o.from}, ${o.to}, ${o.amount}, ${o.kind}, ${o.reference ?? null}, ${o.key}, ${at})`.execute(
    t.db,
  );
  return at;
}

async function systemAccount(code: string) {
  await sql`INSERT INTO ledger_account (code, kind) VALUES (${code}, 'system') ON CONFLICT (code) DO NOTHING`.execute(
    t.db,
  );
  return (
    await t.db.selectFrom('ledger_account').select('id').where('code', '=', code).executeTakeFirstOrThrow()
  ).id;
}

async function mainAccount(memberId: number) {
  return (
    await t.db
      .selectFrom('ledger_account')
      .select('id')
      .where('member_id', '=', memberId)
      .where('wallet_type_id', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  ({ t, sim, owner, finance } = await simSuiteApp({ clock, seed: true, staff: ['owner', 'finance'] }));
  await addSimGames(t, { 'sim-fish': ['fishing'], 'sim-ball': ['sport'], 'sim-spin': ['freespin', 'slot'] });
});
afterAll(async () => t.close());

describe('dashboard figures (GET /api/admin/reports/dashboard)', () => {
  it('equal the sums of the ledger rows per Bangkok day, across two days, per category', async () => {
    // ── Yesterday: a member's deposit, a lottery bet and win, a fishing bet, a reward, a forfeit, a payout.
    const y = await newMember(t);
    const yMain = await mainAccount(y.memberId);
    await pastTransfer({
      from: await systemAccount('sys:bank:test'),
      to: yMain,
      amount: 500_00,
      kind: 'deposit',
      key: `t:y:dep:${y.memberId}`,
    });
    const lotto = await systemAccount('sys:lotto');
    await pastTransfer({ from: yMain, to: lotto, amount: 40_00, kind: 'bet', key: `t:y:bet:${y.memberId}` });
    await pastTransfer({ from: lotto, to: yMain, amount: 100_00, kind: 'win', key: `t:y:win:${y.memberId}` });
    const fishTx = `y-fish-${randomUUID()}`;
    await sql`INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id,
        game_code, amount, fingerprint, status, state, created_at)
      VALUES (${SIM.provider}, ${String(y.memberId)}, ${fishTx}, 'tx', 'debit', ${y.memberId}, 1, 'sim-fish', 7000,
        '\\x00', 'OK', 'settled', ${startOfBangkokDay(yesterday)})`.execute(t.db);
    await pastTransfer({
      from: yMain,
      to: await systemAccount(`sys:game:${SIM.provider}`),
      amount: 70_00,
      kind: 'bet',
      key: `game:${SIM.provider}:${y.memberId}:tx:${fishTx}`,
    });
    const promo = await systemAccount('sys:promo');
    await pastTransfer({
      from: promo,
      to: yMain,
      amount: 15_00,
      kind: 'reward',
      key: `wheel:${y.memberId}:y`,
    });
    await pastTransfer({
      from: yMain,
      to: await systemAccount('sys:forfeit'),
      amount: 5_00,
      kind: 'forfeit',
      key: `t:y:ff:${y.memberId}`,
    });
    await pastTransfer({
      from: await systemAccount('sys:withdraw_pending'),
      to: await systemAccount('sys:payout'),
      amount: 200_00,
      kind: 'withdraw_paid',
      key: `t:y:wd:${y.memberId}`,
    });
    // Registered yesterday (the member row is the members module's, not append-only).
    await sql`UPDATE member SET created_at = ${new Date(startOfBangkokDay(yesterday).getTime() + 3600_000)}
      WHERE id = ${y.memberId}`.execute(t.db);

    // ── Today, through the product: a deposit paid at the sandbox gateway and a paid withdrawal.
    const a = await newMember(t);
    await confirmedDeposit(t, a.token, 1000);
    const w = await withdraw(t, a.token, 300);
    expect(w.body.error, w.body.message).toBe(0);
    const name = (
      await t.db
        .selectFrom('member')
        .select('account_name')
        .where('id', '=', a.memberId)
        .executeTakeFirstOrThrow()
    ).account_name;
    const paid = await call<Withdrawal>(
      t.app,
      'POST',
      `/api/admin/payments/withdrawals/${w.body.data.id}/approve`,
      {
        token: finance,
        body: { bank_ref: 'KB-REPORT-1', bank_account_name: name },
      },
    );
    expect(paid.body.error, paid.body.message).toBe(0);

    // Games: a slot bet won, a casino bet rolled back, a fishing and a sport bet lost, a free spin won.
    const slot = await player(SIM.game, 100_000);
    expect(
      (await sim.debit({ player: slot.player, tx_id: 's1', round_id: 'r', game: SIM.game, amount: '50.00' }))
        .status,
    ).toBe('OK');
    expect(
      (
        await sim.credit({
          player: slot.player,
          tx_id: 's1w',
          bet_tx_id: 's1',
          round_id: 'r',
          game: SIM.game,
          amount: '120.00',
        })
      ).status,
    ).toBe('OK');
    const table = await player(SIM.table, 100_000);
    expect(
      (
        await sim.debit({
          player: table.player,
          tx_id: 'c1',
          round_id: 'r',
          game: SIM.table,
          amount: '80.00',
        })
      ).status,
    ).toBe('OK');
    expect(
      (
        await sim.debit({
          player: table.player,
          tx_id: 'c2',
          round_id: 'r',
          game: SIM.table,
          amount: '30.00',
        })
      ).status,
    ).toBe('OK');
    expect((await sim.rollback({ player: table.player, tx_id: 'c2' })).status).toBe('OK');
    expect(
      (
        await sim.credit({
          player: table.player,
          tx_id: 'c1w',
          bet_tx_id: 'c1',
          round_id: 'r',
          game: SIM.table,
          amount: '0.00',
        })
      ).status,
    ).toBe('OK');
    const fish = await player('sim-fish', 100_000);
    expect(
      (
        await sim.debit({
          player: fish.player,
          tx_id: 'f1',
          round_id: 'r',
          game: 'sim-fish',
          amount: '25.00',
        })
      ).status,
    ).toBe('OK');
    const ball = await player('sim-ball', 100_000);
    expect(
      (
        await sim.debit({
          player: ball.player,
          tx_id: 'b1',
          round_id: 'r',
          game: 'sim-ball',
          amount: '60.00',
        })
      ).status,
    ).toBe('OK');
    const spin = await player('sim-spin', 100_000);
    expect(
      (
        await sim.debit({
          player: spin.player,
          tx_id: 'p1',
          round_id: 'r',
          game: 'sim-spin',
          amount: '10.00',
        })
      ).status,
    ).toBe('OK');
    expect(
      (
        await sim.credit({
          player: spin.player,
          tx_id: 'p1w',
          bet_tx_id: 'p1',
          round_id: 'r',
          game: 'sim-spin',
          amount: '15.00',
        })
      ).status,
    ).toBe('OK');

    // The lottery: a bill that wins and one that loses, settled by the result.
    const l = await fundedMember(t, 1000);
    const roundId = await openRound(t, 'glo');
    expect(
      (await buy(t, l.token, roundId, [{ bet_type: 'two_bottom', number: '71', amount: 10 }])).body.error,
    ).toBe(0);
    expect(
      (await buy(t, l.token, roundId, [{ bet_type: 'two_bottom', number: '05', amount: 20 }])).body.error,
    ).toBe(0);
    await closeNow(t, roundId);
    // The result is entered after the close by the app's clock too.
    clock.advance(Date.now() + 2000 - clock.now().getTime());
    const result = await enterResult(t, roundId, R1);
    expect(result.body.error, result.body.message).toBe(0);

    // Rewards: a quest paid to the main wallet, a check-in paid as free credit.
    await inTransaction(t.db, async (tx) => {
      await lockMember(tx, a.memberId);
      for (const [feature, kind, amount] of [
        ['quest', 'main', 40_00],
        ['checkin', 'free_credit', 20_00],
      ] as const) {
        const r = await payReward(
          tx,
          { ledger: t.ledger },
          {
            memberId: a.memberId,
            feature,
            periodKey: today,
            kind,
            amount,
            reference: 'รางวัลทดสอบรายงาน',
            pointKind: 'quest',
            now: clock.now(),
          },
        );
        expect(r.claim.status).toBe('paid');
      }
    });

    // ── The dashboard against the ledger.
    const d = await dashboard();
    expect(d).toMatchObject({ today, to: today, from: addDays(today, -30) });
    expect(d.days).toHaveLength(31);
    expect(d.days.map((x) => x.day)).toEqual(Array.from({ length: 31 }, (_, i) => addDays(today, i - 30)));
    const expected = await expectedFromLedger(d.from, d.to);
    expect(d.days.map(strip)).toEqual(
      expected.map((e) => ({ ...e, costs: undefined, categories: e.categories.map((c) => ({ ...c })) })),
    );

    // Yesterday holds only the rows written above: known amounts.
    const yd = d.days.find((x) => x.day === yesterday)!;
    expect(yd).toMatchObject({
      deposits: '500.00',
      deposit_count: 1,
      withdrawals: '200.00',
      withdrawal_count: 1,
      stake: '110.00',
      payout: '100.00',
      ggr: '10.00',
      new_members: 1,
      active_members: 1,
      bonus_cost: '10.00',
      forfeited: '5.00',
      costs: [{ source: 'wheel', label: 'วงล้อนำโชค', amount: '15.00' }],
    });
    expect(yd.categories.find((c) => c.category === 'lotto')).toMatchObject({
      stake: '40.00',
      payout: '100.00',
      ggr: '-60.00',
    });
    expect(yd.categories.find((c) => c.category === 'fishing')).toMatchObject({
      stake: '70.00',
      ggr: '70.00',
    });

    // Today: the games and the lottery by category as played above (the seed plays no game or bill).
    const td = d.days.find((x) => x.day === today)!;
    const cat = (c: string) => td.categories.find((x) => x.category === c);
    expect(cat('slot')).toMatchObject({ stake: '60.00', payout: '135.00', ggr: '-75.00' });
    expect(cat('casino')).toMatchObject({ stake: '80.00', payout: '0.00' });
    expect(cat('fishing')).toMatchObject({ stake: '25.00', payout: '0.00' });
    expect(cat('sport')).toMatchObject({ stake: '60.00', payout: '0.00' });
    expect(cat('lotto')?.stake).toBe('30.00');
    expect(Number(cat('lotto')?.payout)).toBeGreaterThan(0);
    expect(td.withdrawals).toBe('300.00');
    expect(td.costs).toEqual(
      expect.arrayContaining([
        { source: 'quest', label: 'ภารกิจ', amount: '40.00' },
        { source: 'free_credit', label: 'เครดิตฟรี', amount: '20.00' },
      ]),
    );
    expect(Number(td.deposits)).toBeGreaterThanOrEqual(1000);
    expect(td.active_members).toBeGreaterThanOrEqual(7);

    // The total is the sum of the days.
    const sum = (f: (x: Day) => string) =>
      formatBaht(d.days.reduce((s, x) => s + Math.round(Number(f(x)) * 100), 0));
    expect(d.total).toMatchObject({
      deposits: sum((x) => x.deposits),
      withdrawals: sum((x) => x.withdrawals),
      stake: sum((x) => x.stake),
      ggr: sum((x) => x.ggr),
      bonus_cost: sum((x) => x.bonus_cost),
      new_members: d.days.reduce((s, x) => s + x.new_members, 0),
    });

    // Closed days are kept once computed; today never is. A second read answers the same.
    const kept = await t.db
      .selectFrom('report_day')
      .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'))
      .execute();
    expect(kept.map((k) => k.day)).not.toContain(today);
    expect(kept.length).toBeGreaterThanOrEqual(29);
    expect(await dashboard()).toEqual(d);

    // A shorter window ending yesterday holds yesterday as its last day, unchanged.
    const short = await dashboard(`?days=1&to=${yesterday}`);
    expect(short.days.map((x) => x.day)).toEqual([addDays(yesterday, -1), yesterday]);
    expect(short.days[1]).toEqual(yd);
  });

  it('answers owner and finance only; a future day is refused in Thai', async () => {
    const support = await staffToken(t, 'support', clock);
    expect((await call(t.app, 'GET', '/api/admin/reports/dashboard', { token: support })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/reports/dashboard', { token: finance })).body.error).toBe(0);
    expect((await call(t.app, 'GET', '/api/admin/reports/dashboard')).status).toBe(401);
    const future = await call(t.app, 'GET', `/api/admin/reports/dashboard?to=${addDays(today, 1)}`, {
      token: owner,
    });
    expect(future.body).toMatchObject({
      code: 'REPORT_DAY_IN_FUTURE',
      message: 'วันที่สิ้นสุดของรายงานต้องไม่เกินวันนี้',
    });
    const bad = await call(t.app, 'GET', '/api/admin/reports/dashboard?days=0', { token: owner });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
