import { randomUUID } from 'node:crypto';
import { satang } from '@chok/engine/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { nightlyReconciliation } from '../src/modules/wallet/jobs.ts';
import { systemClock } from '../src/platform/clock.ts';
import { inTransaction } from '../src/platform/db.ts';
import { launchToken, SIM } from './games-support.ts';
import { auditRows, call, staffToken, type TestApp } from './helpers.ts';
import { buy, closeNow, enterResult, fund, openRound } from './lotto-fixtures.ts';
import { generateQr, newMember, walletBalances, welcomePromotion, withdraw } from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * The three withdrawal blocks of docs/rules/payments.md §5 rule 5 — a reconciliation freeze, an
 * unpaid correction debt, unmet promotion turnover (payments-promotions.test.ts) — and nothing else.
 */
let t: TestApp;
let finance: string;
let sim: ProviderSimulator;

beforeAll(async () => {
  ({ t, sim, finance } = await simSuiteApp({ staff: ['finance'] }));
});
afterAll(async () => {
  await t?.close();
});

async function ledgerHolds() {
  const r = await t.ledger.reconcile(t.db);
  expect(r.mismatches).toEqual([]);
  expect(r.net).toBe('0.00');
}

async function withdrawInfo(token: string) {
  return (await call<{ blocked_reason: string | null }>(t.app, 'GET', '/api/member/withdraw/info', { token }))
    .body.data;
}

async function mainAccountId(memberId: number): Promise<number> {
  const a = await t.db
    .selectFrom('ledger_account')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', 1)
    .executeTakeFirstOrThrow();
  return a.id;
}

describe('open lottery bills and game rounds do not block a withdrawal (docs/rules/payments.md §5.5)', () => {
  it('a 20-baht bill drawn in 8 days and an unsettled game round leave the rest of the wallet free', async () => {
    const m = await newMember(t);
    await fund(t, m.memberId, 4_975);
    const roundId = await openRound(t, 'lao', { closeInMs: 8 * 86_400_000 });
    const bill = await buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '07', amount: 20 }]);
    expect(bill.body.data.bill.status).toBe('pending');
    const session = await sim.authenticate(await launchToken(t, m.memberId, 1));
    expect(session.status).toBe('OK');
    const bet = await sim.debit({
      player: String(m.memberId),
      tx_id: randomUUID(),
      round_id: 'open-round',
      game: SIM.game,
      amount: '5.00',
    });
    expect(bet.status).toBe('OK');

    expect((await withdrawInfo(m.token)).blocked_reason).toBeNull();
    const w = await withdraw(t, m.token, 4_950);
    expect(w.body.error).toBe(0);
    expect(w.body.data).toMatchObject({ status: 'pending', amount: '4950.00' });
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(0);
  });
});

describe('a promotion past its end blocks nothing, even while a round staked from its wallet is open', () => {
  it('the promotion stays open for the round’s result, and main can be withdrawn meanwhile', async () => {
    const m = await newMember(t);
    const welcome = await welcomePromotion(t, m.token);
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 100, promotion_id: welcome.id })).body
      .data;
    const ok = await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
      token: finance,
      body: { bank_ref: `K-${d.request_id}` },
    });
    expect(ok.body.error, ok.body.message).toBe(0);
    await fund(t, m.memberId, 500); // the member's own money in main
    // A round staked from the bonus wallet, still waiting for its result.
    expect((await sim.authenticate(await launchToken(t, m.memberId, 2))).status).toBe('OK');
    const tx = randomUUID();
    const bet = await sim.debit({
      player: String(m.memberId),
      tx_id: tx,
      round_id: tx,
      game: SIM.game,
      amount: '10.00',
    });
    expect(bet.status).toBe('OK');
    // While the promotion runs, its unmet turnover blocks.
    expect((await withdraw(t, m.token, 100)).body.code).toBe('TURNOVER_INCOMPLETE');
    // Its 7 days are over: it no longer blocks, though it stays open until the round's result.
    await sql`UPDATE member_promotion SET ends_at = now() - interval '1 hour' WHERE member_id = ${m.memberId}`.execute(
      t.db,
    );
    expect((await withdrawInfo(m.token)).blocked_reason).toBeNull();
    const w = await withdraw(t, m.token, 100);
    expect(w.body.error, w.body.message).toBe(0);
    const open = await t.db
      .selectFrom('member_promotion')
      .select('status')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(open.status).toBe('active');
    await ledgerHolds();
  });
});

describe('a reconciliation mismatch freezes the member’s withdrawals (docs/rules/casino.md §2.6)', () => {
  it('freezes only the member out of line, refuses with its code until an operator clears it', async () => {
    const bad = await newMember(t);
    const good = await newMember(t);
    await fund(t, bad.memberId, 800);
    await fund(t, good.memberId, 800);
    expect((await nightlyReconciliation({ ...t, clock: systemClock }, t.ledger)).frozen).toEqual([]);

    // Corrupt one stored balance behind the ledger's back.
    const account = await mainAccountId(bad.memberId);
    await sql`UPDATE ledger_account SET balance = balance + 12345 WHERE id = ${account}`.execute(t.db);
    const run = await nightlyReconciliation({ ...t, clock: systemClock }, t.ledger);
    expect(run.frozen).toEqual([bad.memberId]);
    expect(run.report.mismatches).toEqual([
      {
        account_id: account,
        member_id: bad.memberId,
        wallet_type_id: 1,
        balance: '923.45',
        derived: '800.00',
      },
    ]);
    // Running again keeps the one open freeze.
    expect((await nightlyReconciliation({ ...t, clock: systemClock }, t.ledger)).frozen).toEqual([]);

    const refused = await withdraw(t, bad.token, 100);
    expect(refused.body.code).toBe('WITHDRAW_FROZEN');
    expect(refused.body.message).toBe(
      'ระงับการถอนชั่วคราว: ยอดในกระเป๋าไม่ตรงกับรายการบัญชี ถอนได้อีกครั้งเมื่อเจ้าหน้าที่ตรวจสอบเสร็จ',
    );
    expect((await withdrawInfo(bad.token)).blocked_reason).toBe(refused.body.message);
    expect((await walletBalances(t.db, bad.memberId))[1]).toBe(923_45); // nothing held
    expect((await withdraw(t, good.token, 100)).body.error).toBe(0);

    // The operator lists the freeze (owner/finance only) and clears it with a note, audited.
    const support = await staffToken(t, 'support');
    expect((await call(t.app, 'GET', '/api/admin/ledger/freezes', { token: support })).status).toBe(403);
    const list = await call<
      { id: number; member_id: number; phone: string; accounts: unknown[]; cleared_at: null }[]
    >(t.app, 'GET', `/api/admin/ledger/freezes?member_id=${bad.memberId}`, { token: finance });
    expect(list.body.data).toHaveLength(1);
    const freeze = list.body.data[0]!;
    expect(freeze).toMatchObject({
      member_id: bad.memberId,
      phone: bad.phone,
      reason: 'reconciliation',
      accounts: [{ account_id: account, wallet_type_id: 1, balance: '923.45', derived: '800.00' }],
      cleared_at: null,
    });
    const noNote = await call(t.app, 'POST', `/api/admin/ledger/freezes/${freeze.id}/clear`, {
      token: finance,
      body: { note: ' ' },
    });
    expect(noNote.body.code).toBe('VALIDATION_FAILED');
    expect((await withdraw(t, bad.token, 100)).body.code).toBe('WITHDRAW_FROZEN');

    // The stored balance is put back, then the freeze is cleared.
    await sql`UPDATE ledger_account SET balance = balance - 12345 WHERE id = ${account}`.execute(t.db);
    const cleared = await call<{ cleared_at: string | null; clear_note: string; phone: string }>(
      t.app,
      'POST',
      `/api/admin/ledger/freezes/${freeze.id}/clear`,
      { token: finance, body: { note: 'ตรวจแล้ว แก้ยอดตามรายการบัญชี' } },
    );
    expect(cleared.body.error).toBe(0);
    expect(cleared.body.data.cleared_at).not.toBeNull();
    expect(cleared.body.data.phone).toBe(bad.phone);
    const again = await call(t.app, 'POST', `/api/admin/ledger/freezes/${freeze.id}/clear`, {
      token: finance,
      body: { note: 'ซ้ำ' },
    });
    expect(again.body.code).toBe('WITHDRAW_FREEZE_NOT_OPEN');
    const audit = await auditRows(t, { entity: 'member', entityId: bad.memberId }, ['action', 'actor_type']);
    expect(audit).toEqual([
      { action: 'wallet.withdrawal_freeze', actor_type: 'system' },
      { action: 'wallet.withdrawal_freeze_cleared', actor_type: 'staff' },
    ]);
    const open = await call<unknown[]>(t.app, 'GET', `/api/admin/ledger/freezes?member_id=${bad.memberId}`, {
      token: finance,
    });
    expect(open.body.data).toEqual([]);

    const ok = await withdraw(t, bad.token, 100);
    expect(ok.body.error).toBe(0);
    await ledgerHolds();
  });
});

/** A credit of `baht` to main from outside (a fresh key each time, so parallel calls never collide). */
async function credit(memberId: number, baht: number) {
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: { system: 'sys:test' },
      to: { member: memberId, wallet: 1 },
      amount: satang(baht * 100),
      kind: 'bonus',
      idempotencyKey: `test:credit:${randomUUID()}`,
    }),
  );
}

/**
 * A member who won 9,000 on a lao bill and spent part of it; then the result was corrected: the
 * reversal takes what is left and books 999.34 as debt (docs/rules/lottery.md §8.3). With `gameBet` and
 * `billRound`, 1.00 of the win is staked on a game round and 1.00 on a bill, both still open when
 * the debt appears.
 */
async function memberOwing999_34(o: { gameBet?: string; billRound?: number } = {}) {
  const m = await newMember(t);
  await fund(t, m.memberId, 100);
  const roundId = await openRound(t, 'lao');
  const bill = await buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '43', amount: 100 }]);
  expect(bill.body.error).toBe(0);
  await closeNow(t, roundId);
  expect((await enterResult(t, roundId, { number: '4321' })).body.data.paid).toBe('9000.00');
  if (o.gameBet) {
    expect((await sim.authenticate(await launchToken(t, m.memberId, 1))).status).toBe('OK');
    const debit = await sim.debit({
      player: String(m.memberId),
      tx_id: o.gameBet,
      round_id: o.gameBet,
      game: SIM.game,
      amount: '1.00',
    });
    expect(debit.status).toBe('OK');
  }
  if (o.billRound) {
    const open = await buy(t, m.token, o.billRound, [{ bet_type: 'two_bottom', number: '55', amount: 1 }]);
    expect(open.body.error).toBe(0);
  }
  const staked = (o.gameBet ? 1_00 : 0) + (o.billRound ? 1_00 : 0);
  await inTransaction(t.db, (tx) =>
    t.ledger.transfer(tx, {
      from: { member: m.memberId, wallet: 1 },
      to: { system: 'sys:test' },
      amount: satang(999_34 - staked),
      kind: 'withdraw_paid',
      idempotencyKey: `test:spend:${m.memberId}`,
    }),
  );
  const fixed = await enterResult(t, roundId, { number: '9821' }, 'พิมพ์ผลผิด');
  expect(fixed.body.error).toBe(0);
  expect((await walletBalances(t.db, m.memberId))[1]).toBe(0);
  expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 0 }]);
  return m;
}

async function debtOf(memberId: number) {
  return t.db
    .selectFrom('lotto_member_debt')
    .select(['amount', 'recovered'])
    .where('member_id', '=', memberId)
    .execute();
}

describe('a correction debt is recovered from the next credit of any kind (docs/rules/lottery.md §8.3)', () => {
  it('debt 999.34 blocks with LOTTO_MEMBER_DEBT; a 5,000 deposit repays it in its own transaction', async () => {
    const m = await memberOwing999_34();
    const refused = await withdraw(t, m.token, 100);
    expect(refused.body.code).toBe('LOTTO_MEMBER_DEBT');
    expect(refused.body.message).toBe(
      'มียอดค้างชำระ 999.34 บาทจากการแก้ไขผลหวย ถอนได้เมื่อหักชำระครบจากยอดเงินเข้าครั้งถัดไป',
    );
    expect((await withdrawInfo(m.token)).blocked_reason).toBe(refused.body.message);

    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 5000 })).body.data;
    const confirmed = await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
      token: finance,
      body: { bank_ref: `KB-${d.request_id}` },
    });
    expect(confirmed.body.error).toBe(0);
    const fraction = Math.round(Number(d.pay_amount) * 100) - 5000_00; // the request's unique satang
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(4000_66 + fraction);
    expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 999_34 }]);
    const recovery = await t.db
      .selectFrom('ledger_transfer')
      .select(['amount', 'kind'])
      .where('idempotency_key', 'like', `lotto:debt:%:op:${d.request_id}`)
      .execute();
    expect(recovery).toEqual([{ amount: 999_34, kind: 'debt_recovery' }]);
    const statement = await call<{ items: { kind_label: string; amount: string; direction: string }[] }>(
      t.app,
      'GET',
      '/api/member/statement',
      { token: m.token },
    );
    expect(statement.body.data.items[0]).toMatchObject({
      kind_label: 'หักชำระยอดค้างจากการแก้ไขผลหวย',
      amount: '999.34',
      direction: 'out',
    });

    expect((await withdrawInfo(m.token)).blocked_reason).toBeNull();
    expect((await withdraw(t, m.token, 4000)).body.error).toBe(0);
    await ledgerHolds();
  });

  it('an exact 5,000 deposit credit leaves 4,000.66 in main; its replay recovers nothing again', async () => {
    const m = await memberOwing999_34();
    const deposit = () =>
      inTransaction(t.db, (tx) =>
        t.ledger.transfer(tx, {
          from: { system: 'sys:bank:test' },
          to: { member: m.memberId, wallet: 1 },
          amount: satang(5000_00),
          kind: 'deposit',
          idempotencyKey: `test:deposit:${m.memberId}`,
        }),
      );
    expect(await deposit()).toMatchObject({ replayed: false, recovered: 999_34 });
    expect(await deposit()).toMatchObject({ replayed: true, recovered: 0 });
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(4000_66);
    expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 999_34 }]);
    expect((await withdraw(t, m.token, 4000)).body.error).toBe(0);
    await ledgerHolds();
  });

  it('a lottery win and a game win repay it too; concurrent credits never recover more than is owed', async () => {
    const betTx = randomUUID();
    const billRound = await openRound(t, 'lao');
    const m = await memberOwing999_34({ gameBet: betTx, billRound });

    // The bill wins 90 (paid in the settlement's bulk credit), all of it to the debt.
    await closeNow(t, billRound);
    expect((await enterResult(t, billRound, { number: '5512' })).body.data.paid).toBe('90.00');
    expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 90_00 }]);

    const win = await sim.credit({
      player: String(m.memberId),
      tx_id: randomUUID(),
      bet_tx_id: betTx,
      round_id: betTx,
      game: SIM.game,
      amount: '300.00',
    });
    expect(win.status).toBe('OK');
    expect(win.balance).toBe('0.00'); // the wallet answers the balance after the repayment
    expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 390_00 }]);
    expect((await withdraw(t, m.token, 100)).body.code).toBe('LOTTO_MEMBER_DEBT');

    // Twelve credits of 100 at once: exactly the 609.34 still owed is recovered, once.
    await Promise.all(Array.from({ length: 12 }, () => credit(m.memberId, 100)));
    expect(await debtOf(m.memberId)).toEqual([{ amount: 999_34, recovered: 999_34 }]);
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(12 * 100_00 - 609_34);
    expect((await withdrawInfo(m.token)).blocked_reason).toBeNull();
    await ledgerHolds();
  });
});
