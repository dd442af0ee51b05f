import { randomUUID } from 'node:crypto';
import { addDays, bangkokDate, bangkokTime } from '@chok/engine/bangkok-calendar';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCommission } from '../src/modules/affiliate/account-queries.ts';
import { computeDay, computeDueDays } from '../src/modules/affiliate/commission.ts';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { settledSimRound, simSession } from './games-support.ts';
import { auditRows, call, createTestApp, FixedClock, lastOtp, staffToken, type TestApp } from './helpers.ts';
import { balanceOf, fund } from './lotto-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

// docs/rules/engagement.md §11: the referral link, the 01:30 commission on the downline's net loss
// (5% / 1%, floored at 0 per member-day, nothing for a G5-flagged downline), the affiliate balance
// and its redemption to main (from 100 baht, at most 50,000 a day, G1, G4).

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
let seq = 0;
const _id = (p: string) => `${p}-${process.pid}-${++seq}`;
const deps = () => ({ db: t.db, clock, ledger: t.ledger });

interface Member {
  memberId: number;
  token: string;
  phone: string;
  code: string;
}

let accountSeq = 0;
/** Registers through the public API, with a referral code as the link `/register?ref=CODE` carries it. */
async function register(name: string, ref?: string): Promise<Member> {
  accountSeq += 1;
  const phone = `06${String(Date.now() % 1e6).padStart(6, '0')}${String(accountSeq % 100).padStart(2, '0')}`;
  expect(
    (await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } })).body.error,
  ).toBe(0);
  const reg = await call<{ access_token: string; member_id: number }>(t.app, 'POST', '/api/register', {
    body: {
      phone,
      otp: await lastOtp(t.db, phone),
      password: 'secret-pass-1',
      bank_code: '004',
      account_no: `${Date.now()}${String(accountSeq).padStart(3, '0')}`.slice(-12),
      account_name: name,
      ...(ref ? { referral_code: ref } : {}),
    },
  });
  expect(reg.body.error, reg.body.message).toBe(0);
  const token = reg.body.data.access_token;
  const cfg = await call<{ referral_code: string }>(t.app, 'GET', '/api/affiliate/v2/configs', { token });
  return { memberId: reg.body.data.member_id, token, phone, code: cfg.body.data.referral_code };
}

/** One settled main-wallet round: a bet of `stake` baht and a win of `win`. */
async function play(memberId: number, stake: string, win: string) {
  await simSession(t, sim, memberId, 1, clock.now());
  await settledSimRound(sim, memberId, stake, win);
}

/** A commission credited directly (as the job does), for a second redemption. */
async function creditAffiliate(memberId: number, amount: number) {
  await creditCommission(t.db, {
    memberId,
    amount,
    day,
    reference: 'ทดสอบ',
    key: `test:${memberId}:${randomUUID()}`,
  });
}

async function affiliateBalance(memberId: number) {
  const account = await t.db
    .selectFrom('affiliate_account')
    .select('balance_satang')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const sum = await t.db
    .selectFrom('affiliate_entry')
    .select((eb) => eb.fn.sum<string>('amount_satang').as('s'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { balance: account?.balance_satang ?? 0, sumOfEntries: Number(sum?.s ?? 0) };
}

/** Every affiliate balance equals the sum of its entries; the money ledger reconciles. */
async function reconciles() {
  const off = await t.db
    .selectFrom('affiliate_account as a')
    .select('a.member_id')
    .where(({ eb, selectFrom }) =>
      eb(
        'a.balance_satang',
        '<>',
        selectFrom('affiliate_entry as e')
          .select((x) => x.fn.coalesce(x.fn.sum<number>('e.amount_satang'), x.val(0)).as('s'))
          .whereRef('e.member_id', '=', 'a.member_id'),
      ),
    )
    .execute();
  expect(off).toEqual([]);
  const r = await t.ledger.reconcile(t.db);
  expect(r.mismatches).toEqual([]);
  expect(r.net).toBe('0.00');
}

const summaryOf = (m: Member) =>
  call<{
    balance: string;
    can_redeem: boolean;
    daily_left: string;
    network: { level1: number; level2: number };
  }>(t.app, 'GET', '/api/affiliate/summary', { token: m.token });
const redeem = (m: Member, amount?: string) =>
  call<{ amount: string; balance: string; daily_left: string }>(t.app, 'POST', '/api/affiliate/redeem', {
    token: m.token,
    body: amount === undefined ? {} : { amount },
  });
/** The write quota counts per clock minute (G4): a new minute for the next burst of redeems. */
const nextMinute = () => clock.advance(60_000);

// The worked example's network: R ← A, B (level 1); A ← C (R's level 2). A second network for G5:
// S ← E (flagged: shares a bank-account name with X), F.
let R: Member;
let A: Member;
let B: Member;
let C: Member;
let S: Member;
let E: Member;
let F: Member;
let T: Member;
let day: string;

beforeAll(async () => {
  // Members play on D and read their commission on D+1: sessions outlive the night.
  ({ t, sim } = await simSuiteApp({ clock, seed: true, env: { SESSION_IDLE_MINUTES: String(7 * 24 * 60) } }));
  R = await register('ผู้แนะนำ รากหญ้า');
  // Not 'สมชาย ใจดี': a demo member has that bank-account name, which would flag A (G5).
  A = await register('สมชาย ใจเย็น', R.code);
  B = await register('สมหญิง ยิ้มแย้ม', R.code.toLowerCase());
  C = await register('มานี มีนา', A.code);
  S = await register('ผู้แนะนำ สองสาม');
  E = await register('ซ้ำ ชื่อบัญชี', S.code);
  await register('ซ้ำ  ชื่อบัญชี'); // X: the same bank-account name as E (G5)
  F = await register('ฟ้าใส ใจงาม', S.code);
  // T is flagged (shares a bank-account name with Y); T's downline U is not.
  T = await register('แชร์ ชื่อเดียวกัน');
  await register('แชร์ ชื่อเดียวกัน');
  const U = await register('ยูริ ใจเย็น', T.code);
  await fund(t, A.memberId, 2_000);
  await fund(t, B.memberId, 1_000);
  await fund(t, C.memberId, 1_000);
  await fund(t, E.memberId, 3_000);
  await fund(t, F.memberId, 4_000);
  await fund(t, U.memberId, 2_000);
  day = bangkokDate(clock.now());
  // Day D: A loses 2,000; B wins 500 (1,000 staked, 1,500 back); C loses 1,000.
  await play(A.memberId, '1500.00', '0.00');
  await play(A.memberId, '500.00', '0.00');
  await play(B.memberId, '1000.00', '1500.00');
  await play(C.memberId, '1000.00', '0.00');
  await play(E.memberId, '3000.00', '0.00');
  await play(F.memberId, '4000.00', '0.00');
  await play(U.memberId, '2000.00', '0.00');
  // The play above is all on D (a run started within a minute of midnight could straddle it).
  expect(bangkokDate(clock.now())).toBe(day);
});
afterAll(async () => t.close());

describe('referral (§11 rule 1)', () => {
  it('the link carries an 8-character code, and the referrer is fixed at registration', async () => {
    const cfg = await call<{ referral_code: string; link: string; qr_image: string }>(
      t.app,
      'GET',
      '/api/affiliate/v2/configs?agent_id=34&origin=https://chok.example',
      { token: R.token },
    );
    expect(cfg.body.data.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(cfg.body.data.link).toBe(`https://chok.example/register?ref=${R.code}`);
    expect(cfg.body.data.qr_image).toMatch(/^data:image\/png;base64,/);
    const anonymous = await call<{ referral_code: null; levels: unknown }>(
      t.app,
      'GET',
      '/api/affiliate/v2/configs',
    );
    expect(anonymous.body.data).toMatchObject({
      referral_code: null,
      levels: [
        { level: 1, percent: '5.00' },
        { level: 2, percent: '1.00' },
      ],
      min_redeem: '100.00',
      daily_limit: '50000.00',
    });
    const bad = await call(t.app, 'GET', '/api/affiliate/v2/configs?origin=javascript:alert(1)', {
      token: R.token,
    });
    expect(bad.body).toMatchObject({ error: 1001, message: 'ที่อยู่เว็บไซต์ไม่ถูกต้อง' });
    await expect(
      t.db.updateTable('member').set({ referred_by: S.memberId }).where('id', '=', A.memberId).execute(),
    ).rejects.toThrow(/fixed at registration/);
  });

  it('the network shows both levels with masked names and phones, the join date and the active flag', async () => {
    const res = await call<{
      items: { level: number; name: string; phone: string; joined_at: string; active: boolean }[];
      counts: { level1: number; level2: number };
      total: number;
    }>(t.app, 'POST', '/api/affiliate/network', { token: R.token, body: { agent_id: 34 } });
    expect(res.body.error).toBe(0);
    expect(res.body.data.counts).toEqual({ level1: 2, level2: 1 });
    expect(res.body.data.total).toBe(3);
    const byName = Object.fromEntries(res.body.data.items.map((i) => [i.name, i]));
    expect(byName['สมชาย ใ***']).toMatchObject({
      level: 1,
      phone: `${A.phone.slice(0, 2)}x-xxx-${A.phone.slice(-4)}`,
      active: true,
    });
    expect(byName['มานี มี***']).toMatchObject({ level: 2, active: true });
    expect(JSON.stringify(res.body.data)).not.toContain(A.phone);
    const level2 = await call<{ items: unknown[]; total: number }>(t.app, 'POST', '/api/affiliate/network', {
      token: R.token,
      body: { level: 2 },
    });
    expect(level2.body.data.total).toBe(1);
    // A member who never deposited is not active.
    const fresh = await register('ใหม่ เอี่ยม', F.code);
    const ofF = await call<{ items: { active: boolean }[] }>(t.app, 'POST', '/api/affiliate/network', {
      token: F.token,
    });
    expect(ofF.body.data.items).toEqual([expect.objectContaining({ active: false })]);
    expect(fresh.memberId).toBeGreaterThan(0);
    expect((await call(t.app, 'POST', '/api/affiliate/network')).status).toBe(401);
  });
});

describe('the 01:30 commission (§11 rules 2–3)', () => {
  it('the worked example through the database, computed by three runs at once: 110 baht for R, 50 for A', async () => {
    // The next day, 01:30 Bangkok; the job and an operator's run of the day start together.
    clock.advance(bangkokTime(addDays(day, 1), '01:30').getTime() - clock.now().getTime());
    const runs = (
      await Promise.all([computeDueDays(deps()), computeDueDays(deps()), computeDay(deps(), day, null)])
    ).flat();
    expect(runs.every((r) => r.day === day)).toBe(true);
    // Four referrers had lines on D (R, A, S, T); each was computed by exactly one of the runs.
    expect(runs.reduce((s, r) => s + r.paid, 0)).toBe(4);
    expect(runs.reduce((s, r) => s + r.paid_satang, 0)).toBe(110_00 + 50_00 + 200_00 + 100_00);
    expect(await affiliateBalance(R.memberId)).toEqual({ balance: 110_00, sumOfEntries: 110_00 });
    expect(await affiliateBalance(A.memberId)).toEqual({ balance: 50_00, sumOfEntries: 50_00 });
    const history = await call<{
      items: {
        day: string;
        amount: string;
        lines: { level: number; name: string; net_loss: string; percent: string; commission: string }[];
      }[];
    }>(t.app, 'GET', '/api/affiliate/v2/transactions', { token: R.token });
    expect(history.body.data.items).toEqual([
      expect.objectContaining({
        day,
        amount: '110.00',
        lines: [
          {
            level: 1,
            name: 'สมชาย ใ***',
            net_loss: '2000.00',
            percent: '5.00',
            commission: '100.00',
            counted: true,
          },
          {
            level: 1,
            name: 'สมหญิง ยิ้***',
            net_loss: '0.00',
            percent: '5.00',
            commission: '0.00',
            counted: true,
          },
          {
            level: 2,
            name: 'มานี มี***',
            net_loss: '1000.00',
            percent: '1.00',
            commission: '10.00',
            counted: true,
          },
        ],
      }),
    ]);
    const statement = await call<{ items: { kind: string; amount: string; balance_after: string }[] }>(
      t.app,
      'GET',
      '/api/affiliate/transactions',
      { token: R.token },
    );
    expect(statement.body.data.items).toEqual([
      expect.objectContaining({ kind: 'commission', amount: '110.00', balance_after: '110.00', day }),
    ]);
    expect((await summaryOf(R)).body.data).toMatchObject({
      balance: '110.00',
      can_redeem: true,
      network: { level1: 2, level2: 1 },
    });
    await reconciles();
  });

  it('a G5-flagged downline earns the referrer nothing', async () => {
    expect(await affiliateBalance(S.memberId)).toEqual({ balance: 200_00, sumOfEntries: 200_00 });
    const history = await call<{
      items: { lines: { name: string; commission: string; counted: boolean }[] }[];
    }>(t.app, 'GET', '/api/affiliate/v2/transactions', { token: S.token });
    expect(history.body.data.items[0]?.lines).toEqual([
      expect.objectContaining({ name: 'ฟ้าใส ใ***', commission: '200.00', counted: true }),
      expect.objectContaining({ name: 'ซ้ำ ชื่***', commission: '0.00', counted: false }),
    ]);
  });

  it('the job run again, and a day run again, pay nothing twice', async () => {
    expect(await computeDueDays(deps())).toEqual([]);
    const again = await Promise.all([computeDay(deps(), day, null), computeDay(deps(), day, null)]);
    for (const run of again) expect(run).toMatchObject({ paid: 0, paid_satang: 0, repeated: 4 });
    expect(await affiliateBalance(R.memberId)).toEqual({ balance: 110_00, sumOfEntries: 110_00 });
    expect(await affiliateBalance(S.memberId)).toEqual({ balance: 200_00, sumOfEntries: 200_00 });
    const payouts = await t.db.selectFrom('affiliate_payout').select('referrer_id').execute();
    expect(payouts.map((p) => p.referrer_id).sort((a, b) => a - b)).toEqual(
      [R.memberId, A.memberId, S.memberId, T.memberId].sort((a, b) => a - b),
    );
    await reconciles();
  });
});

describe('the operator (§11, issue 12 item 7)', () => {
  it('finance re-runs a day: audited, nothing paid twice; a day not over yet is refused; other roles are not allowed', async () => {
    const finance = await staffToken(t, 'finance', clock);
    const rerun = await call<{ paid: number; repeated: number; paid_amount: string; by_staff: boolean }>(
      t.app,
      'POST',
      '/api/admin/affiliate/commission/run',
      { token: finance, body: { date: day } },
    );
    expect(rerun.body.data).toMatchObject({ paid: 0, repeated: 4, paid_amount: '0.00', by_staff: true });
    const audit = await auditRows(t, { action: 'affiliate_commission.rerun' }, ['action', 'actor_type']);
    expect(audit).toEqual([{ action: 'affiliate_commission.rerun', actor_type: 'staff' }]);
    const today = await call(t.app, 'POST', '/api/admin/affiliate/commission/run', {
      token: finance,
      body: { date: bangkokDate(clock.now()) },
    });
    expect(today.body).toMatchObject({ error: 2463, message: 'คำนวณค่าแนะนำได้เฉพาะวันที่สิ้นสุดไปแล้วเท่านั้น' });
    const runs = await call<{ items: unknown[]; total: number }>(
      t.app,
      'GET',
      '/api/admin/affiliate/commission/runs',
      {
        token: finance,
      },
    );
    expect(runs.body.data.total).toBeGreaterThanOrEqual(4);
    const content = await staffToken(t, 'content', clock);
    expect(
      (
        await call(t.app, 'POST', '/api/admin/affiliate/commission/run', {
          token: content,
          body: { date: day },
        })
      ).status,
    ).toBe(403);
    expect(await affiliateBalance(R.memberId)).toEqual({ balance: 110_00, sumOfEntries: 110_00 });
  });

  it('content changes the rates and limits as settings (audited); bad values get a Thai error and change nothing', async () => {
    const content = await staffToken(t, 'content', clock);
    const bad = await call(t.app, 'PUT', '/api/admin/affiliate/settings', {
      token: content,
      body: { level1_percent: '101', level2_percent: '1', min_redeem: '100', daily_limit: '50000' },
    });
    expect(bad.body.error).not.toBe(0);
    expect(bad.body.message).toMatch(/อัตราค่าแนะนำ/);
    const ok = await call(t.app, 'PUT', '/api/admin/affiliate/settings', {
      token: content,
      body: { level1_percent: '7.5', level2_percent: 2, min_redeem: '100', daily_limit: '150' },
    });
    expect(ok.body.data).toEqual({
      level1_percent: '7.50',
      level2_percent: '2.00',
      min_redeem: '100.00',
      daily_limit: '150.00',
    });
    const audit = await auditRows(t, { action: 'reward_setting.update' }, ['entity_id']);
    expect(audit.map((a) => a.entity_id)).toContain('affiliate');
    const finance = await staffToken(t, 'finance', clock);
    expect(
      (
        await call(t.app, 'PUT', '/api/admin/affiliate/settings', {
          token: finance,
          body: { level1_percent: '5', level2_percent: '1', min_redeem: '100', daily_limit: '50000' },
        })
      ).status,
    ).toBe(403);
    const cfg = await call<{ levels: { percent: string }[] }>(t.app, 'GET', '/api/affiliate/v2/configs');
    expect(cfg.body.data.levels.map((l) => l.percent)).toEqual(['7.50', '2.00']);
  });
});

describe('redeeming to main (§11 rule 3, G1, G4)', () => {
  it('over the daily limit or under 100 baht: a Thai error and nothing changed; within it, the main wallet gets it', async () => {
    // The settings above: a 150-baht daily limit. S holds 200.
    nextMinute();
    const main = await balanceOf(t, S.memberId);
    const over = await redeem(S, '200');
    expect(over.body).toMatchObject({
      error: 2462,
      message: 'ถอนค่าแนะนำเพื่อนได้สูงสุดวันละ 150 บาท วันนี้ถอนได้อีก 150 บาท',
    });
    const under = await redeem(S, '99.99');
    expect(under.body).toMatchObject({ error: 2460, message: 'ถอนค่าแนะนำเพื่อนได้ขั้นต่ำครั้งละ 100 บาท' });
    const tooMuch = await redeem(S, '250');
    expect(tooMuch.body.error).toBe(2460 + 1);
    expect(await affiliateBalance(S.memberId)).toEqual({ balance: 200_00, sumOfEntries: 200_00 });
    expect(await balanceOf(t, S.memberId)).toBe(main);
    // Without an amount: as much as today allows.
    const ok = await redeem(S);
    expect(ok.body.data).toEqual({
      status: 'paid',
      amount: '150.00',
      balance: '50.00',
      redeemed_today: '150.00',
      daily_left: '0.00',
    });
    expect(await balanceOf(t, S.memberId)).toBe(main + 150_00);
    const again = await redeem(S, '100');
    expect(again.body.error).toBe(2460 + 1); // 50 left in the balance
    // A is under the minimum with 50.
    const a = await redeem(A);
    expect(a.body).toMatchObject({ error: 2460, message: 'ถอนค่าแนะนำเพื่อนได้ขั้นต่ำครั้งละ 100 บาท' });
    expect(await affiliateBalance(A.memberId)).toEqual({ balance: 50_00, sumOfEntries: 50_00 });
    // Bad input: a Thai error, never a 5xx.
    const garbage = await redeem(S, '-5');
    expect(garbage.status).toBeLessThan(500);
    expect(garbage.body.message).toBe('กรุณากรอกจำนวนเงินให้ถูกต้อง');
    await reconciles();
  });

  it('20 parallel redeems pay once; the rest are refused (Thai) or over the write quota (429)', async () => {
    nextMinute();
    const content = await staffToken(t, 'content', clock);
    await call(t.app, 'PUT', '/api/admin/affiliate/settings', {
      token: content,
      body: { level1_percent: '5', level2_percent: '1', min_redeem: '100', daily_limit: '50000' },
    });
    const main = await balanceOf(t, R.memberId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(R)));
    const paid = answers.filter((a) => a.body.error === 0);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.data).toMatchObject({ status: 'paid', amount: '110.00', balance: '0.00' });
    for (const a of answers.filter((x) => x.body.error !== 0)) {
      expect(
        a.status === 429 || a.body.message === 'ถอนค่าแนะนำเพื่อนได้ขั้นต่ำครั้งละ 100 บาท',
        `${a.status} ${a.body.message}`,
      ).toBe(true);
    }
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(await balanceOf(t, R.memberId)).toBe(main + 110_00);
    expect(await affiliateBalance(R.memberId)).toEqual({ balance: 0, sumOfEntries: 0 });
    const statement = await call<{ items: { kind: string; amount: string }[] }>(
      t.app,
      'GET',
      '/api/affiliate/transactions',
      { token: R.token },
    );
    expect(statement.body.data.items.map((i) => [i.kind, i.amount])).toEqual([
      ['redeem', '-110.00'],
      ['commission', '110.00'],
    ]);
    const wallet = await call<{ items: { description: string; amount: string }[] }>(
      t.app,
      'GET',
      '/api/member/statement',
      { token: R.token },
    );
    expect(JSON.stringify(wallet.body.data)).toContain('ถอนค่าแนะนำเพื่อนเข้ากระเป๋าหลัก');
    expect((await summaryOf(R)).body.data).toMatchObject({ balance: '0.00', can_redeem: false });
    await reconciles();
  });

  it("a referrer flagged by G5 redeems into a hold: the main wallet waits for an operator's release; a rejected one returns to the affiliate balance", async () => {
    const main = await balanceOf(t, T.memberId);
    const held = await redeem(T);
    expect(held.body.data).toMatchObject({ status: 'held', amount: '100.00', balance: '0.00' });
    expect(await balanceOf(t, T.memberId)).toBe(main);
    expect(await affiliateBalance(T.memberId)).toEqual({ balance: 0, sumOfEntries: 0 });
    const finance = await staffToken(t, 'finance', clock);
    const holds = await call<{ items: { id: number; member_id: number; feature: string; amount: string }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      { token: finance },
    );
    const hold = holds.body.data.items.find((h) => h.member_id === T.memberId);
    expect(hold).toMatchObject({ feature: 'affiliate', amount: '100.00' });
    const released = await call(t.app, 'POST', `/api/admin/rewards/holds/${hold?.id}/release`, {
      token: finance,
    });
    expect(released.body.error).toBe(0);
    expect(await balanceOf(t, T.memberId)).toBe(main + 100_00);
    await reconciles();

    // Another redemption, rejected: the amount goes back to the affiliate balance, once.
    await creditAffiliate(T.memberId, 100_00);
    const second = await redeem(T);
    expect(second.body.data).toMatchObject({ status: 'held', amount: '100.00', balance: '0.00' });
    const again = await call<{ items: { id: number; member_id: number }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      {
        token: finance,
      },
    );
    const hold2 = again.body.data.items.find((h) => h.member_id === T.memberId)!;
    const rejected = await call(t.app, 'POST', `/api/admin/rewards/holds/${hold2.id}/reject`, {
      token: finance,
      body: { reason: 'บัญชีซ้ำ' },
    });
    expect(rejected.body.error, rejected.body.message).toBe(0);
    expect(await balanceOf(t, T.memberId)).toBe(main + 100_00);
    expect(await affiliateBalance(T.memberId)).toEqual({ balance: 100_00, sumOfEntries: 100_00 });
    await reconciles();
  });
});

describe('a rejected redemption and the daily limit (§11 rule 3)', () => {
  it("an operator's rejection gives the day's limit back: the member can redeem that amount again the same day", async () => {
    nextMinute();
    const content = await staffToken(t, 'content', clock);
    const finance = await staffToken(t, 'finance', clock);
    const used = async () =>
      (
        await call<{ redeemed_today: string; daily_left: string }>(t.app, 'GET', '/api/affiliate/summary', {
          token: T.token,
        })
      ).body.data;
    // Today's limit: what T redeemed today so far plus 100 baht.
    const start = await used();
    const limit = (Number(start.redeemed_today) + 100).toFixed(2);
    const set = await call(t.app, 'PUT', '/api/admin/affiliate/settings', {
      token: content,
      body: { level1_percent: '5', level2_percent: '1', min_redeem: '100', daily_limit: limit },
    });
    expect(set.body.error, set.body.message).toBe(0);
    await creditAffiliate(T.memberId, 200_00);
    const held = await redeem(T, '100');
    expect(held.body.data).toMatchObject({ status: 'held', amount: '100.00', daily_left: '0.00' });
    expect((await redeem(T, '100')).body.code).toBe('AFFILIATE_DAILY_LIMIT');
    const holds = await call<{ items: { id: number; member_id: number }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      { token: finance },
    );
    const hold = holds.body.data.items.find((h) => h.member_id === T.memberId)!;
    const rejected = await call(t.app, 'POST', `/api/admin/rewards/holds/${hold.id}/reject`, {
      token: finance,
      body: { reason: 'บัญชีซ้ำ' },
    });
    expect(rejected.body.error, rejected.body.message).toBe(0);
    expect(await used()).toMatchObject({ redeemed_today: start.redeemed_today, daily_left: '100.00' });
    // The rejected 100 no longer counts: 100 more can be redeemed today (held again: T is flagged).
    const again = await redeem(T, '100');
    expect(again.body.error, again.body.message).toBe(0);
    expect(again.body.data).toMatchObject({ status: 'held', amount: '100.00', daily_left: '0.00' });
    expect(await affiliateBalance(T.memberId)).toEqual({ balance: 200_00, sumOfEntries: 200_00 });
    await reconciles();
  });
});

describe('the API', () => {
  it("declares the specification's affiliate paths in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [method, path] of [
      ['get', '/api/affiliate/v2/configs'],
      ['post', '/api/affiliate/network'],
      ['get', '/api/affiliate/transactions'],
      ['get', '/api/affiliate/v2/transactions'],
      ['get', '/api/affiliate/summary'],
      ['post', '/api/affiliate/redeem'],
    ] as const) {
      expect(doc.paths[path], path).toHaveProperty(method);
    }
  });
});

describe('the job', () => {
  it('is scheduled at 01:30 Bangkok time in pg-boss', async () => {
    const withJobs = await createTestApp({ jobs: true, seed: false });
    try {
      const { rows } = await sql<{ name: string; cron: string; timezone: string }>`
        SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'affiliate.commission'`.execute(
        withJobs.db,
      );
      expect(rows).toEqual([{ name: 'affiliate.commission', cron: '30 1 * * *', timezone: 'Asia/Bangkok' }]);
    } finally {
      await withJobs.close();
    }
  });
});
