import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { launchToken, SIM } from './games-support.ts';
import {
  type ApiAnswer,
  auditRows,
  call,
  FixedClock,
  registerMember,
  staffLogin,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { balanceOf, buy, closeNow, enterResult, fund, openRound } from './lotto-fixtures.ts';
import { type Deposit, generateQr, newMember, withdraw } from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/** Player protection (docs/rules/protection.md). One app; the app's clock is moved where a rule needs time. */
let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
const HOUR = 3_600_000;

interface Limit {
  kind: string;
  period: string;
  amount: string | null;
  pending_amount: string | null;
  pending_from: string | null;
  used: string;
  resets_at: string;
}
interface State {
  limits: Limit[];
  reality_check_minutes: number | null;
  block: { kind: string; choice: string; until: string | null } | null;
  cooling_off_hours: number;
}

beforeAll(async () => {
  ({ t, sim } = await simSuiteApp({ clock }));
});
afterAll(async () => t?.close());

const setLimit = (token: string, kind: string, period: string, amount: number | null) =>
  call<{ effect: string; state: State }>(t.app, 'POST', '/api/member/protection/limit', {
    token,
    body: { kind, period, amount },
  });
const state = async (token: string) =>
  (await call<State>(t.app, 'GET', '/api/member/protection', { token })).body.data;
const limitOf = (s: State, kind: string, period: string) =>
  s.limits.find((l) => l.kind === kind && l.period === period)!;

/** A gateway deposit request, paid through the sandbox gateway at once. */
async function paidDeposit(token: string, amount: number) {
  const d = await generateQr(t, token, { channel_id: 3, sub_channel_id: 2, amount });
  expect(d.body.error).toBe(0);
  const paid = await call(t.app, 'POST', `/api/sandbox/payments/${d.body.data.gateway_ref}/pay`, {});
  expect(paid.body.error).toBe(0);
  return d.body.data;
}
const request = (token: string, amount: number) =>
  generateQr(t, token, { channel_id: 3, sub_channel_id: 2, amount }) as Promise<ApiAnswer<Deposit>>;
/** A fresh session after the app's clock moved past the idle limit of the last one. */
async function relogin(m: { phone: string; password: string }) {
  const r = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
    body: { phone: m.phone, password: m.password },
  });
  expect(r.body.error).toBe(0);
  return r.body.data.access_token;
}
const cancelOpen = (token: string, requestId: number) =>
  call(t.app, 'POST', '/api/member/payment/cancel', { token, body: { request_id: requestId } });

/** A member with `baht` in main and a live game session at the simulated provider. */
async function player(baht: number) {
  const m = await registerMember(t);
  await fund(t, m.memberId, baht);
  const a = await sim.authenticate(await launchToken(t, m.memberId, 1, SIM.game, clock.now()));
  expect(a.status).toBe('OK');
  return { ...m, player: String(m.memberId) };
}
let txSeq = 0;
const bet = (player: string, amount: string, tx = `p-${++txSeq}`) =>
  sim.debit({ player, tx_id: tx, round_id: `r-${tx}`, game: SIM.game, amount }).then((a) => ({ ...a, tx }));
const win = (player: string, betTx: string, amount: string) =>
  sim.credit({
    player,
    tx_id: `w-${++txSeq}`,
    bet_tx_id: betTx,
    round_id: `r-${betTx}`,
    game: SIM.game,
    amount,
  });

describe('reality check and history (docs/rules/protection.md §5–6)', () => {
  it('shows the interval, the time since login and the net result of play since then', async () => {
    const p = await player(1000);
    const set = await call<State>(t.app, 'POST', '/api/member/protection/reality_check', {
      token: p.token,
      body: { minutes: 30 },
    });
    expect(set.body.data.reality_check_minutes).toBe(30);
    const b = await bet(p.player, '40.00');
    await win(p.player, b.tx, '15.00');
    clock.advance(31 * 60_000);
    const rc = await call<{
      minutes: number;
      played_minutes: number;
      stakes: string;
      returns: string;
      net: string;
    }>(t.app, 'GET', '/api/member/protection/reality_check', { token: p.token });
    expect(rc.body.data).toMatchObject({ minutes: 30, stakes: '40.00', returns: '15.00', net: '-25.00' });
    expect(rc.body.data.played_minutes).toBeGreaterThanOrEqual(31);
    expect(
      (
        await call(t.app, 'POST', '/api/member/protection/reality_check', {
          token: p.token,
          body: { minutes: 45 },
        })
      ).body.code,
    ).toBe('VALIDATION_FAILED');
  });

  it('the 12-month history lists money in and out and the net result per month', async () => {
    const m = await newMember(t);
    await paidDeposit(m.token, 300);
    const h = await call<{
      months: { month: string; deposits: string; withdrawals: string; net_deposits: string; net: string }[];
    }>(t.app, 'GET', '/api/member/protection/history', { token: m.token });
    expect(h.body.data.months).toHaveLength(12);
    const now = h.body.data.months[0]!;
    expect(Number(now.deposits)).toBeGreaterThanOrEqual(300);
    // Money in net of money out, beside the result of play.
    expect(Number(now.net_deposits)).toBeCloseTo(Number(now.deposits) - Number(now.withdrawals), 2);
    expect(h.body.data.months.slice(1).every((x) => x.deposits === '0.00' && x.net_deposits === '0.00')).toBe(
      true,
    );
  });
});

describe('deposit limits (docs/rules/protection.md §2.2)', () => {
  it('a request past the daily limit is refused with the Thai reason and the reset; the next Bangkok day counts afresh', async () => {
    const m = await newMember(t);
    const set = await setLimit(m.token, 'deposit', 'day', 1000);
    expect(set.body.error).toBe(0);
    expect(set.body.data.effect).toBe('now');
    const first = await paidDeposit(m.token, 600);
    const paidSatang = Math.round(Number(first.pay_amount) * 100);

    const over = await request(m.token, 400);
    expect(over.body.code).toBe('PROTECTION_DEPOSIT_LIMIT');
    expect(over.body.message).toContain('วงเงินฝากสูงสุดรายวัน');
    expect(over.body.message).toContain('1,000 บาท');
    expect(over.body.message).toContain('วงเงินเริ่มใหม่');
    expect(over.body.message).toContain('ฝากได้อีกไม่เกิน');
    expect(limitOf(await state(m.token), 'deposit', 'day').used).toBe((paidSatang / 100).toFixed(2));

    // What is left fits, and an open request counts too.
    const fits = await request(m.token, 399 - Math.ceil(paidSatang / 100 - 600));
    expect(fits.body.error).toBe(0);
    await cancelOpen(m.token, fits.body.data.request_id);

    // The next Bangkok day.
    const s = await state(m.token);
    clock.advance(
      new Date(limitOf(s, 'deposit', 'day').resets_at).getTime() - clock.now().getTime() + 60_000,
    );
    // Up to a day later: past the session's idle window, so the member signs in again.
    const token = await relogin(m);
    const nextDay = await request(token, 900);
    expect(nextDay.body.error).toBe(0);
    await cancelOpen(token, nextDay.body.data.request_id);
  });

  it('a weekly limit counts the whole Monday-to-Sunday week', async () => {
    const m = await newMember(t);
    await setLimit(m.token, 'deposit', 'week', 500);
    const over = await request(m.token, 600);
    expect(over.body.code).toBe('PROTECTION_DEPOSIT_LIMIT');
    expect(over.body.message).toContain('รายสัปดาห์');
    const ok = await request(m.token, 500);
    expect(ok.body.error).toBe(0);
    await cancelOpen(m.token, ok.body.data.request_id);
  });

  it('parallel requests that together pass the limit: one is accepted, the others refused, nothing overshoots', async () => {
    const m = await newMember(t);
    await setLimit(m.token, 'deposit', 'month', 1000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(m.token, 600)));
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
    // The refused ones hear the limit (the open request counts), not "one request at a time".
    const refused = answers.filter((a) => a.body.error !== 0);
    expect(refused.map((a) => a.body.code)).toEqual(Array(5).fill('PROTECTION_DEPOSIT_LIMIT'));
    expect(refused[0]!.body.message).toContain('รายเดือน');
    const open = answers.find((a) => a.body.error === 0)!.body.data;
    await cancelOpen(m.token, open.request_id);
    // Paid and then raced again: 600 paid leaves 400, so every parallel 500 is refused by the limit.
    await paidDeposit(m.token, 600);
    const again = await Promise.all(Array.from({ length: 4 }, () => request(m.token, 500)));
    expect(again.map((a) => a.body.code)).toEqual(Array(4).fill('PROTECTION_DEPOSIT_LIMIT'));
  });
});

describe('money an operator credited without a request (docs/rules/protection.md §2.2)', () => {
  it('counts against the deposit limit from when it was credited', async () => {
    const m = await newMember(t);
    expect((await setLimit(m.token, 'deposit', 'day', 1000)).body.error).toBe(0);
    // A session of its own: the shared one (staffToken) is kept for the later tests' clock.
    const finance = await staffLogin(t, 'finance', clock);
    // 800 baht arrive on the bank account with no request behind them; finance credits them to the member.
    const other = await newMember(t);
    const d = (await generateQr(t, other.token, { channel_id: 1, amount: 300 })).body.data;
    expect((await cancelOpen(other.token, d.request_id)).body.error).toBe(0);
    const posted = new Date(clock.now().getTime() + 7 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
    const ref = `DIRECT-${m.memberId}`;
    const imported = await call<{ unmatched: number }>(
      t.app,
      'POST',
      '/api/admin/payments/statements/import',
      {
        token: finance,
        body: {
          account_kind: 'bank',
          account_id: d.receiving.id,
          template: 'generic',
          file_name: 'direct.csv',
          content: `posted_at,amount,direction,counterparty,bank_ref\n${posted},800.00,in,xxxxxx9999,${ref}\n`,
        },
      },
    );
    expect(imported.body.data.unmatched).toBe(1);
    const lines = await call<{ items: { id: number; bank_ref: string }[] }>(
      t.app,
      'GET',
      '/api/admin/payments/statement_lines?page_size=200',
      { token: finance },
    );
    const line = lines.body.data.items.find((l) => l.bank_ref === ref)!;
    const assigned = await call<{ outcome: string }>(
      t.app,
      'POST',
      `/api/admin/payments/statement_lines/${line.id}/assign`,
      { token: finance, body: { member_id: m.memberId, note: 'ลูกค้าโอนตรง' } },
    );
    expect(assigned.body.data.outcome).toBe('confirmed');
    expect(limitOf(await state(m.token), 'deposit', 'day').used).toBe('800.00');
    expect((await request(m.token, 500)).body.code).toBe('PROTECTION_DEPOSIT_LIMIT');
    expect((await request(m.token, 150)).body.error).toBe(0);
  });
});

describe('changing a limit (docs/rules/protection.md §1.2–1.4)', () => {
  it('a lower limit applies at once; a higher one or a removal only after the cooling-off', async () => {
    const m = await newMember(t);
    await setLimit(m.token, 'deposit', 'day', 1000);
    const raise = await setLimit(m.token, 'deposit', 'day', 5000);
    expect(raise.body.data.effect).toBe('pending');
    const pending = limitOf(raise.body.data.state, 'deposit', 'day');
    expect(pending).toMatchObject({ amount: '1000.00', pending_amount: '5000.00' });
    expect(new Date(pending.pending_from!).getTime() - clock.now().getTime()).toBe(24 * HOUR);
    expect((await request(m.token, 2000)).body.code).toBe('PROTECTION_DEPOSIT_LIMIT');

    // Lowering while a raise waits: at once, and the raise is dropped.
    const lower = await setLimit(m.token, 'deposit', 'day', 800);
    expect(lower.body.data.effect).toBe('now');
    expect(limitOf(lower.body.data.state, 'deposit', 'day')).toMatchObject({
      amount: '800.00',
      pending_amount: null,
    });
    expect((await request(m.token, 900)).body.code).toBe('PROTECTION_DEPOSIT_LIMIT');

    // Raise again, wait out the cooling-off: the new limit is in force.
    await setLimit(m.token, 'deposit', 'day', 5000);
    clock.advance(24 * HOUR - 60_000);
    let token = await relogin(m);
    expect((await request(token, 2000)).body.code).toBe('PROTECTION_DEPOSIT_LIMIT');
    clock.advance(2 * 60_000);
    expect(limitOf(await state(token), 'deposit', 'day')).toMatchObject({
      amount: '5000.00',
      pending_amount: null,
    });
    const ok = await request(token, 2000);
    expect(ok.body.error).toBe(0);
    await cancelOpen(token, ok.body.data.request_id);

    // A removal waits too.
    const remove = await setLimit(token, 'deposit', 'day', null);
    expect(remove.body.data.effect).toBe('pending');
    expect(limitOf(remove.body.data.state, 'deposit', 'day')).toMatchObject({
      amount: '5000.00',
      pending_amount: null,
    });
    expect((await request(token, 6000)).body.code).toBe('PROTECTION_DEPOSIT_LIMIT');
    clock.advance(24 * HOUR + 60_000);
    token = await relogin(m);
    expect(limitOf(await state(token), 'deposit', 'day').amount).toBeNull();

    const h = await call<{ changes: { action: string; description: string }[] }>(
      t.app,
      'GET',
      '/api/member/protection/history',
      { token },
    );
    expect(h.body.data.changes.map((c) => c.action)).toEqual([
      'limit_applied',
      'limit_pending',
      'limit_applied',
      'limit_pending',
      'limit_set',
      'limit_pending',
      'limit_set',
    ]);
    expect(h.body.data.changes[4]!.description).toBe('ตั้งวงเงินฝากสูงสุดรายวัน จาก 1,000 บาท เป็น 800 บาท มีผลทันที');
  });

  it('bad input is a Thai field error and changes nothing', async () => {
    const m = await newMember(t);
    const bad = await call(t.app, 'POST', '/api/member/protection/limit', {
      token: m.token,
      body: { kind: 'deposit', period: 'year', amount: -5 },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.values(bad.body.fields ?? {}).join(' ')).toMatch(/[ก-๙]/);
    expect((await state(m.token)).limits.every((l) => l.amount === null)).toBe(true);
  });
});

describe('loss limits (docs/rules/protection.md §2.3): the guard in the bet transaction', () => {
  it('provider bets count stakes less wins; a bet past the limit is refused and moves nothing', async () => {
    const p = await player(1000);
    expect((await setLimit(p.token, 'loss', 'day', 100)).body.error).toBe(0);
    const b1 = await bet(p.player, '60.00');
    expect(b1.status).toBe('OK');
    const refused = await bet(p.player, '50.00');
    expect(refused).toMatchObject({ status: 'PLAYER_BLOCKED', balance: '940.00' });
    expect((await win(p.player, b1.tx, '30.00')).status).toBe('OK');
    expect(limitOf(await state(p.token), 'loss', 'day').used).toBe('30.00');
    expect((await bet(p.player, '70.00')).status).toBe('OK');
    expect((await bet(p.player, '1.00')).status).toBe('PLAYER_BLOCKED');
    expect(await balanceOf(t, p.memberId)).toBe(90_000);

    // A lottery bill goes through the same guard inside lotto_place_bill, with the member's reason.
    const roundId = await openRound(t, 'lao');
    const bill = await buy(t, p.token, roundId, [{ bet_type: 'run_top', number: '5', amount: 1 }]);
    expect(bill.body.code).toBe('PROTECTION_LOSS_LIMIT');
    expect(bill.body.message).toContain('วงเงินเสียสูงสุดรายวัน');
    expect(bill.body.message).toContain('100 บาท');
    expect(await balanceOf(t, p.memberId)).toBe(90_000);
  });

  it('the first loss limit counts what was lost earlier in the period', async () => {
    const p = await player(1000);
    expect((await bet(p.player, '80.00')).status).toBe('OK');
    await setLimit(p.token, 'loss', 'week', 100);
    expect(limitOf(await state(p.token), 'loss', 'week').used).toBe('80.00');
    expect((await bet(p.player, '30.00')).status).toBe('PLAYER_BLOCKED');
    expect((await bet(p.player, '20.00')).status).toBe('OK');
  });

  it('parallel bets and bills never take the net loss past the limit', async () => {
    const p = await player(1000);
    await setLimit(p.token, 'loss', 'day', 100);
    const bets = await Promise.all(Array.from({ length: 10 }, () => bet(p.player, '20.00')));
    expect(bets.filter((b) => b.status === 'OK')).toHaveLength(5);
    expect(bets.filter((b) => b.status === 'PLAYER_BLOCKED')).toHaveLength(5);

    const q = await player(1000);
    await setLimit(q.token, 'loss', 'month', 100);
    const roundId = await openRound(t, 'lao');
    const bills = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(t, q.token, roundId, [{ bet_type: 'run_top', number: '7', amount: 20 }]),
      ),
    );
    expect(bills.filter((b) => b.body.error === 0)).toHaveLength(5);
    expect(bills.filter((b) => b.body.code === 'PROTECTION_LOSS_LIMIT')).toHaveLength(5);
    expect(await balanceOf(t, q.memberId)).toBe(90_000);
    expect(limitOf(await state(q.token), 'loss', 'month').used).toBe('100.00');
  });

  it('an in-house game stake goes through the same guard and shows the member which limit', async () => {
    const m = await registerMember(t);
    await fund(t, m.memberId, 1000);
    await setLimit(m.token, 'loss', 'day', 5);
    const ref = { game_id: 'golden-elephant', provider_id: 'chok' };
    const wallets = await call<{ id: number; wallet_type_id: number }[]>(t.app, 'POST', '/api/game/wallets', {
      token: m.token,
      body: ref,
    });
    const main = wallets.body.data.find((w) => w.wallet_type_id === 1)!;
    const link = await call<{ link: string }>(t.app, 'POST', '/api/game/link', {
      token: m.token,
      body: { ...ref, wallet_id: main.id },
    });
    const launch = new URL(link.body.data.link, 'http://x').searchParams.get('t')!;
    const s = await call<{ session: string }>(t.app, 'POST', '/api/originals/session', {
      body: { token: launch },
    });
    const spin = (bet: string) =>
      call(t.app, 'POST', '/api/originals/slot/spin', { body: { session: s.body.data.session, bet } });
    // A lottery stake takes the day to its limit; the slot's stake would pass it.
    const roundId = await openRound(t, 'lao');
    expect(
      (await buy(t, m.token, roundId, [{ bet_type: 'run_top', number: '3', amount: 5 }])).body.error,
    ).toBe(0);
    const before = await balanceOf(t, m.memberId);
    const over = await spin('1.00');
    expect(over.body.code).toBe('PROTECTION_LOSS_LIMIT');
    expect(over.body.message).toContain('วงเงินเสียสูงสุดรายวัน');
    expect(await balanceOf(t, m.memberId)).toBe(before);
  });

  it('a counter of a past period counts nothing: the next Bangkok day starts from zero', async () => {
    const p = await player(1000);
    await setLimit(p.token, 'loss', 'day', 50);
    expect((await bet(p.player, '50.00')).status).toBe('OK');
    expect((await bet(p.player, '1.00')).status).toBe('PLAYER_BLOCKED');
    // The counters move by the database's clock (protection/sql/protection_count_loss.sql): yesterday's count is turned back to
    // the day before, as the first bet after Bangkok midnight finds it.
    await sql`UPDATE protection_limit SET period_start = period_start - 1
      WHERE member_id = ${p.memberId} AND period = 'day'`.execute(t.db);
    expect((await bet(p.player, '50.00')).status).toBe('OK');
    expect((await bet(p.player, '1.00')).status).toBe('PLAYER_BLOCKED');
  });
});

describe('time-out and self-exclusion (docs/rules/protection.md §3–4)', () => {
  it('a time-out logs out every session, closes deposits, bets, games and rewards, cannot be shortened, and ends on time', async () => {
    const p = await player(1000);
    const other = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: p.phone, password: p.password },
    });
    const res = await call<State>(t.app, 'POST', '/api/member/protection/timeout', {
      token: p.token,
      body: { duration: '1d' },
    });
    expect(res.body.error).toBe(0);
    expect(res.body.data.block).toMatchObject({ kind: 'timeout', choice: '1d' });
    // Every session ended, and with it the game session.
    for (const token of [p.token, other.body.data.access_token]) {
      expect((await call(t.app, 'GET', '/api/get_user_info', { token })).status).toBe(401);
    }
    expect((await bet(p.player, '1.00')).status).toBe('SESSION_EXPIRED');

    // Logging in again is allowed (to withdraw and to read the account); play is not.
    const login = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: p.phone, password: p.password },
    });
    const token = login.body.data.access_token;
    const refused = await request(token, 100);
    expect(refused.body.code).toBe('PROTECTION_TIMEOUT');
    expect(refused.body.message).toContain('พักการเล่นถึง');
    const roundId = await openRound(t, 'lao');
    expect((await buy(t, token, roundId, [{ bet_type: 'run_top', number: '5', amount: 1 }])).body.code).toBe(
      'PROTECTION_TIMEOUT',
    );
    const link = await call(t.app, 'POST', '/api/game/link', {
      token,
      body: { provider_id: SIM.provider, game_id: SIM.game, wallet_id: 1 },
    });
    expect(link.body.code).toBe('PROTECTION_TIMEOUT');
    expect((await call(t.app, 'POST', '/api/checkin/stamp', { token })).body.code).toBe('PROTECTION_TIMEOUT');
    // A yeekee shot too (judged in the shot batch's own read, not by the gate), and nothing recorded.
    const yeekee = await openRound(t, 'yeekee', { closeInMs: 15 * 60_000 });
    const { open_at } = await t.db
      .selectFrom('lotto_round')
      .select('open_at')
      .where('id', '=', yeekee)
      .executeTakeFirstOrThrow();
    if (open_at > clock.now()) clock.advance(open_at.getTime() + 1000 - clock.now().getTime());
    const shot = await call(t.app, 'POST', '/api/lotto/yeekee/shoot_number', {
      token,
      body: { round_id: yeekee, number: '12345' },
    });
    expect(shot.body.code).toBe('PROTECTION_TIMEOUT');
    const shots = await t.db.selectFrom('lotto_shot').select('seq').where('round_id', '=', yeekee).execute();
    expect(shots).toEqual([]);
    // Withdrawals stay open.
    const wd = await withdraw(t, token, 100);
    expect(wd.body.error).toBe(0);

    // Not shortened, not replaced by the same length; a longer one or a self-exclusion may follow.
    const again = await call(t.app, 'POST', '/api/member/protection/timeout', {
      token,
      body: { duration: '1d' },
    });
    expect(again.body.code).toBe('PROTECTION_BLOCK_SHORTER');

    clock.advance(24 * HOUR + 60_000);
    const back = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
      body: { phone: p.phone, password: p.password },
    });
    const after = await request(back.body.data.access_token, 100);
    expect(after.body.error).toBe(0);
    await cancelOpen(back.body.data.access_token, after.body.data.request_id);
  });

  it('self-exclusion: permanent, no time-out over it, the operator reads it and cannot lift it; an open round still pays', async () => {
    const p = await player(1000);
    const roundId = await openRound(t, 'lao');
    const bill = await buy(t, p.token, roundId, [{ bet_type: 'run_top', number: '5', amount: 10 }]);
    expect(bill.body.error).toBe(0);

    const bad = await call(t.app, 'POST', '/api/member/protection/exclusion', {
      token: p.token,
      body: { duration: 'permanent', confirm_text: 'ok' },
    });
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const res = await call<State>(t.app, 'POST', '/api/member/protection/exclusion', {
      token: p.token,
      body: { duration: 'permanent', confirm_text: 'ยืนยัน' },
    });
    expect(res.body.data.block).toMatchObject({ kind: 'exclusion', choice: 'permanent', until: null });

    // The login itself is refused, the right password or not counting for nothing else (§4.2).
    const login = await call(t.app, 'POST', '/api/login', { body: { phone: p.phone, password: p.password } });
    expect(login.body.code).toBe('LOGIN_EXCLUDED');
    expect(login.body.message).toContain('แบบถาวร');
    expect(login.body.data ?? null).toBeNull();
    expect((await call(t.app, 'GET', '/api/get_user_info', { token: p.token })).status).toBe(401);

    // The round that was open settles and pays the win (staff sessions on the app's clock).
    const support = await staffToken(t, 'support', clock);
    const lotto = await staffToken(t, 'lotto', clock);
    await staffToken(t, 'owner', clock); // the second person of the result (docs/rules/lottery.md §8)
    const finance = await staffToken(t, 'finance', clock);
    const before = await balanceOf(t, p.memberId);
    await closeNow(t, roundId);
    expect((await enterResult(t, roundId, { number: '0555' })).body.error).toBe(0);
    expect(await balanceOf(t, p.memberId)).toBe(before + 3200);

    // The money stays the member's: finance requests its withdrawal to the registered account (audited),
    // and it waits in the queue like any other. Only for a self-excluded member, and only finance.
    const payout = await call<{ id: number; amount: string; status: string }>(
      t.app,
      'POST',
      `/api/admin/members/${p.memberId}/excluded_withdrawal`,
      { token: finance, body: { amount: 500, reason: 'สมาชิกแจ้งทางโทรศัพท์' } },
    );
    expect(payout.body.error).toBe(0);
    expect(payout.body.data.amount).toBe('500.00');
    expect(['pending', 'review']).toContain(payout.body.data.status);
    expect(await balanceOf(t, p.memberId)).toBe(before + 3200 - 50000);
    const audit = await auditRows(t, { entity: 'withdrawal', entityId: payout.body.data.id }, [
      'action',
      'actor_type',
    ]);
    expect(audit).toEqual([{ action: 'withdrawal.request_for_excluded', actor_type: 'staff' }]);
    // Paid by another operator than the one who requested it (released first if it went to review).
    const wid = payout.body.data.id;
    if (payout.body.data.status === 'review') {
      const released = await call(t.app, 'POST', `/api/admin/payments/withdrawals/${wid}/release_review`, {
        token: finance,
        body: { note: 'ตรวจสอบแล้ว' },
      });
      expect(released.body.error).toBe(0);
    }
    const { account_name } = await t.db
      .selectFrom('withdrawal')
      .select('account_name')
      .where('id', '=', wid)
      .executeTakeFirstOrThrow();
    const pay = (token: string) =>
      call<{ status: string }>(t.app, 'POST', `/api/admin/payments/withdrawals/${wid}/approve`, {
        token,
        body: { bank_ref: 'KB-EXCL-1', bank_account_name: account_name },
      });
    const same = await pay(finance);
    expect(same.body.code).toBe('WITHDRAW_REQUESTER_CANNOT_PAY');
    expect(same.body.message).toContain('เจ้าหน้าที่อีกคน');
    expect((await pay(await staffToken(t, 'owner', clock))).body.data.status).toBe('paid');
    const active = await player(1000);
    const notExcluded = await call(
      t.app,
      'POST',
      `/api/admin/members/${active.memberId}/excluded_withdrawal`,
      {
        token: finance,
        body: { amount: 500, reason: 'ทดสอบ' },
      },
    );
    expect(notExcluded.body.code).toBe('WITHDRAW_MEMBER_NOT_EXCLUDED');
    const bySupport = await call(t.app, 'POST', `/api/admin/members/${p.memberId}/excluded_withdrawal`, {
      token: support,
      body: { amount: 100, reason: 'ทดสอบ' },
    });
    expect(bySupport.status).toBe(403);

    // The operator reads it (owner, support, finance), other roles are refused; there is no way to lift it.
    const view = await call<{ block: { kind: string }; changes: { action: string }[] }>(
      t.app,
      'GET',
      `/api/admin/protection/members/${p.memberId}`,
      { token: support },
    );
    expect(view.body.data.block.kind).toBe('exclusion');
    expect(view.body.data.changes[0]!.action).toBe('exclusion');
    expect(
      (await call(t.app, 'GET', `/api/admin/protection/members/${p.memberId}`, { token: lotto })).status,
    ).toBe(403);
    const list = await call<{ items: { member_id: number }[]; total: number }>(
      t.app,
      'GET',
      '/api/admin/protection/members?state=exclusion&page=1&page_size=200',
      { token: support },
    );
    expect(list.body.data.items.map((i) => i.member_id)).toContain(p.memberId);
    const timeouts = await call<{ items: { member_id: number }[] }>(
      t.app,
      'GET',
      '/api/admin/protection/members?state=timeout',
      { token: support },
    );
    expect(timeouts.body.data.items.map((i) => i.member_id)).not.toContain(p.memberId);
    expect(
      t.app.registeredRoutes.filter(
        (r) => r.url.startsWith('/api/admin/protection') && !['GET', 'HEAD'].includes(r.method),
      ),
    ).toEqual([]);
  });
});
