import { addDays, bangkokDate, bangkokTime } from '@chok/engine/bangkok-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDay } from '../src/modules/affiliate/commission.ts';
import { commissionJob } from '../src/modules/cashback/day-run.ts';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { lockMember } from '../src/modules/members/service.ts';
import { payAllWinners } from '../src/modules/polls/result.ts';
import { payReward } from '../src/modules/rewards/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { SIM, settledSimRound, simSession } from './games-support.ts';
import { call, FixedClock, LONG_SESSIONS, lastOtp, registerMember, type TestApp } from './helpers.ts';
import { balanceOf, fund } from './lotto-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * No reward reaches a member during a time-out or self-exclusion (docs/rules/protection.md §3.2,
 * docs/rules/engagement.md §0): turnover commission, an operator's cashback run, a poll prize and a
 * day of affiliate commission that fall due during the block are recorded withheld, shown to staff,
 * and not paid by a later run once the block is over. The demo game is closed during a block too.
 *
 * All play happens in beforeAll on day D (the database stamps settling times with the real clock);
 * the app's clock then moves: the time-outs start at D 12:00 (one day), the runs at D+1 01:00 meet
 * the block, the runs at D+2 01:00 come after it.
 */

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
const D = bangkokDate(new Date());
let seq = 0;
const _id = (p: string) => `${p}-${process.pid}-${++seq}`;
const deps = () => ({ db: t.db, clock, ledger: t.ledger });
const pollDeps = deps;

type Member = Awaited<ReturnType<typeof registerMember>>;
let player: Member; // turnover commission and loss cashback
let referrer: Member; // affiliate commission on the downline's loss
let voter: Member; // a poll winner
let pollId = 0;
let winningChoice = 0;
let content = '';
let finance = '';

function setClock(day: string, hhmm: string) {
  clock.advance(bangkokTime(day, hhmm).getTime() - clock.now().getTime());
}

/** One settled main-wallet slot round: a bet of `stake` baht and a win of `win`. */
async function round(memberId: number, stake: string, win: string) {
  await simSession(t, sim, memberId, 1, clock.now());
  await settledSimRound(sim, memberId, stake, win);
}

/** Registers with a referral code, as the link `/register?ref=CODE` carries it. */
async function registerReferred(code: string): Promise<number> {
  const phone = `07${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 100).padStart(2, '0')}`;
  expect(
    (await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } })).body.error,
  ).toBe(0);
  const reg = await call<{ member_id: number }>(t.app, 'POST', '/api/register', {
    body: {
      phone,
      otp: await lastOtp(t.db, phone),
      password: 'secret-pass-1',
      bank_code: '004',
      account_no: `${Date.now()}${String(seq).padStart(3, '0')}`.slice(-12),
      account_name: `ลูกทีม พักเล่น${seq}`,
      referral_code: code,
    },
  });
  expect(reg.body.error, reg.body.message).toBe(0);
  return reg.body.data.member_id;
}

async function timeOut(m: Member) {
  const res = await call(t.app, 'POST', '/api/member/protection/timeout', {
    token: m.token,
    body: { duration: '1d' },
  });
  expect(res.body.error, res.body.message).toBe(0);
}

async function relogin(m: Member) {
  const res = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
    body: { phone: m.phone, password: m.password },
  });
  expect(res.body.error, res.body.message).toBe(0);
  return res.body.data.access_token;
}

const claimsOf = (memberId: number) =>
  t.db
    .selectFrom('reward_claim')
    .select(['feature', 'period_key', 'amount', 'status', 'hold_reason'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

const affiliateBalance = async (memberId: number) =>
  (
    await t.db
      .selectFrom('affiliate_account')
      .select('balance_satang')
      .where('member_id', '=', memberId)
      .executeTakeFirst()
  )?.balance_satang ?? 0;

beforeAll(async () => {
  ({ t, sim, content, finance } = await simSuiteApp({
    clock,
    seed: true,
    env: LONG_SESSIONS,
    staff: ['content', 'finance'],
  }));

  // A slot turnover of 15,000 lost: commission 30.00, loss cashback 750.00.
  player = await registerMember(t, { account_name: 'พักเล่น ผู้เล่น' });
  await fund(t, player.memberId, 20_000);
  await round(player.memberId, '15000.00', '0.00');

  // The referrer's downline loses 2,000: 5% is 100.00 of affiliate commission.
  referrer = await registerMember(t, { account_name: 'พักเล่น ผู้แนะนำ' });
  const cfg = await call<{ referral_code: string }>(t.app, 'GET', '/api/affiliate/v2/configs', {
    token: referrer.token,
  });
  const downline = await registerReferred(cfg.body.data.referral_code);
  await fund(t, downline, 3_000);
  await round(downline, '2000.00', '0.00');

  // A poll open for two hours around now; the voter picks the choice that will win.
  voter = await registerMember(t, { account_name: 'พักเล่น ผู้โหวต' });
  const openAt = new Date(clock.now().getTime() - 3_600_000);
  const created = await call<{ id: number; choices: { id: number }[] }>(t.app, 'POST', '/api/admin/polls', {
    token: content,
    body: {
      question: 'ทีมไหนจะชนะ?',
      open_at: openAt.toISOString(),
      close_at: new Date(openAt.getTime() + 2 * 3_600_000).toISOString(),
      choices: [{ label: 'ทีมแดง' }, { label: 'ทีมน้ำเงิน' }],
    },
  });
  expect(created.body.error, created.body.message).toBe(0);
  pollId = created.body.data.id;
  winningChoice = created.body.data.choices[0]!.id;
  expect((await call(t.app, 'POST', `/api/admin/polls/${pollId}/open`, { token: content })).body.error).toBe(
    0,
  );
  const vote = await call(t.app, 'POST', '/api/poll/submit', {
    token: voter.token,
    body: { poll_id: pollId, choice_id: winningChoice },
  });
  expect(vote.body.error, vote.body.message).toBe(0);
}, 120_000);
afterAll(async () => t?.close());

describe('rewards due during a time-out (docs/rules/protection.md §3.2)', () => {
  it('are recorded withheld, shown to staff, and not paid by a later run after the block', async () => {
    setClock(D, '12:00');
    for (const m of [player, referrer, voter]) await timeOut(m);
    const before = {
      player: await balanceOf(t, player.memberId),
      voter: await balanceOf(t, voter.memberId),
    };

    // D+1 01:00, still in the time-out: the commission job, an operator's loss cashback run, the
    // affiliate day and the poll's result all fall due.
    setClock(addDays(D, 1), '01:00');
    const jobs = await commissionJob(deps());
    const forD = jobs.find((s) => s.day === D)!;
    expect(forD).toMatchObject({ withheld: 1, withheld_amount: '30.00' });
    const rerun = await call<{ withheld: number; withheld_amount: string; paid: number }>(
      t.app,
      'POST',
      '/api/admin/cashback/rerun',
      { token: finance, body: { kind: 'loss', day: D } },
    );
    expect(rerun.body.error, rerun.body.message).toBe(0);
    expect(rerun.body.data).toMatchObject({ withheld: 1, withheld_amount: '750.00' });
    const run = await computeDay(deps(), D, null);
    expect(run).toMatchObject({ withheld: 1, withheld_satang: 10_000 });
    const result = await call(t.app, 'POST', `/api/admin/polls/${pollId}/result`, {
      token: content,
      body: { choice_id: winningChoice },
    });
    expect(result.body.error, result.body.message).toBe(0);

    const withheldReason = 'ถึงกำหนดจ่ายระหว่างพักการเล่น (ไม่จ่ายย้อนหลัง)';
    expect(await claimsOf(player.memberId)).toEqual([
      {
        feature: 'commission',
        period_key: D,
        amount: 3_000,
        status: 'withheld',
        hold_reason: withheldReason,
      },
      { feature: 'cashback', period_key: D, amount: 75_000, status: 'withheld', hold_reason: withheldReason },
    ]);
    expect(await claimsOf(voter.memberId)).toEqual([
      expect.objectContaining({ feature: 'poll', status: 'withheld', hold_reason: withheldReason }),
    ]);
    const payout = await t.db
      .selectFrom('affiliate_payout')
      .select(['amount_satang', 'withheld_satang', 'withheld_reason'])
      .where('referrer_id', '=', referrer.memberId)
      .executeTakeFirstOrThrow();
    expect(payout).toEqual({ amount_satang: 0, withheld_satang: 10_000, withheld_reason: withheldReason });

    // The demo game is closed too, in Thai, like every other blocked call.
    const token = await relogin(player);
    const demo = await call(t.app, 'POST', '/api/game/demo', {
      token,
      body: { provider_id: SIM.provider, game_id: SIM.game },
    });
    expect(demo.body.code).toBe('PROTECTION_TIMEOUT');
    expect(demo.body.message).toContain('พักการเล่นถึง');

    // Staff see them: the held-rewards list filtered to withheld, the cashback days and the
    // affiliate runs.
    const listed = await call<{ items: { member_id: number; feature: string; status: string }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds?status=withheld',
      { token: finance },
    );
    expect(listed.body.error).toBe(0);
    expect(listed.body.data.items.map((h) => `${h.member_id}:${h.feature}`).sort()).toEqual(
      [`${player.memberId}:cashback`, `${player.memberId}:commission`, `${voter.memberId}:poll`].sort(),
    );
    const days = await call<{
      items: { kind: string; day: string; withheld: number; withheld_amount: string }[];
    }>(t.app, 'GET', `/api/admin/cashback/days?from=${D}&to=${D}`, { token: finance });
    expect(days.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'commission', day: D, withheld: 1, withheld_amount: '30.00' }),
        expect.objectContaining({ kind: 'loss', day: D, withheld: 1, withheld_amount: '750.00' }),
      ]),
    );
    const runs = await call<{ items: { day: string; withheld: number; withheld_amount: string }[] }>(
      t.app,
      'GET',
      '/api/admin/affiliate/commission/runs',
      { token: finance },
    );
    expect(runs.body.data.items[0]).toMatchObject({ day: D, withheld: 1, withheld_amount: '100.00' });

    // D+2 01:00: the time-out is over. Every run again pays nothing of what fell due during it.
    setClock(addDays(D, 2), '01:00');
    expect(
      (await call(t.app, 'GET', '/api/member/protection', { token: await relogin(player) })).body.data,
    ).toMatchObject({
      block: null,
    });
    await commissionJob(deps());
    const again = await call<{ paid: number; withheld: number; already: number }>(
      t.app,
      'POST',
      '/api/admin/cashback/rerun',
      { token: finance, body: { kind: 'commission', day: D } },
    );
    expect(again.body.data).toMatchObject({ paid: 0, withheld: 0 });
    const loss = await call<{ paid: number; already: number }>(t.app, 'POST', '/api/admin/cashback/rerun', {
      token: finance,
      body: { kind: 'loss', day: D },
    });
    expect(loss.body.data).toMatchObject({ paid: 0 });
    expect(await computeDay(deps(), D, null)).toMatchObject({ paid: 0, withheld: 0, repeated: 1 });
    expect(await payAllWinners(pollDeps())).toBe(0);
    const resultAgain = await call<{ paid_now: number }>(t.app, 'POST', `/api/admin/polls/${pollId}/result`, {
      token: content,
      body: { choice_id: winningChoice },
    });
    expect(resultAgain.body.data.paid_now).toBe(0);

    expect(await balanceOf(t, player.memberId)).toBe(before.player);
    expect(await balanceOf(t, voter.memberId)).toBe(before.voter);
    expect(await affiliateBalance(referrer.memberId)).toBe(0);
    const freeCredit = await t.db
      .selectFrom('ledger_transfer')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `%:${voter.memberId}:${pollId}`)
      .execute();
    expect(freeCredit).toEqual([]);
    expect((await claimsOf(player.memberId)).map((c) => c.status)).toEqual(['withheld', 'withheld']);
    const r = await t.ledger.reconcile(t.db);
    expect(r.mismatches).toEqual([]);
  });

  it('a reward held for review (G5) is not released to a member in a time-out; a rejection still is possible', async () => {
    await registerMember(t, { account_name: 'ชื่อซ้ำ พักเล่น' });
    const m = await registerMember(t, { account_name: 'ชื่อซ้ำ  พักเล่น' });
    const held = await inTransaction(t.db, async (tx) => {
      await lockMember(tx, m.memberId);
      return payReward(
        tx,
        { ledger: t.ledger },
        {
          memberId: m.memberId,
          feature: 'quest',
          periodKey: 'blocked-release',
          kind: 'main',
          amount: 5_000,
          reference: 'รางวัลภารกิจทดสอบ',
          now: clock.now(),
        },
      );
    });
    expect(held.claim.status).toBe('held');
    await timeOut(m);
    const before = await balanceOf(t, m.memberId);
    const release = await call(t.app, 'POST', `/api/admin/rewards/holds/${held.claim.id}/release`, {
      token: finance,
    });
    expect(release.body.code).toBe('REWARD_HOLD_MEMBER_BLOCKED');
    expect(release.body.message).toContain('พักการเล่น');
    expect(await balanceOf(t, m.memberId)).toBe(before);
    const reject = await call(t.app, 'POST', `/api/admin/rewards/holds/${held.claim.id}/reject`, {
      token: finance,
      body: { reason: 'สมาชิกพักการเล่น' },
    });
    expect(reject.body).toMatchObject({ error: 0, data: { status: 'rejected' } });
    expect(await balanceOf(t, m.memberId)).toBe(before);
  });
});
