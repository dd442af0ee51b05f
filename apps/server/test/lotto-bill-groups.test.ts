import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillInput, createBill } from '../src/modules/lotto/bills.ts';
import { systemClock } from '../src/platform/clock.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, expectReconciled, type TestApp } from './helpers.ts';
import { buy, closeNow, fundedMember, lottoDeps, openRound, setNumberLimits } from './lotto-fixtures.ts';

/**
 * Bills in groups (docs/rules/lottery.md §7 "Bills in groups", decision 0079) against an oracle: the
 * same random bills — every kind of refusal mixed in, idempotent repeats, rules changing and the round
 * closing between them — placed once through groups (one group at a time, so arrival order is the
 * order they are judged in) and once one at a time in the same order, on two databases made alike.
 * Every bill's answer and the final balances, exposure, bills, items and transfers must be the same,
 * and the ledger must balance on both.
 */

let grouped: TestApp;
let alone: TestApp;
beforeAll(async () => {
  [grouped, alone] = await Promise.all([
    createTestApp({ seed: true, env: { LOTTO_BILL_GROUP_MAX: '12', LOTTO_BILL_GROUPS_IN_FLIGHT: '1' } }),
    createTestApp({ seed: true, env: { LOTTO_BILL_GROUP_MAX: '1', LOTTO_BILL_GROUPS_IN_FLIGHT: '1' } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([grouped?.close(), alone?.close()]);
});

/** A small deterministic generator (mulberry32) seeded from crypto, so a failing run can be repeated. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
  };
}

interface World {
  members: number[];
  roundId: number;
}

/** The same members, round, limits and protection state on a database. */
async function makeWorld(t: TestApp): Promise<World> {
  const members: number[] = [];
  // Balances from 20 to 2,000 baht: the small ones run out part-way.
  for (const baht of [2000, 1500, 60, 40, 300, 20, 1000, 80, 500, 25]) {
    members.push((await fundedMember(t, baht)).memberId);
  }
  const roundId = await openRound(t, 'lao');
  // Ceilings that the bills reach: a capped run digit, a capped two-digit number; a closed number.
  await setNumberLimits(t, roundId, { bet_type: 'run_top', number: '7', action: 'capped', cap: 300 });
  await setNumberLimits(t, roundId, { bet_type: 'two_top', number: '11', action: 'capped', cap: 150 });
  await setNumberLimits(t, roundId, { bet_type: 'two_bottom', number: '99', action: 'closed' });
  // Member 8 is in a time-out; member 9 has a loss limit (its bills are counted one by one).
  await sql`INSERT INTO protection_member (member_id, block_kind, block_choice, block_started_at, block_until)
    VALUES (${members[8]!}, 'timeout', '1d', now(), now() + interval '1 day')`.execute(t.db);
  await sql`INSERT INTO protection_limit (member_id, kind, period, amount_satang, period_start)
    SELECT ${members[9]!}, 'loss', p, 6000, NULL FROM unnest(ARRAY['day', 'week', 'month']) p`.execute(t.db);
  return { members, roundId };
}

/** A bill of the script; `repeat`: an earlier bill's key sent again. */
interface ScriptBill {
  member: number;
  input: Omit<BillInput, 'round_id'>;
  key: string;
  repeat?: boolean;
}

type Step =
  | { kind: 'bills'; bills: ScriptBill[] }
  | { kind: 'limit'; body: Record<string, unknown> }
  | { kind: 'close' };

const NUMBERS: Record<string, string[]> = {
  run_top: ['7', '3'],
  two_top: ['11', '12', '40'],
  two_bottom: ['99', '05'],
  three_top: ['123', '456'],
};

function script(seed: number, batches: number, maxBatch: number): Step[] {
  const g = generator(seed);
  const steps: Step[] = [];
  const sent: ScriptBill[] = [];
  let serial = 0;
  for (let s = 0; s < batches; s++) {
    if (s === Math.floor(batches / 2)) {
      steps.push({ kind: 'limit', body: { bet_type: 'run_top', number: '3', action: 'capped', cap: 120 } });
    }
    if (s === Math.floor((batches * 3) / 4)) {
      steps.push({ kind: 'limit', body: { bet_type: 'run_top', number: '7', action: 'capped', cap: 400 } });
    }
    const bills: ScriptBill[] = [];
    for (let n = g.int(1, maxBatch); n > 0; n--) {
      if (sent.length > 0 && g.chance(0.08)) {
        // An earlier bill sent again: the same body (a replay) or, now and then, another body
        // under the same key (a conflict).
        const before = sent[g.int(0, sent.length - 1)]!;
        const same = g.chance(0.7);
        bills.push({
          member: before.member,
          key: before.key,
          repeat: true,
          input: same
            ? before.input
            : { ...before.input, items: [{ bet_type: 'three_top', number: '456', amount: 1 }] },
        });
        continue;
      }
      const types = Object.keys(NUMBERS);
      const items: BillInput['items'] = [];
      const used = new Set<string>();
      for (let l = g.int(1, 4); l > 0; l--) {
        const bt = types[g.int(0, types.length - 1)]!;
        const number = NUMBERS[bt]![g.int(0, NUMBERS[bt]!.length - 1)]!;
        if (used.has(`${bt}:${number}`)) continue;
        used.add(`${bt}:${number}`);
        items.push({ bet_type: bt as BillInput['items'][number]['bet_type'], number, amount: g.int(1, 40) });
      }
      // Wallet 1 (main), now and then the bonus wallet (not for lotto) or one that does not exist.
      const wallet = g.chance(0.05) ? 2 : g.chance(0.03) ? 99 : 1;
      const bill = {
        member: g.int(0, 9),
        key: `model-${seed}-${serial++}`,
        input: { wallet_id: wallet, items },
      };
      bills.push(bill);
      sent.push(bill);
    }
    const line = { bet_type: 'three_top' as const, number: '123', amount: 2 };
    if (s === 0) {
      // A bill that is bought whatever the seed, sent again with other lines below: a conflict. (A
      // random earlier bill may have been refused, and its key then is free: no conflict.)
      const bought = { member: 3, key: `model-${seed}-conflict`, input: { wallet_id: 1, items: [line] } };
      bills.push(bought);
      sent.push(bought);
    }
    if (s === 2) {
      // Every rare kind at least once, whatever the seed: a conflict, the bonus wallet, a wallet that
      // does not exist, the member in a time-out, a closed number, the one with a loss limit.
      const other = [{ bet_type: 'three_top' as const, number: '321', amount: 2 }];
      bills.push(
        { member: 3, key: `model-${seed}-conflict`, repeat: true, input: { wallet_id: 1, items: other } },
        { member: 1, key: `model-${seed}-bonus`, input: { wallet_id: 2, items: [line] } },
        { member: 1, key: `model-${seed}-nowallet`, input: { wallet_id: 99, items: [line] } },
        { member: 8, key: `model-${seed}-timeout`, input: { wallet_id: 1, items: [line] } },
        {
          member: 0,
          key: `model-${seed}-closed`,
          input: { wallet_id: 1, items: [line, { bet_type: 'two_bottom', number: '99', amount: 1 }] },
        },
        { member: 9, key: `model-${seed}-loss`, input: { wallet_id: 1, items: [line] } },
        // The same key twice in one group: the second waits for the first and answers its bill.
        { member: 4, key: `model-${seed}-twice`, input: { wallet_id: 1, items: [line] } },
        { member: 4, key: `model-${seed}-twice`, repeat: true, input: { wallet_id: 1, items: [line] } },
        { member: 2, key: `model-${seed}-after-loss`, input: { wallet_id: 1, items: [line] } },
      );
    }
    steps.push({ kind: 'bills', bills });
  }
  steps.push({ kind: 'close' });
  // After the close every bill is refused, a repeated key still answers its bill.
  steps.push({
    kind: 'bills',
    bills: [
      ...[...sent.slice(0, 3), ...sent.slice(-2)].map((b) => ({ ...b, repeat: true })),
      {
        member: 0,
        key: `model-${seed}-after-close`,
        input: { wallet_id: 1, items: [{ bet_type: 'three_top', number: '456', amount: 1 }] },
      },
    ],
  });
  return steps;
}

/**
 * What a member is told: the refusal's code, message and fields, or the bill without its ids. A
 * repeated key answers the first bill with the wallet's balance as it is when the answer is made, which
 * in a group comes after the group's other bills: not compared.
 */
function answerOf(r: PromiseSettledResult<Awaited<ReturnType<typeof createBill>>>, repeat: boolean) {
  if (r.status === 'rejected') {
    const e = r.reason;
    if (!(e instanceof AppError)) throw e;
    return { code: e.code, message: e.message, fields: e.fields ?? null };
  }
  const v = r.value;
  return {
    total: v.bill.total_amount,
    status: v.bill.status,
    balance: repeat ? 'now' : v.balance,
    items: v.items.map(({ id: _id, ...i }) => i),
  };
}

/** Plays the script on a world: each batch sent at once (grouped) and awaited before the next. */
async function play(t: TestApp, w: World, steps: Step[], groupSizes: number[]) {
  // The first bills of this database: its groups are made with these deps (bills.ts), sizes told here.
  const d = { ...lottoDeps(t, systemClock), onBillGroup: (n: number) => groupSizes.push(n) };
  const answers: unknown[] = [];
  for (const step of steps) {
    if (step.kind === 'limit') await setNumberLimits(t, w.roundId, step.body);
    else if (step.kind === 'close') await closeNow(t, w.roundId);
    else {
      const settled = await Promise.allSettled(
        step.bills.map((b) =>
          createBill(
            d,
            w.members[b.member]!,
            { ...b.input, round_id: w.roundId, idempotency_key: b.key },
            null,
          ),
        ),
      );
      answers.push(...settled.map((r, i) => answerOf(r, step.bills[i]!.repeat ?? false)));
    }
  }
  return answers;
}

/** Balances, exposure, bills, items and transfers, with members by their position in the world. */
async function stateOf(t: TestApp, w: World) {
  const pos = (id: number | null) => w.members.indexOf(id ?? -1);
  const balances = await t.db
    .selectFrom('ledger_account')
    .select(['member_id', 'wallet_type_id', 'balance'])
    .where('member_id', 'in', w.members)
    .orderBy('member_id')
    .orderBy('wallet_type_id')
    .execute();
  const { rows: exposure } = await sql<{ bet_type: string; number: string; accepted: string }>`
    SELECT bet_type, number, sum(accepted_amount)::text AS accepted FROM lotto_exposure_slot
    WHERE round_id = ${w.roundId} GROUP BY bet_type, number HAVING sum(accepted_amount) > 0
    ORDER BY bet_type, number`.execute(t.db);
  const { rows: bills } = await sql<{
    member_id: number;
    idempotency_key: string;
    total_stake: number;
    items: string;
  }>`
    SELECT b.member_id, b.idempotency_key, b.total_stake,
      (SELECT string_agg(i.bet_type || ':' || i.number || ':' || i.stake || ':' || i.rate_snapshot || ':' || i.potential_win,
         ',' ORDER BY i.id) FROM lotto_bill_item i WHERE i.bill_id = b.id) AS items
    FROM lotto_bill b WHERE b.round_id = ${w.roundId} ORDER BY b.idempotency_key`.execute(t.db);
  const { rows: transfers } = await sql<{ member_id: number; n: number; sum: string }>`
    SELECT a.member_id, count(*)::int AS n, sum(x.amount)::text AS sum
    FROM ledger_transfer x JOIN ledger_account a ON a.id = x.debit_account_id
    WHERE x.kind = 'bet' AND a.member_id = ANY(${w.members}) GROUP BY a.member_id ORDER BY a.member_id`.execute(
    t.db,
  );
  return {
    balances: balances.map((b) => ({ ...b, member_id: pos(b.member_id) })),
    exposure,
    bills: bills.map((b) => ({ ...b, member_id: pos(b.member_id) })),
    transfers: transfers.map((x) => ({ ...x, member_id: pos(x.member_id) })),
  };
}

describe('bills in groups against bills one at a time (docs/rules/lottery.md §7)', () => {
  it('every answer and the final balances, exposure, bills and transfers are the same', async () => {
    // BILL_GROUPS_SEED repeats a run (the seed is in every failure message).
    const seed = process.env.BILL_GROUPS_SEED ? Number(process.env.BILL_GROUPS_SEED) : randomInt(0, 2 ** 31);
    const steps = script(seed, 40, 12);
    const [wg, wa] = [await makeWorld(grouped), await makeWorld(alone)];
    const sizes = { grouped: [] as number[], alone: [] as number[] };
    const [ag, aa] = [
      await play(grouped, wg, steps, sizes.grouped),
      await play(alone, wa, steps, sizes.alone),
    ];
    expect(ag.length, `seed ${seed}`).toBe(aa.length);
    for (let i = 0; i < ag.length; i++) expect(ag[i], `seed ${seed}, bill ${i}`).toEqual(aa[i]);
    const [sg, sa] = [await stateOf(grouped, wg), await stateOf(alone, wa)];
    expect(sg, `seed ${seed}`).toEqual(sa);
    // The script reached every kind of answer.
    const codes = new Set(ag.map((a) => (a as { code?: string }).code ?? 'OK'));
    for (const c of [
      'OK',
      'INSUFFICIENT_FUNDS',
      'LOTTO_OVER_CEILING',
      'LOTTO_NUMBER_CLOSED',
      'LOTTO_ROUND_CLOSED',
      'LOTTO_BONUS_WALLET',
      'WALLET_NOT_FOUND',
      'PROTECTION_TIMEOUT',
      'IDEMPOTENCY_CONFLICT',
    ])
      expect(codes, `seed ${seed}: ${c}`).toContain(c);
    // The grouped world placed most bills in groups of several, the other one at a time.
    expect(sizes.grouped.filter((n) => n > 1).length, `seed ${seed}`).toBeGreaterThan(10);
    expect(Math.max(...sizes.alone)).toBe(1);
    await expectReconciled(grouped);
    await expectReconciled(alone);
  });
});

describe('groups in flight together (docs/rules/lottery.md §4, §7)', () => {
  it('four groups at a time over capped and fresh numbers: no 5xx, no number past its cap, exposure equals what was sold, the ledger balances', async () => {
    const t = await createTestApp({
      seed: true,
      env: { LOTTO_BILL_GROUPS_IN_FLIGHT: '4', LOTTO_BILL_GROUP_MAX: '8' },
    });
    try {
      const members: Awaited<ReturnType<typeof fundedMember>>[] = [];
      for (let i = 0; i < 16; i++) members.push(await fundedMember(t, i % 4 === 0 ? 150 : 5000));
      const roundId = await openRound(t, 'lao');
      const caps: Record<string, number> = { '1': 900, '2': 1500, '3': 2500 };
      for (const [number, cap] of Object.entries(caps))
        await setNumberLimits(t, roundId, { bet_type: 'run_top', number, action: 'capped', cap });
      // 240 bills at once: each stakes a capped run digit (the exact path once the slots run low) and
      // two two-digit numbers nobody has bet on yet (several groups creating the same number's rows).
      const answers = await Promise.all(
        Array.from({ length: 240 }, (_, i) =>
          buy(t, members[i % 16]!.token, roundId, [
            { bet_type: 'run_top', number: String((i % 3) + 1), amount: 10 + (i % 7) * 10 },
            { bet_type: 'two_top', number: String((i * 7) % 100).padStart(2, '0'), amount: 5 },
            { bet_type: 'two_bottom', number: String((i * 13) % 100).padStart(2, '0'), amount: 5 },
          ]),
        ),
      );
      for (const a of answers) expect(a.status).toBeLessThan(500);
      const codes = new Set(answers.map((a) => a.body.code ?? 'OK'));
      expect([...codes].every((c) => ['OK', 'LOTTO_OVER_CEILING', 'INSUFFICIENT_FUNDS'].includes(c))).toBe(
        true,
      );
      expect(codes).toContain('OK');
      expect(codes).toContain('LOTTO_OVER_CEILING');
      const { rows } = await sql<{ bet_type: string; number: string; accepted: number; sold: number }>`
        SELECT e.bet_type, e.number, e.accepted_amount::bigint AS accepted,
          (SELECT coalesce(sum(i.stake), 0)::bigint FROM lotto_bill_item i
           WHERE i.round_id = e.round_id AND i.bet_type = e.bet_type AND i.number = e.number) AS sold
        FROM lotto_exposure e WHERE e.round_id = ${roundId}`.execute(t.db);
      for (const r of rows) {
        expect(Number(r.accepted), `${r.bet_type} ${r.number}`).toBe(Number(r.sold));
        if (r.bet_type === 'run_top') expect(Number(r.accepted)).toBeLessThanOrEqual(caps[r.number]! * 100);
      }
      // Every cap was reached as far as the refused stakes allow: a refused line found too little room.
      for (const number of Object.keys(caps)) {
        const r = rows.find((x) => x.bet_type === 'run_top' && x.number === number)!;
        expect(Number(r.accepted)).toBeGreaterThan(caps[number]! * 100 - 8000);
      }
      // Budgets never add up to more than the ceiling, and no slot holds more than its budget.
      const { rows: over } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (
          SELECT bet_type, number, sum(budget) AS budgets, max(ceiling) AS ceiling, bool_or(accepted_amount > budget) AS past
          FROM lotto_exposure_slot WHERE round_id = ${roundId} GROUP BY bet_type, number) x
        WHERE x.budgets > x.ceiling OR x.past`.execute(t.db);
      expect(over[0]!.n).toBe(0);
      await expectReconciled(t);
    } finally {
      await t.close();
    }
  });
});
