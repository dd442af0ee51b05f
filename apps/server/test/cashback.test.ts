import type * as api from '@chok/contract/api/cashback';
import type { DataOf } from '@chok/contract/endpoint';
import { addDays, bangkokDate, bangkokTime } from '@chok/engine/bangkok-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionJob } from '../src/modules/cashback/day-run.ts';
import { claimCashback } from '../src/modules/cashback/loss-claim.ts';
import type { CashbackDeps } from '../src/modules/cashback/pay.ts';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { addSimGames, launchToken, SIM, settledSimRound } from './games-support.ts';
import {
  auditRows,
  call,
  expectReconciled,
  FixedClock,
  LONG_SESSIONS,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { balanceOf, buy, closeAndEnterR1, fund, openRound } from './lotto-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * Loss cashback, lotto loss cashback, turnover commission and the win/loss report
 * (docs/rules/engagement.md §3, §4, §12) through the API and the real database. Every round is played
 * through the provider simulator and every bill bought and resulted through the API on day D (today,
 * by the database's clock, which stamps settling times); the app's FixedClock then moves to D+1 (the
 * claim window), D+2 or D+1 01:00 (the commission job).
 *
 * All play happens in beforeAll, before any whole-day run: such a run (the commission job, a re-run)
 * accrues every member on the moved clock, which carries the accrual's cursor past the real time, so
 * rounds played later would not be read.
 */

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
let d: CashbackDeps;
const FISH = 'sim-fish';
const SPORT = 'sim-sport';
/** The day of all play (Bangkok, by the real clock the database stamps settling times with). */
const D = bangkokDate(new Date());
let seq = 0;
const _id = (p: string) => `${p}-${process.pid}-${++seq}`;

type Status = DataOf<typeof api.lossStatus>;
type Winloss = DataOf<typeof api.memberWinloss>;
type Turnover = DataOf<typeof api.turnoverHistory>;
type Rerun = DataOf<typeof api.adminCashbackRerun>;
type Member = Awaited<ReturnType<typeof registerMember>>;
const m: Record<string, Member> = {};
let accountSeq = 0;
/** A member the risk rule does not flag (a distinct bank-account name), funded with `baht`. */
async function member(name: string, baht: number, accountName?: string): Promise<Member> {
  accountSeq++;
  const x = await registerMember(t, {
    account_name:
      accountName ?? `คืนยอด ทดสอบ${'กขคงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ'[accountSeq] ?? accountSeq}`,
  });
  if (baht > 0) await fund(t, x.memberId, baht);
  m[name] = x;
  return x;
}

/** One settled main-wallet round of `game`: a debit of `stake` baht and a credit of `win`. */
async function round(who: Member, game: string, stake: string, win: string) {
  await settledSimRound(sim, who.memberId, stake, win, game);
}

async function session(who: Member) {
  const a = await sim.authenticate(await launchToken(t, who.memberId, 1, SIM.game, clock.now()));
  expect(a.status).toBe('OK');
}

/** Moves the app's clock to a Bangkok wall-clock time. */
function setClock(day: string, hhmm: string) {
  clock.advance(bangkokTime(day, hhmm).getTime() - clock.now().getTime());
}

const claim = (who: Member, body: object = {}, path = '/api/cashback/loss/claim') =>
  call<{ claim: Record<string, unknown>; repeated: boolean }>(t.app, 'POST', path, {
    token: who.token,
    body,
  });

async function payouts(memberId: number) {
  return t.db
    .selectFrom('cashback_payout')
    .select(['kind', 'amount_satang', 'paid_by', 'base_satang'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** Money transfers of one reward key (G2: `feature:member:period_key`). */
async function transfers(key: string) {
  return t.db
    .selectFrom('ledger_transfer')
    .select(['amount', 'kind', 'reference'])
    .where('idempotency_key', '=', key)
    .execute();
}

beforeAll(async () => {
  // Sessions outlive the days the clock moves through.
  // The staff sessions are the ones the calls below and the lotto fixtures sign in with.
  ({ t, sim } = await simSuiteApp({
    clock,
    seed: true,
    env: LONG_SESSIONS,
    staff: ['lotto', 'owner', 'finance', 'content', 'support'],
  }));
  d = { db: t.db, clock, ledger: t.ledger };
  await addSimGames(t, { [FISH]: ['fishing'], [SPORT]: ['sport'] });

  // §3's example, with fishing that does not count: casino 12,000/9,400, slot 3,000/3,900.
  await member('known', 20_000);
  await session(m.known!);
  await round(m.known!, SIM.table, '12000.00', '9400.00');
  await round(m.known!, SIM.game, '3000.00', '3900.00');
  await round(m.known!, FISH, '500.00', '0.00');
  // Each loses 1,000 on slots (cashback 50.00).
  for (const name of ['http20', 'direct20', 'held', 'settings', 'closed', 'rerun1', 'rerun2']) {
    await member(name, 2_000, name === 'held' ? 'ชื่อ ซ้ำกัน' : undefined);
    await session(m[name]!);
    await round(m[name]!, SIM.game, '1000.00', '0.00');
  }
  await member('heldTwin', 0, 'ชื่อ  ซ้ำกัน'); // same bank-account name: both are flagged (G5)
  await member('window', 1_000);
  await session(m.window!);
  await round(m.window!, SIM.game, '400.00', '0.00');
  await member('below', 100);
  await session(m.below!);
  await round(m.below!, SIM.game, '19.99', '0.00');
  await member('profit', 1_000);
  await session(m.profit!);
  await round(m.profit!, SIM.table, '100.00', '500.00');
  // §4's example: 15,000 across casino, slot, fishing and sport; lotto does not count.
  await member('commission', 20_000);
  await session(m.commission!);
  await round(m.commission!, SIM.game, '5000.00', '0.00');
  await round(m.commission!, SIM.table, '5000.00', '6000.00');
  await round(m.commission!, FISH, '3000.00', '0.00');
  await round(m.commission!, SPORT, '2000.00', '100.00');
  // Lotto and the win/loss report: slot 100/250, casino 200/0 and a lost 250-baht bill.
  await member('lotto', 2_000);
  await session(m.lotto!);
  await round(m.lotto!, SIM.game, '100.00', '250.00');
  await round(m.lotto!, SIM.table, '200.00', '0.00');
  const roundId = await openRound(t, 'glo');
  const lines = [
    { bet_type: 'three_top', number: '123', amount: 150 },
    { bet_type: 'two_bottom', number: '45', amount: 100 },
  ];
  expect((await buy(t, m.lotto!.token, roundId, lines)).body.error).toBe(0);
  expect((await buy(t, m.commission!.token, roundId, lines)).body.error).toBe(0);
  const result = await closeAndEnterR1(t, roundId, clock);
  expect(result.body).toMatchObject({ error: 0, data: { status: 'settled' } });
}, 120_000);
afterAll(async () => t?.close());

describe('loss cashback (docs/rules/engagement.md §3)', () => {
  it("§3's example through the database: yesterday's figures per category and 85.00 claimed once to main", async () => {
    setClock(addDays(D, 1), '10:00');
    const who = m.known!;
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: who.token,
    });
    expect(status.body.error).toBe(0);
    expect(status.body.data).toMatchObject({
      day: D,
      window: {
        opens_at: bangkokTime(addDays(D, 1), '00:00').toISOString(),
        closes_at: bangkokTime(addDays(D, 2), '00:00').toISOString(),
      },
      loss: {
        lines: [
          { category: 'casino', label: 'คาสิโน', stake: '12000.00', payout: '9400.00', net_loss: '2600.00' },
          { category: 'slot', label: 'สล็อต', stake: '3000.00', payout: '3900.00', net_loss: '-900.00' },
        ],
        net_loss: '1700.00',
        rate_percent: '5.00',
        amount: '85.00',
        state: 'claimable',
        reason: null,
        claim: null,
      },
      lotto: { net_loss: '0.00', amount: '0.00', state: 'no_loss' },
    });
    const before = await balanceOf(t, who.memberId);
    const first = await claim(who, { day: D });
    expect(first.body).toMatchObject({
      error: 0,
      data: {
        repeated: false,
        claim: { kind: 'loss', day: D, base: '1700.00', amount: '85.00', status: 'paid', paid_by: 'member' },
      },
    });
    expect(await balanceOf(t, who.memberId)).toBe(before + 8_500);
    // A repeat answers the first claim and pays nothing.
    const again = await claim(who);
    expect(again.body.data).toMatchObject({ repeated: true, claim: { amount: '85.00' } });
    expect(await balanceOf(t, who.memberId)).toBe(before + 8_500);
    const paid = await transfers(`cashback:${who.memberId}:${D}`);
    expect(paid).toEqual([
      { amount: 8_500, kind: 'reward', reference: expect.stringMatching(/^คืนยอดเสีย คาสิโนและสล็อต วันที่ /) },
    ]);
    // No turnover: the main wallet, nothing in the free-credit wallet's requirement.
    expect(await balanceOf(t, who.memberId, 3)).toBe(0);
    const statement = await call<{ items: { description: string }[] }>(
      t.app,
      'GET',
      '/api/member/statement',
      {
        token: who.token,
      },
    );
    expect(statement.body.data.items[0]?.description).toMatch(/^คืนยอดเสีย คาสิโนและสล็อต วันที่ /);
    const after = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: who.token,
    });
    expect(after.body.data.loss).toMatchObject({
      state: 'paid',
      amount: '85.00',
      claim: { amount: '85.00' },
    });
    const history = await call<{ items: unknown[]; total: number }>(
      t.app,
      'GET',
      '/api/cashback/loss/history',
      {
        token: who.token,
      },
    );
    expect(history.body.data).toMatchObject({
      total: 1,
      items: [
        { kind: 'loss', day: D, amount: '85.00', stake: '15000.00', payout: '13300.00', status: 'paid' },
      ],
    });
    await expectReconciled(t);
  });

  it('20 parallel claims of one cashback pay once (the use case, past the write quota)', async () => {
    setClock(addDays(D, 1), '11:00');
    const who = m.direct20!;
    const before = await balanceOf(t, who.memberId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => claimCashback(d, who.memberId, 'loss')),
    );
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.claim.id)).size).toBe(1);
    expect(await balanceOf(t, who.memberId)).toBe(before + 5_000);
    expect(await transfers(`cashback:${who.memberId}:${D}`)).toHaveLength(1);
    expect(await payouts(who.memberId)).toHaveLength(1);
    await expectReconciled(t);
  });

  it('20 parallel claims over HTTP: 10 answered (one payment), 10 refused by the write quota (G4)', async () => {
    setClock(addDays(D, 1), '11:05');
    const who = m.http20!;
    const before = await balanceOf(t, who.memberId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(who, { day: D })));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(10);
    expect(ok.every((a) => a.body.error === 0 && a.body.data.claim.amount === '50.00')).toBe(true);
    expect(ok.filter((a) => a.body.data.repeated === false)).toHaveLength(1);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe('ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่');
    expect(await balanceOf(t, who.memberId)).toBe(before + 5_000);
    expect(await transfers(`cashback:${who.memberId}:${D}`)).toHaveLength(1);
  });

  it('a claim outside the window gets a Thai error and changes nothing', async () => {
    const who = m.window!;
    const before = await balanceOf(t, who.memberId);
    // Day D itself: its cashback opens tomorrow; yesterday (D−1) had no play.
    setClock(D, '23:59');
    const early = await claim(who, { day: D });
    expect(early.body).toMatchObject({ error: 2433, code: 'CASHBACK_NOT_OPEN' });
    expect(early.body.message).toMatch(/^ยังไม่ถึงเวลารับคืนยอดเสียของวันที่ .+ \(รับได้วันถัดไป เวลา 00:00–23:59 น\.\)$/);
    const none = await claim(who);
    expect(none.body).toMatchObject({ error: 2430, code: 'CASHBACK_NO_LOSS' });
    expect(none.body.message).toMatch(/ไม่มียอดเสียจากคาสิโนและสล็อต จึงไม่มียอดคืนให้รับ$/);
    // D+2: D's window has closed; the page's day is refused, and yesterday (D+1) had no play.
    setClock(addDays(D, 2), '00:00');
    const late = await claim(who, { day: D });
    expect(late.body).toMatchObject({ error: 2432, code: 'CASHBACK_WINDOW_CLOSED' });
    expect(late.body.message).toMatch(/^หมดเวลารับคืนยอดเสียของวันที่ .+ แล้ว/);
    expect((await claim(who)).body.code).toBe('CASHBACK_NO_LOSS');
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: who.token,
    });
    expect(status.body.data).toMatchObject({
      day: addDays(D, 1),
      loss: { state: 'no_loss', amount: '0.00' },
    });
    expect(await balanceOf(t, who.memberId)).toBe(before);
    expect(await payouts(who.memberId)).toEqual([]);
    expect(
      await t.db.selectFrom('reward_claim').select('id').where('member_id', '=', who.memberId).execute(),
    ).toEqual([]);
    // Not a date at all: a Thai field message.
    setClock(addDays(D, 1), '12:00');
    const bad = await claim(who, { day: '2026-02-31' });
    expect(bad.body).toMatchObject({ error: 1001, fields: { day: 'ไม่มีวันที่นี้ในปฏิทิน' } });
    expect(await balanceOf(t, who.memberId)).toBe(before);
  });

  it('under 1.00 baht, or up on the day: nothing to claim, said in Thai', async () => {
    setClock(addDays(D, 1), '12:00');
    const below = await claim(m.below!);
    expect(below.body).toMatchObject({ code: 'CASHBACK_BELOW_MINIMUM' });
    expect(below.body.message).toMatch(/คือ 0\.99 บาท ต่ำกว่าขั้นต่ำ 1\.00 บาท จึงรับไม่ได้$/);
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: m.below!.token,
    });
    expect(status.body.data.loss).toMatchObject({ state: 'below_minimum', computed: '0.99', amount: '0.00' });
    expect(status.body.data.loss.reason).toBe(below.body.message);
    expect((await claim(m.profit!)).body.code).toBe('CASHBACK_NO_LOSS');
    expect(await payouts(m.below!.memberId)).toEqual([]);
    expect(await payouts(m.profit!.memberId)).toEqual([]);
    expect((await call(t.app, 'POST', '/api/cashback/loss/claim', { body: {} })).status).toBe(401);
  });

  it('a flagged member (shared bank-account name) has the cashback held for an operator, then paid once', async () => {
    setClock(addDays(D, 1), '12:00');
    const who = m.held!;
    const before = await balanceOf(t, who.memberId);
    const r = await claim(who, { day: D });
    expect(r.body.data).toMatchObject({ repeated: false, claim: { amount: '50.00', status: 'held' } });
    expect(await balanceOf(t, who.memberId)).toBe(before);
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: who.token,
    });
    expect(status.body.data.loss).toMatchObject({ state: 'held', claim: { status: 'held' } });
    const finance = await staffToken(t, 'finance', clock);
    const holds = await call<{ items: { id: number; member_id: number; feature_label: string }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      { token: finance },
    );
    const hold = holds.body.data.items.find((h) => h.member_id === who.memberId);
    expect(hold).toMatchObject({ feature_label: 'คืนยอดเสีย' });
    expect(
      (await call(t.app, 'POST', `/api/admin/rewards/holds/${hold!.id}/release`, { token: finance })).body
        .error,
    ).toBe(0);
    expect(await balanceOf(t, who.memberId)).toBe(before + 5_000);
    expect((await claim(who)).body.data).toMatchObject({ repeated: true, claim: { status: 'paid' } });
    expect(await balanceOf(t, who.memberId)).toBe(before + 5_000);
    await expectReconciled(t);
  });
});

describe('lotto loss cashback (§3 rule 5) and the win/loss report (§12)', () => {
  it("lotto_claim pays 5% of yesterday's lost bills with period key lotto:D; casino and slot count apart", async () => {
    setClock(addDays(D, 1), '13:00');
    const who = m.lotto!;
    const before = await balanceOf(t, who.memberId);
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: who.token,
    });
    expect(status.body.data.lotto).toMatchObject({
      lines: [{ category: 'lotto', label: 'หวย', stake: '250.00', payout: '0.00', net_loss: '250.00' }],
      amount: '12.50',
      state: 'claimable',
    });
    expect(status.body.data.loss).toMatchObject({ net_loss: '50.00', computed: '2.50', amount: '2.50' });
    const lotto = await claim(who, { day: D }, '/api/cashback/loss/lotto_claim');
    expect(lotto.body.data).toMatchObject({
      repeated: false,
      claim: { kind: 'lotto', amount: '12.50', base: '250.00' },
    });
    const loss = await claim(who, { day: D });
    expect(loss.body.data).toMatchObject({ repeated: false, claim: { kind: 'loss', amount: '2.50' } });
    expect((await claim(who, {}, '/api/cashback/loss/lotto_claim')).body.data.repeated).toBe(true);
    expect(await balanceOf(t, who.memberId)).toBe(before + 1_250 + 250);
    expect(await transfers(`cashback:${who.memberId}:lotto:${D}`)).toEqual([
      { amount: 1_250, kind: 'reward', reference: expect.stringMatching(/^คืนยอดเสียหวย วันที่ /) },
    ]);
    const lottoOnly = await call<{ items: { kind: string }[] }>(
      t.app,
      'GET',
      '/api/cashback/loss/history?kind=lotto',
      { token: who.token },
    );
    expect(lottoOnly.body.data.items.map((i) => i.kind)).toEqual(['lotto']);
    await expectReconciled(t);
  });

  it("GET /api/member/winloss: the member's own stake, payout and net per day and category, lotto included", async () => {
    setClock(addDays(D, 1), '13:00');
    const r = await call<Winloss>(t.app, 'GET', '/api/member/winloss', { token: m.lotto!.token });
    expect(r.body).toMatchObject({ error: 0 });
    expect(r.body.data).toEqual({
      from: addDays(D, -88),
      to: addDays(D, 1),
      days: [
        {
          day: D,
          stake: '550.00',
          payout: '250.00',
          net: '-300.00',
          lines: [
            { category: 'casino', label: 'คาสิโน', count: 1, stake: '200.00', payout: '0.00', net: '-200.00' },
            { category: 'slot', label: 'สล็อต', count: 1, stake: '100.00', payout: '250.00', net: '150.00' },
            { category: 'lotto', label: 'หวย', count: 1, stake: '250.00', payout: '0.00', net: '-250.00' },
          ],
        },
      ],
      categories: [
        { category: 'casino', label: 'คาสิโน', stake: '200.00', payout: '0.00', net: '-200.00' },
        { category: 'slot', label: 'สล็อต', stake: '100.00', payout: '250.00', net: '150.00' },
        { category: 'lotto', label: 'หวย', stake: '250.00', payout: '0.00', net: '-250.00' },
      ],
      total: { stake: '550.00', payout: '250.00', net: '-300.00' },
    });
    // A shorter span that leaves D out; a span past 90 days is refused in Thai; no token, no report.
    const today = await call<Winloss>(t.app, 'GET', '/api/member/winloss?days=1', {
      token: m.lotto!.token,
    });
    expect(today.body.data).toMatchObject({ from: addDays(D, 1), days: [], total: { stake: '0.00' } });
    const long = await call(t.app, 'GET', '/api/member/winloss?days=91', { token: m.lotto!.token });
    expect(long.body).toMatchObject({ error: 1001, fields: { days: 'กรุณากรอกตัวเลขจำนวนเต็ม' } });
    expect((await call(t.app, 'GET', '/api/member/winloss')).status).toBe(401);
    // Rounds older than the span are not in it.
    setClock(addDays(D, 90), '12:00');
    const later = await call<Winloss>(t.app, 'GET', '/api/member/winloss', {
      token: m.lotto!.token,
    });
    expect(later.body.data).toMatchObject({ from: addDays(D, 1), days: [] });
  });
});

describe('operator settings (item 7): rates and switches, with roles and audit', () => {
  it('GET shows the defaults; content changes the rates (audited); finance and support may not', async () => {
    setClock(addDays(D, 1), '14:00');
    const owner = await staffToken(t, 'owner', clock);
    const content = await staffToken(t, 'content', clock);
    const finance = await staffToken(t, 'finance', clock);
    const support = await staffToken(t, 'support', clock);
    const shown = await call(t.app, 'GET', '/api/admin/cashback/settings', { token: finance });
    expect(shown.body.data).toEqual({
      loss: { enabled: true, rate_percent: '5.00', lotto_rate_percent: '5.00', minimum: '1.00' },
      commission: { enabled: true, rate_percent: '0.20', minimum: '1.00' },
    });
    expect((await call(t.app, 'GET', '/api/admin/cashback/settings', { token: support })).status).toBe(403);
    const body = { loss: { enabled: true, rate_percent: '10', lotto_rate_percent: '5', minimum: '1.00' } };
    expect((await call(t.app, 'PUT', '/api/admin/cashback/settings', { token: finance, body })).status).toBe(
      403,
    );
    const bad = await call(t.app, 'PUT', '/api/admin/cashback/settings', {
      token: content,
      body: { loss: { ...body.loss, rate_percent: '0', minimum: '0' } },
    });
    expect(bad.body).toMatchObject({
      error: 1001,
      fields: {
        'loss.rate_percent': 'เปอร์เซ็นต์ต้องอยู่ระหว่าง 0.01 ถึง 100',
        'loss.minimum': 'ยอดขั้นต่ำต้องมากกว่า 0 บาท',
      },
    });
    const saved = await call(t.app, 'PUT', '/api/admin/cashback/settings', { token: content, body });
    expect(saved.body.data).toMatchObject({ loss: { rate_percent: '10.00', lotto_rate_percent: '5.00' } });
    const audit = await auditRows(t, { action: 'reward_setting.update', entityId: 'cashback' }, [
      'action',
      'entity_id',
      'after',
    ]);
    expect(audit).toHaveLength(1);
    // A claim from now on uses the new rate: 10% of 1,000.
    const r = await claim(m.settings!);
    expect(r.body.data.claim).toMatchObject({ amount: '100.00', rate_percent: '10.00' });
    // Switched off: the status says so and a claim is refused; nothing paid.
    await call(t.app, 'PUT', '/api/admin/cashback/settings', {
      token: owner,
      body: { loss: { ...body.loss, enabled: false, rate_percent: '5' } },
    });
    const before = await balanceOf(t, m.closed!.memberId);
    expect((await claim(m.closed!)).body).toMatchObject({
      code: 'CASHBACK_CLOSED',
      message: 'ระบบคืนยอดเสียปิดให้บริการชั่วคราว',
    });
    const status = await call<Status>(t.app, 'GET', '/api/cashback/loss/status', {
      token: m.closed!.token,
    });
    expect(status.body.data.loss).toMatchObject({ state: 'closed', reason: 'ระบบคืนยอดเสียปิดให้บริการชั่วคราว' });
    // The member already paid still sees their claim.
    expect((await claim(m.settings!)).body.data).toMatchObject({
      repeated: true,
      claim: { amount: '100.00' },
    });
    expect(await balanceOf(t, m.closed!.memberId)).toBe(before);
    await call(t.app, 'PUT', '/api/admin/cashback/settings', {
      token: owner,
      body: { loss: { ...body.loss, rate_percent: '5' } },
    });
  });
});

describe('turnover commission (§4) and re-runs (item 7); whole-day runs come last (see the top)', () => {
  it("§4's example: the 01:00 job pays 15,000 turnover 30.00 once, run twice and three at once", async () => {
    setClock(addDays(D, 1), '01:00');
    const who = m.commission!;
    const before = await balanceOf(t, who.memberId);
    const runs = await Promise.all([commissionJob(d), commissionJob(d), commissionJob(d)]);
    await commissionJob(d);
    const forD = runs.flat().filter((s) => s.day === D);
    expect(forD.reduce((n, s) => n + s.paid, 0) + forD.reduce((n, s) => n + s.held, 0)).toBeGreaterThan(0);
    expect(await balanceOf(t, who.memberId)).toBe(before + 3_000);
    expect(await transfers(`commission:${who.memberId}:${D}`)).toEqual([
      { amount: 3_000, kind: 'reward', reference: expect.stringMatching(/^คืนยอดเทิร์น วันที่ /) },
    ]);
    expect(await payouts(who.memberId)).toEqual([
      { kind: 'commission', amount_satang: 3_000, paid_by: 'job', base_satang: 1_500_000 },
    ]);
    // Every member is paid at most once for D.
    const dupes = await t.db
      .selectFrom('reward_claim')
      .select(['member_id'])
      .where('feature', '=', 'commission')
      .where('period_key', '=', D)
      .groupBy('member_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(dupes).toEqual([]);
    const history = await call<Turnover>(t.app, 'GET', '/api/cashback/turnover/history', {
      token: who.token,
    });
    expect(history.body.data).toMatchObject({
      enabled: true,
      rate_percent: '0.20',
      minimum: '1.00',
      today: { day: addDays(D, 1), turnover: '0.00', estimate: '0.00' },
      total: 1,
      items: [
        { kind: 'commission', day: D, base: '15000.00', amount: '30.00', status: 'paid', paid_by: 'job' },
      ],
    });
    expect(history.body.data.categories.map((c: { label: string }) => c.label)).toEqual([
      'คาสิโน',
      'สล็อต',
      'ยิงปลา',
      'กีฬา',
    ]);
    await expectReconciled(t);
  });

  it("an operator's re-run pays those not paid yet and nothing twice; audited; finance or owner only", async () => {
    // rerun2 claimed in the window; rerun1 did not.
    setClock(addDays(D, 1), '09:00');
    expect((await claim(m.rerun2!)).body.data.claim.amount).toBe('50.00');
    setClock(addDays(D, 2), '09:00');
    const finance = await staffToken(t, 'finance', clock);
    const content = await staffToken(t, 'content', clock);
    const [b1, b2] = [await balanceOf(t, m.rerun1!.memberId), await balanceOf(t, m.rerun2!.memberId)];
    const rerun = (body: object, token = finance) =>
      call<Rerun>(t.app, 'POST', '/api/admin/cashback/rerun', { token, body });
    expect((await rerun({ kind: 'loss', day: D }, content)).status).toBe(403);
    const first = await rerun({ kind: 'loss', day: D });
    // Played on D in casino or slot: 13. Claimed in the window: known, direct20, http20, held, settings,
    // rerun2, lotto. Due and unclaimed: rerun1, closed, window (20.00) and commission (slot −5,000,
    // casino +1,000: 200.00). Nothing due: below (0.99) and profit.
    expect(first.body.data).toEqual({
      kind: 'loss',
      day: D,
      members: 13,
      paid: 4,
      paid_amount: '320.00',
      held: 0,
      held_amount: '0.00',
      withheld: 0,
      withheld_amount: '0.00',
      already: 7,
      below_minimum: 2,
    });
    expect(await balanceOf(t, m.rerun1!.memberId)).toBe(b1 + 5_000);
    expect(await balanceOf(t, m.rerun2!.memberId)).toBe(b2);
    expect(await payouts(m.rerun1!.memberId)).toEqual([
      { kind: 'commission', amount_satang: 200, paid_by: 'job', base_satang: 100_000 },
      { kind: 'loss', amount_satang: 5_000, paid_by: 'operator', base_satang: 100_000 },
    ]);
    // Again, and at once: nothing more.
    const again = await Promise.all([rerun({ kind: 'loss', day: D }), rerun({ kind: 'loss', day: D })]);
    for (const a of again) expect(a.body.data).toMatchObject({ paid: 0, held: 0, paid_amount: '0.00' });
    expect(again[0]!.body.data.already).toBe(
      first.body.data.already + first.body.data.paid + first.body.data.held,
    );
    expect(await balanceOf(t, m.rerun1!.memberId)).toBe(b1 + 5_000);
    const commission = await rerun({ kind: 'commission', day: D });
    expect(commission.body.data).toMatchObject({ paid: 0, held: 0 });
    expect(await transfers(`commission:${m.commission!.memberId}:${D}`)).toHaveLength(1);
    const lotto = await rerun({ kind: 'lotto', day: D });
    expect(lotto.body.data).toMatchObject({ members: 2, paid: 1, paid_amount: '12.50', already: 1 });
    expect(await transfers(`cashback:${m.lotto!.memberId}:lotto:${D}`)).toHaveLength(1);
    const audit = await auditRows(t, { action: 'cashback.rerun' }, ['actor_type', 'entity_id']);
    expect(audit).toHaveLength(5);
    expect(audit[0]).toEqual({ actor_type: 'staff', entity_id: `loss:${D}` });
    // Today, a day to come or one past 90 days: refused in Thai, nothing paid.
    for (const day of [addDays(D, 2), addDays(D, 3), addDays(D, -89)]) {
      const r = await rerun({ kind: 'commission', day });
      expect(r.body).toMatchObject({
        code: 'CASHBACK_RERUN_DAY',
        message: 'คำนวณซ้ำได้เฉพาะวันที่จบไปแล้ว ย้อนหลังไม่เกิน 90 วัน',
      });
    }
    const bad = await rerun({ kind: 'bonus', day: 'tomorrow' });
    expect(bad.body).toMatchObject({ error: 1001, fields: { kind: 'กรุณาเลือกประเภท' } });
    expect(
      await t.db.selectFrom('audit_log').select('id').where('action', '=', 'cashback.rerun').execute(),
    ).toHaveLength(5);
    await expectReconciled(t);
  });

  it('every payment is one ledger transfer from sys:promo of its amount (the sums agree)', async () => {
    const rows = await t.db
      .selectFrom('cashback_payout')
      .innerJoin('reward_claim', 'reward_claim.id', 'cashback_payout.claim_id')
      .select([
        'cashback_payout.amount_satang',
        'reward_claim.status',
        'reward_claim.member_id',
        'reward_claim.feature',
        'reward_claim.period_key',
        'reward_claim.amount',
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.amount).toBe(r.amount_satang);
      const moved = await transfers(`${r.feature}:${r.member_id}:${r.period_key}`);
      expect(moved.map((x) => x.amount)).toEqual(r.status === 'paid' ? [r.amount_satang] : []);
    }
    await expectReconciled(t);
  });
});
