import { LedgerModel } from '@chok/engine/ledger-model';
import { type Satang, satang } from '@chok/engine/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef, Ledger } from '../src/modules/wallet/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const MEMBERS = 5;
let memberIds: number[] = [];
let accounts: { ref: AccountRef; name: string; member: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  memberIds = [];
  for (let i = 0; i < MEMBERS; i++) {
    const id = await inTransaction(t.db, async (tx) => {
      const m = await tx
        .insertInto('member')
        .values({
          agent_id: t.config.AGENT_ID,
          phone: `070000000${i}`,
          password_hash: 'x',
          bank_code: '004',
          account_no: `700000000${i}`,
          account_name: `สมาชิก ${i}`,
          referral_code: `LEDGER${i}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.ledger.openMemberWallets(tx, m.id);
      return m.id;
    });
    memberIds.push(id);
  }
  accounts = [
    ...memberIds.flatMap((id) =>
      ([1, 2, 3] as const).map((w) => ({
        ref: { member: id, wallet: w },
        name: `m${id}:${w}`,
        member: true,
      })),
    ),
    { ref: { system: 'sys:bank:1' }, name: 'sys:bank:1', member: false },
    { ref: { system: 'sys:game' }, name: 'sys:game', member: false },
  ];
});
afterAll(async () => {
  await t.close();
});

/** The ledger's writes, each in a transaction of its own (as one request makes it). */
const own = {
  transfer: (r: Parameters<Ledger['transfer']>[1]) => inTransaction(t.db, (tx) => t.ledger.transfer(tx, r)),
  hold: (r: Parameters<Ledger['hold']>[1]) => inTransaction(t.db, (tx) => t.ledger.hold(tx, r)),
  release: (r: Parameters<Ledger['release']>[1]) => inTransaction(t.db, (tx) => t.ledger.release(tx, r)),
  payOutHold: (r: Parameters<Ledger['payOutHold']>[1]) =>
    inTransaction(t.db, (tx) => t.ledger.payOutHold(tx, r)),
};

type Outcome = 'ok' | 'replayed' | 'insufficient_funds' | 'key_mismatch';

async function attempt(from: AccountRef, to: AccountRef, amount: Satang, key: string): Promise<Outcome> {
  try {
    const r = await own.transfer({ from, to, amount, kind: 'bet', idempotencyKey: key });
    return r.replayed ? 'replayed' : 'ok';
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') return 'insufficient_funds';
    if (err instanceof AppError && err.code === 'IDEMPOTENCY_CONFLICT') return 'key_mismatch';
    throw err;
  }
}

async function memberBalances(): Promise<Map<string, number>> {
  const rows = await t.db
    .selectFrom('ledger_account')
    .select(['member_id', 'wallet_type_id', 'balance'])
    .where('kind', '=', 'member_wallet')
    .execute();
  return new Map(rows.map((r) => [`m${r.member_id}:${r.wallet_type_id}`, r.balance ?? 0]));
}

async function assertInvariants(): Promise<void> {
  const negative = await t.db.selectFrom('ledger_account').select('id').where('balance', '<', 0).execute();
  expect(negative).toEqual([]);
  const report = await t.ledger.reconcile(t.db);
  expect(report.mismatches).toEqual([]);
  expect(report.net).toBe('0.00');
  const systemRows = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', 'system')
    .execute();
  expect(systemRows.every((r) => r.balance === null)).toBe(true);
}

const opArb = fc.record({
  from: fc.nat({ max: MEMBERS * 3 + 1 }),
  to: fc.nat({ max: MEMBERS * 3 + 1 }),
  amount: fc.integer({ min: 1, max: 40_000 }),
  key: fc.nat({ max: 60 }),
  replayTwice: fc.boolean(),
});

describe('ledger against the real database', () => {
  it('random concurrent transfers with overdrafts and replays keep every invariant', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 50, maxLength: 250 }), async (rawOps) => {
        run += 1;
        // Fund a little so some transfers succeed and many overdraw.
        await Promise.all(
          accounts
            .filter((a) => a.member)
            .map((a, i) =>
              attempt({ system: 'sys:bank:1' }, a.ref, satang(10_000 + i), `fund:${run}:${a.name}`),
            ),
        );
        const before = await t.db
          .selectFrom('ledger_transfer')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const ops = rawOps
          .filter((o) => o.from !== o.to)
          .flatMap((o) => {
            const op = {
              from: accounts[o.from]!,
              to: accounts[o.to]!,
              amount: satang(o.amount),
              key: `run${run}:k${o.key}`,
            };
            return o.replayTwice ? [op, op] : [op];
          });
        const outcomes = await Promise.all(
          ops.map((op) => attempt(op.from.ref, op.to.ref, op.amount, op.key)),
        );

        await assertInvariants();
        // No key moved money twice: one 'ok' per stored key, and the stored transfer is one of that key's requests.
        const stored = await t.db
          .selectFrom('ledger_transfer')
          .selectAll()
          .where('idempotency_key', 'like', `run${run}:%`)
          .execute();
        const okByKey = new Map<string, number>();
        ops.forEach((op, i) => {
          if (outcomes[i] === 'ok') okByKey.set(op.key, (okByKey.get(op.key) ?? 0) + 1);
        });
        expect(stored.length).toBe(okByKey.size);
        for (const s of stored) {
          expect(okByKey.get(s.idempotency_key)).toBe(1);
          expect(ops.some((op) => op.key === s.idempotency_key && op.amount === s.amount)).toBe(true);
        }
        // Every replay answered as the first request did, or was refused as a mismatch.
        ops.forEach((op, i) => {
          if (outcomes[i] === 'replayed') expect(okByKey.get(op.key)).toBe(1);
        });
        const after = await t.db
          .selectFrom('ledger_transfer')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n) - Number(before.n)).toBe(stored.length);
      }),
      { numRuns: 25 },
    );
  });

  it('sequential transfers match the pure ledger model exactly', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 20, maxLength: 120 }), async (rawOps) => {
        run += 1;
        const start = await memberBalances();
        const model = new LedgerModel((a) => a.startsWith('m'));
        for (const [name, balance] of start) {
          if (balance > 0)
            model.apply({ key: `open:${name}`, debit: 'sys:open', credit: name, amount: satang(balance) });
        }
        for (const o of rawOps) {
          if (o.from === o.to) continue;
          const from = accounts[o.from]!;
          const to = accounts[o.to]!;
          const key = `seq${run}:k${o.key}`;
          const expected = model.apply({ key, debit: from.name, credit: to.name, amount: satang(o.amount) });
          const actual = await attempt(from.ref, to.ref, satang(o.amount), key);
          expect(actual).toBe(expected);
        }
        const end = await memberBalances();
        for (const [name, balance] of end) expect(balance).toBe(model.balance(name));
      }),
      { numRuns: 8 },
    );
    await assertInvariants();
  });
});

describe('ledger rules', () => {
  it('transfers are immutable and member balances cannot go negative, even by hand', async () => {
    await expect(sql`UPDATE ledger_transfer SET amount = amount + 1`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM ledger_transfer`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`UPDATE ledger_account SET balance = -1 WHERE kind = 'member_wallet'`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
  });

  it('a replay returns the first transfer; a different request under the same key is refused', async () => {
    const to: AccountRef = { member: memberIds[0]!, wallet: 1 };
    const from: AccountRef = { system: 'sys:bank:1' };
    const request = {
      from,
      to,
      amount: satang(1234),
      kind: 'deposit' as const,
      idempotencyKey: 'dep:replay',
    };
    const first = await own.transfer(request);
    const second = await own.transfer(request);
    expect(second).toEqual({ transferId: first.transferId, replayed: true, recovered: 0 });
    await expect(own.transfer({ ...request, amount: satang(999) })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('hold, release and pay out a withdrawal', async () => {
    const memberId = memberIds[1]!;
    await own.transfer({
      from: { system: 'sys:bank:1' },
      to: { member: memberId, wallet: 1 },
      amount: satang(50_000),
      kind: 'deposit',
      idempotencyKey: 'hold:fund',
    });
    const main = async () =>
      (await t.ledger.wallets(t.db, memberId)).find((w) => w.wallet_type_id === 1)!.balance;
    const start = await main();
    const held = { memberId, amount: satang(30_000), idempotencyKey: 'wd:1:hold', reference: 'wd:1' };
    await own.hold(held);
    await own.hold(held); // double click
    const afterHold = await main();
    expect(Number(start.replace('.', '')) - Number(afterHold.replace('.', ''))).toBe(30_000);
    await own.release({
      memberId,
      amount: satang(30_000),
      idempotencyKey: 'wd:1:rejected',
      reference: 'wd:1',
    });
    expect(await main()).toBe(start);
    await own.hold({ ...held, idempotencyKey: 'wd:2:hold', reference: 'wd:2' });
    await own.payOutHold({ amount: satang(30_000), idempotencyKey: 'wd:2:paid', reference: 'wd:2' });
    const report = await t.ledger.reconcile(t.db);
    expect(report.system_balances.find((s) => s.code === 'sys:withdraw_pending')?.balance).toBe('0.00');
    expect(report.system_balances.find((s) => s.code === 'sys:payout')?.balance).toBe('300.00');
    await expect(
      own.hold({
        memberId,
        amount: satang(10_000_000),
        idempotencyKey: 'wd:3:hold',
        reference: 'wd:3',
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('system balances from the rolled-up snapshot plus later transfers equal the full sums', async () => {
    const before = (await t.ledger.reconcile(t.db)).system_balances;
    await t.ledger.rollupSystemBalances(t.db, 0);
    expect((await t.ledger.reconcile(t.db)).system_balances).toEqual(before);
    await own.transfer({
      from: { system: 'sys:bank:1' },
      to: { member: memberIds[2]!, wallet: 1 },
      amount: satang(777),
      kind: 'deposit',
      idempotencyKey: 'after-rollup',
    });
    const after = (await t.ledger.reconcile(t.db)).system_balances;
    const bank = (list: typeof before) =>
      Number(list.find((s) => s.code === 'sys:bank:1')!.balance.replace('.', ''));
    expect(bank(after)).toBe(bank(before) - 777);
    await assertInvariants();
  });
});
