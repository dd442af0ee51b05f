import { satang } from '@chok/engine/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { lockMember } from '../src/modules/members/service.ts';
import { countsAsMemberAddress } from '../src/modules/rewards/risk.ts';
import { payReward, settleFreeCredit } from '../src/modules/rewards/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { takeWriteQuota } from '../src/platform/write-quota.ts';
import { balances, fundedMembers, launchToken, SIM, settledSimRound, simSession } from './games-support.ts';
import {
  auditRows,
  call,
  expectReconciled,
  FixedClock,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { simSuiteApp } from './suite-app.ts';

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
let seq = 0;
const id = (p: string) => `${p}-${process.pid}-${++seq}`;
const deps = () => ({ ledger: t.ledger });

beforeAll(async () => {
  ({ t, sim } = await simSuiteApp({ clock, seed: true, staff: ['finance'] }));
});
afterAll(async () => t.close());

function reward(
  memberId: number,
  periodKey: string,
  amount: number,
  kind: 'free_credit' | 'main' | 'points' = 'free_credit',
) {
  return inTransaction(t.db, async (tx) => {
    await lockMember(tx, memberId);
    return payReward(tx, deps(), {
      memberId,
      feature: 'quest',
      periodKey,
      kind,
      amount,
      reference: 'รางวัลภารกิจทดสอบ',
      pointKind: 'quest',
      now: clock.now(),
    });
  });
}

/** One settled free-credit round: a bet of `stake` baht and a win of `win`. */
async function play(memberId: number, stake: string, win: string) {
  await simSession(t, sim, memberId, 3, clock.now());
  await settledSimRound(sim, memberId, stake, win);
}

describe('free credit under turnover and a cap (docs/rules/casino.md §1.3–1.4)', () => {
  it('a 50-baht grant needs 250 baht of bets; holding 420 then, 300 moves to main and 120 is forfeited', async () => {
    const member = await registerMember(t, { account_name: 'เครดิต ฟรีหนึ่ง' });
    const m = member.memberId;
    await reward(m, 'fc-1', 5_000);
    let view = await call(t.app, 'GET', '/api/member/free-credit', { token: member.token });
    expect(view.body.data).toEqual({
      balance: '50.00',
      requirement: '250.00',
      played: '0.00',
      remaining: '250.00',
      cap: '300.00',
      met: false,
      open_round: false,
    });
    await play(m, '50.00', '170.00'); // 170 in the wallet, 50 of 250 played
    await play(m, '150.00', '400.00'); // 420, 200 of 250
    view = await call(t.app, 'GET', '/api/member/free-credit', { token: member.token });
    expect(view.body.data).toMatchObject({
      balance: '420.00',
      played: '200.00',
      remaining: '50.00',
      met: false,
    });
    await play(m, '50.00', '50.00'); // 420, 250 of 250: met
    view = await call(t.app, 'GET', '/api/member/free-credit', { token: member.token });
    expect(view.body.data).toMatchObject({ balance: '0.00', requirement: '0.00', cap: '0.00', met: false });
    const b = await balances(t, m);
    expect(b[3]).toBe(0);
    expect(b[1]).toBe(30_000);
    const forfeits = await t.db
      .selectFrom('ledger_transfer')
      .select(['amount', 'kind'])
      .where('idempotency_key', 'like', `freecredit:${m}:%`)
      .orderBy('id')
      .execute();
    expect(forfeits).toEqual([
      { amount: 30_000, kind: 'wallet_move' },
      { amount: 12_000, kind: 'forfeit' },
    ]);
    // The statement reads the moves in Thai words, never the internal reference.
    const statement = await call<{ items: { description: string }[] }>(
      t.app,
      'GET',
      '/api/member/statement',
      {
        token: member.token,
      },
    );
    expect(statement.body.data.items.map((i) => i.description)).toEqual(
      expect.arrayContaining([
        'ย้ายเครดิตฟรีที่ทำเทิร์นครบเข้ากระเป๋าหลัก',
        'ตัดยอดเครดิตฟรีส่วนที่เกินยอดถอนสูงสุด',
        'รางวัลภารกิจทดสอบ',
      ]),
    );
    await expectReconciled(t);
  });

  it('two grants add up: requirement 5× each, cap +300 each', async () => {
    const member = await registerMember(t, { account_name: 'เครดิต ฟรีสอง' });
    await reward(member.memberId, 'fc-a', 2_000);
    await reward(member.memberId, 'fc-b', 10_000);
    const view = await call(t.app, 'GET', '/api/member/free-credit', { token: member.token });
    expect(view.body.data).toMatchObject({ balance: '120.00', requirement: '600.00', cap: '600.00' });
  });

  it('under 1 baht with no open round the wallet closes out; not while a round is open', async () => {
    const member = await registerMember(t, { account_name: 'เครดิต ฟรีสาม' });
    const m = member.memberId;
    await reward(m, 'fc-c', 1_000);
    const a = await sim.authenticate(await launchToken(t, m, 3, SIM.game, clock.now()));
    expect(a.status).toBe('OK');
    const bet = id('bet');
    await sim.debit({ player: String(m), tx_id: bet, round_id: 'r', game: SIM.game, amount: '9.50' });
    await inTransaction(t.db, (tx) => settleFreeCredit(tx, deps(), m, clock.now()));
    expect((await balances(t, m))[3]).toBe(50); // open round: kept
    await sim.credit({
      player: String(m),
      tx_id: id('w'),
      bet_tx_id: bet,
      round_id: 'r',
      game: SIM.game,
      amount: '0.00',
    });
    await inTransaction(t.db, (tx) => settleFreeCredit(tx, deps(), m, clock.now()));
    expect((await balances(t, m))[3]).toBe(0);
    const view = await call(t.app, 'GET', '/api/member/free-credit', { token: member.token });
    expect(view.body.data).toMatchObject({ balance: '0.00', requirement: '0.00', cap: '0.00' });
    await expectReconciled(t);
  });
});

describe('once-only rewards and risk holds (docs/rules/engagement.md §0 G2, G5)', () => {
  it('20 parallel claims of one period pay once', async () => {
    const member = await registerMember(t, { account_name: 'รางวัล ครั้งเดียว' });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => reward(member.memberId, 'once', 700, 'main')),
    );
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect((await balances(t, member.memberId))[1]).toBe(700);
    await expectReconciled(t);
  });

  it('a member sharing a bank-account name has cash and free credit held until an operator decides; points are paid', async () => {
    const a = await registerMember(t, { account_name: 'สมชาย ซ้ำชื่อ' });
    const b = await registerMember(t, { account_name: 'สมชาย  ซ้ำชื่อ' });
    const held = await reward(b.memberId, 'h-1', 2_000);
    expect(held.claim).toMatchObject({ status: 'held', hold_reason: 'ชื่อบัญชีธนาคารซ้ำกับสมาชิกอื่น' });
    const points = await reward(b.memberId, 'h-2', 15, 'points');
    expect(points.claim.status).toBe('paid');
    expect((await balances(t, b.memberId))[3]).toBe(0);
    const rejected = await reward(b.memberId, 'h-3', 900, 'main');
    expect(rejected.claim.status).toBe('held');

    const finance = await staffToken(t, 'finance', clock);
    const list = await call<{ items: { id: number; phone: string; feature_label: string }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      { token: finance },
    );
    expect(list.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: held.claim.id, phone: b.phone, feature_label: 'ภารกิจ' }),
      ]),
    );
    const releases = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', `/api/admin/rewards/holds/${held.claim.id}/release`, { token: finance }),
      ),
    );
    expect(releases.filter((r) => r.body.error === 0)).toHaveLength(1);
    expect(releases.filter((r) => r.body.code === 'REWARD_HOLD_NOT_OPEN')).toHaveLength(4);
    const reject = await call(t.app, 'POST', `/api/admin/rewards/holds/${rejected.claim.id}/reject`, {
      token: finance,
      body: { reason: 'บัญชีซ้ำ' },
    });
    expect(reject.body).toMatchObject({ error: 0, data: { status: 'rejected', hold_reason: 'บัญชีซ้ำ' } });
    const after = await balances(t, b.memberId);
    expect(after[3]).toBe(2_000);
    expect(after[1]).toBe(0);
    expect((await balances(t, a.memberId))[3]).toBe(0);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'reward_claim')
      .where('entity_id', 'in', [String(held.claim.id), String(rejected.claim.id)])
      .execute();
    expect(audits.map((x) => x.action).sort()).toEqual(['reward_hold.reject', 'reward_hold.release']);
    const support = await staffToken(t, 'support', clock);
    expect(
      (await call(t.app, 'POST', `/api/admin/rewards/holds/${held.claim.id}/release`, { token: support }))
        .status,
    ).toBe(403);
    await expectReconciled(t);
  });

  it('a held reward from the second-approval amount takes two operators; the first cannot be the second', async () => {
    await registerMember(t, { account_name: 'สองคน อนุมัติ' });
    const b = await registerMember(t, { account_name: 'สองคน  อนุมัติ' });
    const finance = await staffToken(t, 'finance', clock);
    const owner = await staffToken(t, 'owner', clock);
    const support = await staffToken(t, 'support', clock);
    const idOf = async (token: string) =>
      (await call<{ id: number }>(t.app, 'GET', '/api/admin/me', { token })).body.data.id;

    // The setting: 20,000 baht by default; finance and support read it, only the owner changes it.
    const read = await call(t.app, 'GET', '/api/admin/rewards/holds/settings', { token: support });
    expect(read.body).toMatchObject({ error: 0, data: { second_approval: '20000.00' } });
    const put = (token: string, body: unknown) =>
      call(t.app, 'PUT', '/api/admin/rewards/holds/settings', { token, body });
    expect((await put(finance, { second_approval: 100 })).status).toBe(403);
    const bad = await put(owner, { second_approval: 0 });
    expect(bad.body.error).not.toBe(0);
    expect(bad.body.message).toMatch(/ยอดที่ต้องอนุมัติสองคน/);
    expect((await put(owner, { second_approval: 30_000 })).body).toMatchObject({
      error: 0,
      data: { second_approval: '30000.00' },
    });
    expect((await put(owner, { second_approval: 20_000 })).body.error).toBe(0);

    const big = await reward(b.memberId, 'two-1', 2_500_000, 'main');
    expect(big.claim.status).toBe('held');
    const small = await reward(b.memberId, 'two-2', 1_999_999, 'main');
    const before = (await balances(t, b.memberId))[1] ?? 0;
    const release = (token: string, claimId: number) =>
      call<{ status: string; second_approval_needed: boolean; first_approval_by: number | null }>(
        t.app,
        'POST',
        `/api/admin/rewards/holds/${claimId}/release`,
        { token },
      );

    // Below the amount one operator pays it.
    expect((await release(finance, small.claim.id)).body.data).toMatchObject({
      status: 'paid',
      second_approval_needed: false,
    });
    // From the amount: the first approval pays nothing and says who approved.
    const first = await release(finance, big.claim.id);
    expect(first.body.data).toMatchObject({
      status: 'held',
      second_approval_needed: true,
      first_approval_by: await idOf(finance),
    });
    expect((await balances(t, b.memberId))[1]).toBe(before + 1_999_999);
    const listed = await call<{ items: { id: number; first_approval_username: string | null }[] }>(
      t.app,
      'GET',
      '/api/admin/rewards/holds',
      { token: support },
    );
    expect(listed.body.data.items.find((h) => h.id === big.claim.id)?.first_approval_username).toBe(
      'finance',
    );
    // The same operator again is refused, in Thai, and nothing moves.
    const again = await release(finance, big.claim.id);
    expect(again.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(again.body.message).toContain('20,000');
    expect((await balances(t, b.memberId))[1]).toBe(before + 1_999_999);
    // Another permitted operator pays it, once, even when asked several times at once.
    const seconds = await Promise.all(Array.from({ length: 3 }, () => release(owner, big.claim.id)));
    expect(seconds.filter((r) => r.body.error === 0 && r.body.data.status === 'paid')).toHaveLength(1);
    expect((await balances(t, b.memberId))[1]).toBe(before + 1_999_999 + 2_500_000);
    const audits = await auditRows(t, { entity: 'reward_claim', entityId: big.claim.id }, [
      'action',
      'actor_id',
    ]);
    expect(audits).toEqual([
      { action: 'reward_hold.first_approval', actor_id: await idOf(finance) },
      { action: 'reward_hold.release', actor_id: await idOf(owner) },
    ]);
    await expectReconciled(t);
  });

  it('a shared device id flags both members; private and loopback addresses are not compared', async () => {
    expect(countsAsMemberAddress('127.0.0.1')).toBe(false);
    expect(countsAsMemberAddress('::ffff:10.1.2.3')).toBe(false);
    expect(countsAsMemberAddress('192.168.1.9')).toBe(false);
    expect(countsAsMemberAddress('fd00::1')).toBe(false);
    expect(countsAsMemberAddress('49.228.10.1')).toBe(true);
    expect(countsAsMemberAddress('2001:4860::8888')).toBe(true);
    const ids = await fundedMembers(t, 2, {});
    await t.db
      .updateTable('member')
      .set({ device_id: 'device-shared-0123456789' })
      .where('id', 'in', ids)
      .execute();
    const out = await reward(ids[0]!, 'dev', 1_000);
    expect(out.claim).toMatchObject({ status: 'held', hold_reason: 'ใช้อุปกรณ์เดียวกับสมาชิกอื่น' });
  });

  it('registration keeps the device id the site sends', async () => {
    const phone = `06${String(Date.now() % 1e8).padStart(8, '0')}`;
    await call(t.app, 'POST', '/api/otp/request', { body: { phone, purpose: 'register' } });
    const { lastOtp } = await import('./helpers.ts');
    const res = await call<{ member_id: number }>(t.app, 'POST', '/api/register', {
      headers: { 'x-device-id': 'dev_ABCDEFGHIJKLMNOP' },
      body: {
        phone,
        otp: await lastOtp(t.db, phone),
        password: 'secret-pass-1',
        bank_code: '004',
        account_no: `55${phone}`,
        account_name: 'อุปกรณ์ ทดสอบ',
      },
    });
    expect(res.body.error).toBe(0);
    const row = await t.db
      .selectFrom('member')
      .select(['device_id', 'register_ip'])
      .where('id', '=', res.body.data.member_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device_id: 'dev_ABCDEFGHIJKLMNOP', register_ip: '127.0.0.1' });
  });
});

describe('G4 write quota', () => {
  it('50 parallel writes in one minute: exactly 10 pass', async () => {
    const [m] = await fundedMembers(t, 1, {});
    const results = await Promise.all(
      Array.from({ length: 50 }, () => takeWriteQuota(t.db, m!, 'POST /x', 10)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await takeWriteQuota(t.db, m!, 'POST /y', 10)).toBe(true);
  });
});

void satang;
