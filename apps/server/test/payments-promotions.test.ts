import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { launchToken, SIM } from './games-support.ts';
import { call, type TestApp } from './helpers.ts';
import { billIdsOf, fund, openRound } from './lotto-fixtures.ts';
import { generateQr, newMember, walletBalances, welcomePromotion, withdraw } from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * Deposit promotions as decided (docs/rules/engagement.md §1, docs/rules/casino.md §1): turnover is the settled
 * stake from the bonus wallet only, the bonus wallet does not pay lottery bills, and the close-out
 * below 1 baht waits for the bonus wallet's open rounds.
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

type Info = {
  blocked_reason: string | null;
  turnover: { turnover: string; required_turnover: string; complete: boolean } | null;
};
const info = async (token: string) =>
  (await call<Info>(t.app, 'GET', '/api/member/withdraw/info', { token })).body.data;

/** A new member who took the welcome promotion (50%, ×5) on a 100-baht deposit, with `main` baht in main. */
async function promoMember(main = 0) {
  const m = await newMember(t);
  const welcome = await welcomePromotion(t, m.token);
  const d = (await generateQr(t, m.token, { channel_id: 1, amount: 100, promotion_id: welcome.id })).body
    .data;
  const ok = await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
    token: finance,
    body: { bank_ref: `K-${d.request_id}` },
  });
  expect(ok.body.error).toBe(0);
  const deposit = Math.round(Number(d.pay_amount) * 100);
  const bonus = Math.floor(deposit / 2);
  expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: deposit + bonus, 3: 0 });
  if (main > 0) await fund(t, m.memberId, main);
  return { ...m, player: String(m.memberId), bonusWallet: deposit + bonus, required: (deposit + bonus) * 5 };
}

/** A live provider session on `wallet`: the member's debits come from it until the next one. */
async function playFrom(memberId: number, wallet: 1 | 2) {
  expect((await sim.authenticate(await launchToken(t, memberId, wallet))).status).toBe('OK');
}

const baht = (satang: number) => (satang / 100).toFixed(2);

async function debit(player: string, amount: string) {
  const tx = randomUUID();
  const r = await sim.debit({ player, tx_id: tx, round_id: tx, game: SIM.game, amount });
  expect(r.status).toBe('OK');
  return tx;
}
async function settle(player: string, betTx: string, win: string) {
  const r = await sim.credit({
    player,
    tx_id: randomUUID(),
    bet_tx_id: betTx,
    round_id: betTx,
    game: SIM.game,
    amount: win,
  });
  expect(r.status).toBe('OK');
}

async function promotionRow(memberId: number) {
  return t.db
    .selectFrom('member_promotion')
    .select(['status', 'released_satang', 'forfeited_satang'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
}

describe('turnover counts settled stake from the bonus wallet only', () => {
  it('a bet from main adds nothing; a bonus bet counts once settled, never when rolled back', async () => {
    const m = await promoMember(500);
    expect((await info(m.token)).turnover).toMatchObject({ turnover: '0.00', complete: false });

    await playFrom(m.memberId, 1);
    await settle(m.player, await debit(m.player, '50.00'), '0.00');
    expect((await walletBalances(t.db, m.memberId))[1]).toBe(450_00);
    expect((await info(m.token)).turnover?.turnover).toBe('0.00');

    await playFrom(m.memberId, 2);
    const open = await debit(m.player, '40.00');
    expect((await info(m.token)).turnover?.turnover).toBe('0.00'); // placed, not settled
    await settle(m.player, open, '40.00');
    expect((await info(m.token)).turnover?.turnover).toBe('40.00');
    const rolled = await debit(m.player, '30.00');
    expect((await sim.rollback({ player: m.player, tx_id: rolled })).status).toBe('OK');
    expect((await info(m.token)).turnover?.turnover).toBe('40.00');

    const refused = await withdraw(t, m.token, 100);
    expect(refused.body.code).toBe('TURNOVER_INCOMPLETE');
    const words = (s: number) =>
      (s / 100).toLocaleString('en-US', { minimumFractionDigits: s % 100 === 0 ? 0 : 2 });
    expect(refused.body.message).toBe(`ยังทำเทิร์นไม่ครบ 40/${words(m.required)}`);
    expect((await info(m.token)).blocked_reason).toBe(refused.body.message);
  });

  it('once the settled bonus stake meets the requirement, the bonus wallet moves to main and withdrawal opens', async () => {
    const m = await promoMember(200);
    await playFrom(m.memberId, 2);
    // Stake the whole bonus wallet and win it back until the requirement is met exactly.
    let done = 0;
    while (done < m.required) {
      if (done > 0)
        expect((await info(m.token)).turnover).toMatchObject({ turnover: baht(done), complete: false });
      const stake = Math.min(m.bonusWallet, m.required - done);
      await settle(m.player, await debit(m.player, baht(stake)), baht(stake));
      done += stake;
    }
    // The withdrawal itself settles the promotion first.
    const ok = await withdraw(t, m.token, 100);
    expect(ok.body.error).toBe(0);
    expect(await walletBalances(t.db, m.memberId)).toEqual({
      1: 200_00 + m.bonusWallet - 100_00,
      2: 0,
      3: 0,
    });
    expect(await promotionRow(m.memberId)).toMatchObject({
      status: 'completed',
      released_satang: m.bonusWallet,
    });
  });
});

describe('the bonus wallet cannot pay a lottery bill', () => {
  it('refuses a bill (and its validation) from the bonus wallet with a Thai reason, changing nothing', async () => {
    const m = await promoMember(100);
    const roundId = await openRound(t, 'lao');
    const body = {
      agent_id: 34,
      round_id: roundId,
      wallet_id: 2,
      idempotency_key: randomUUID(),
      items: [{ bet_type: 'two_bottom', number: '12', amount: 10 }],
    };
    const message = 'กระเป๋าโบนัสใช้ได้กับยิงปลา ซื้อฟรีสปิน และสล็อตเท่านั้น กรุณาแทงหวยด้วยกระเป๋าหลัก';
    const refused = await call(t.app, 'POST', '/api/lotto/bill/create', { token: m.token, body });
    expect(refused.body).toMatchObject({ code: 'LOTTO_BONUS_WALLET', message });
    const checked = await call(t.app, 'POST', '/api/lotto/bill/validate', { token: m.token, body });
    expect(checked.body).toMatchObject({ code: 'LOTTO_BONUS_WALLET', message });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 100_00, 2: m.bonusWallet, 3: 0 });
    const bills = await billIdsOf(t, m.memberId);
    expect(bills).toEqual([]);
    const wallets = await call<{ wallet_type_id: number }[]>(t.app, 'POST', '/api/lotto/wallets', {
      token: m.token,
      body: { agent_id: 34 },
    });
    expect(wallets.body.data.map((w) => w.wallet_type_id)).toEqual([1]);
    const fromMain = await call(t.app, 'POST', '/api/lotto/bill/create', {
      token: m.token,
      body: { ...body, wallet_id: 1, idempotency_key: randomUUID() },
    });
    expect(fromMain.body.error).toBe(0);
  });
});

describe('the below-1-baht close-out of the bonus wallet', () => {
  it('waits while a round staked from the bonus wallet is open, then closes once it settles', async () => {
    const m = await promoMember();
    await playFrom(m.memberId, 2);
    const open = await debit(m.player, baht(m.bonusWallet - 50)); // 0.50 left, the round still open
    expect((await info(m.token)).turnover).not.toBeNull();
    expect(await promotionRow(m.memberId)).toMatchObject({ status: 'active' });
    expect((await walletBalances(t.db, m.memberId))[2]).toBe(50);

    await settle(m.player, open, '0.00');
    expect((await info(m.token)).turnover).toBeNull();
    expect(await promotionRow(m.memberId)).toMatchObject({
      status: 'lost',
      released_satang: 0,
      forfeited_satang: 50,
    });
    expect((await walletBalances(t.db, m.memberId))[2]).toBe(0);
    const r = await t.ledger.reconcile(t.db);
    expect(r.mismatches).toEqual([]);
    expect(r.net).toBe('0.00');
  });

  it('a win on the open round keeps the promotion going', async () => {
    const m = await promoMember();
    await playFrom(m.memberId, 2);
    const open = await debit(m.player, baht(m.bonusWallet - 50));
    expect((await info(m.token)).turnover).not.toBeNull();
    await settle(m.player, open, '20.00');
    const after = await info(m.token);
    expect(after.turnover?.turnover).toBe(baht(m.bonusWallet - 50));
    expect(await promotionRow(m.memberId)).toMatchObject({ status: 'active' });
    expect((await walletBalances(t.db, m.memberId))[2]).toBe(20_50);
  });
});
