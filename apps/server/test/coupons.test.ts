import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { launchToken, SIM } from './games-support.ts';
import {
  call,
  expectReconciled,
  FixedClock,
  lockWaiters,
  registerMember,
  staffLogin,
  staffToken,
  type TestApp,
} from './helpers.ts';
import { buy, fund, openRound } from './lotto-fixtures.ts';
import { newMember, walletBalances } from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * Coupons (docs/rules/engagement.md §2): codes from randomBytes in Crockford base32, once per member,
 * a campaign's quota taken in one statement, free credit under turnover ×5 and cap 300 (docs/rules/casino.md
 * §1.3), the balance-below-5 rule, the 5-wrong-codes lock-out, G1/G4/G5, and the operator's
 * campaigns and personal codes with roles and audit.
 */
let t: TestApp;
let content: string;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());

beforeAll(async () => {
  ({ t, sim, content } = await simSuiteApp({ clock, staff: ['content'] }));
});
afterAll(async () => {
  await t?.close();
});

interface Campaign {
  id: number;
  kind: string;
  code: string | null;
  amount: string;
  quota: number;
  used: number;
  status: string;
}
interface Code {
  id: number;
  code: string;
  member_id: number | null;
  member_phone: string | null;
  quota: number;
  used: number;
  status: string;
}
interface Redeemed {
  code: string;
  title: string;
  amount: string;
  status: string;
  held: boolean;
  turnover_required: string;
  cap: string;
  message: string;
}

let seq = 0;
async function campaign(amount: string, quota: number, expiresAt: string | null = null): Promise<Campaign> {
  seq += 1;
  const r = await call<Campaign>(t.app, 'POST', '/api/admin/coupons/campaigns', {
    token: content,
    body: { title: `คูปองทดสอบ ${seq}`, amount, quota, expires_at: expiresAt },
  });
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data;
}

async function personal(amount: string, memberIds: number[]): Promise<Code[]> {
  const r = await call<{ campaign: Campaign; codes: Code[] }>(t.app, 'POST', '/api/admin/coupons/personal', {
    token: content,
    body: { title: 'คูปองส่วนตัว', amount, member_ids: memberIds },
  });
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data.codes;
}

const redeem = (token: string, code: string) =>
  call<Redeemed>(t.app, 'POST', '/api/coupon/redeem', { token, body: { code } });

async function couponRow(code: string) {
  return t.db
    .selectFrom('coupon')
    .select(['id', 'used', 'quota'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

async function usesOf(memberId: number) {
  return t.db
    .selectFrom('coupon_use')
    .select(['coupon_id', 'amount_satang'])
    .where('member_id', '=', memberId)
    .execute();
}

async function freeCreditState(memberId: number) {
  return t.db
    .selectFrom('free_credit_state')
    .select(['granted_satang', 'requirement_satang', 'cap_satang'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** What a refusal must leave as it was. */
async function snapshot(memberId: number, code: string) {
  return {
    wallets: await walletBalances(t.db, memberId),
    coupon: await couponRow(code),
    uses: await usesOf(memberId),
    state: await freeCreditState(memberId),
  };
}

describe('redeeming a code (§2)', () => {
  it('a 50-baht code gives 50 free credit needing 250 of turnover, with 300 baht more of cap', async () => {
    const c = await campaign('50', 10);
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const m = await newMember(t);
    // Typed the way a member might: lower case, with a hyphen and spaces.
    const typed = ` ${c.code!.slice(0, 5).toLowerCase()}-${c.code!.slice(5)} `;
    const r = await redeem(m.token, typed);
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data).toMatchObject({
      code: c.code,
      amount: '50.00',
      status: 'paid',
      held: false,
      turnover_required: '250.00',
      cap: '300.00',
      message: 'ได้รับเครดิตฟรี 50 บาท ทำเทิร์น 250 บาท ถอนได้สูงสุด 300 บาท',
    });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 50_00 });
    expect(await freeCreditState(m.memberId)).toEqual({
      granted_satang: 50_00,
      requirement_satang: 250_00,
      cap_satang: 300_00,
    });
    const row = await couponRow(c.code!);
    expect(row.used).toBe(1);
    const transfer = await t.db
      .selectFrom('ledger_transfer')
      .select(['amount', 'kind'])
      .where('idempotency_key', '=', `coupon:${m.memberId}:${row.id}`)
      .execute();
    expect(transfer).toEqual([{ amount: 50_00, kind: 'reward' }]);
    const history = await call<{ code: string; amount: string; status: string; status_label: string }[]>(
      t.app,
      'GET',
      '/api/coupon/history',
      { token: m.token },
    );
    expect(history.body.data).toEqual([
      expect.objectContaining({
        code: c.code,
        amount: '50.00',
        status: 'paid',
        status_label: 'ได้รับเครดิตฟรีแล้ว',
      }),
    ]);
    await expectReconciled(t);
  });

  it('20 parallel redeems of one code by one member pay once (G1, G4)', async () => {
    const c = await campaign('20', 100);
    const m = await newMember(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(m.token, c.code!)));
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(10);
    for (const a of answers.filter((x) => x.body.error !== 0 && x.status !== 429))
      expect(a.body).toMatchObject({ code: 'COUPON_ALREADY_USED', message: 'คุณใช้คูปองนี้ไปแล้ว' });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 20_00 });
    expect((await couponRow(c.code!)).used).toBe(1);
    expect(await usesOf(m.memberId)).toHaveLength(1);
    // A member's own repeats are no wrong codes: entry is not locked.
    const attempts = await t.db
      .selectFrom('coupon_attempt')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .execute();
    expect(attempts).toEqual([]);
    await expectReconciled(t);
  });

  it('a campaign code with quota 10 redeemed by 50 members at once is used exactly 10 times', async () => {
    const c = await campaign('10', 10);
    const members = [];
    for (let i = 0; i < 50; i++) members.push(await newMember(t));
    const answers = await Promise.all(members.map((m) => redeem(m.token, c.code!)));
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(10);
    const refused = answers.filter((a) => a.body.error !== 0);
    expect(refused.map((a) => a.body.code)).toEqual(Array(40).fill('COUPON_USED_UP'));
    expect(refused[0]!.body.message).toBe('คูปองนี้ถูกใช้ครบจำนวนแล้ว');
    expect((await couponRow(c.code!)).used).toBe(10);
    const uses = await t.db
      .selectFrom('coupon_use')
      .select('member_id')
      .where('coupon_id', '=', (await couponRow(c.code!)).id)
      .execute();
    expect(uses).toHaveLength(10);
    let credited = 0;
    for (const m of members) credited += (await walletBalances(t.db, m.memberId))[3];
    expect(credited).toBe(10 * 10_00);
    await expectReconciled(t);
  });

  it('a personal code works for its member only; another member reads it as a wrong code', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const [code] = await personal('30', [owner.memberId]);
    expect(code).toMatchObject({
      member_id: owner.memberId,
      quota: 1,
      used: 0,
      status: 'active',
      member_phone: owner.phone,
    });
    const before = await snapshot(other.memberId, code!.code);
    expect((await redeem(other.token, code!.code)).body).toMatchObject({
      code: 'COUPON_INVALID',
      message: 'โค้ดคูปองไม่ถูกต้อง',
    });
    expect(await snapshot(other.memberId, code!.code)).toEqual(before);
    expect((await redeem(owner.token, code!.code)).body.error).toBe(0);
    expect((await redeem(owner.token, code!.code)).body.code).toBe('COUPON_ALREADY_USED');
    expect(await walletBalances(t.db, owner.memberId)).toEqual({ 1: 0, 2: 0, 3: 30_00 });
  });

  it("a flagged member's coupon credit is held for an operator (G5)", async () => {
    const name = `ร่วมกัน ${randomUUID().slice(0, 6)}`;
    await registerMember(t, { account_name: name });
    const flagged = await registerMember(t, { account_name: name });
    const c = await campaign('40', 5);
    const r = await redeem(flagged.token, c.code!);
    expect(r.body.data).toMatchObject({
      status: 'held',
      held: true,
      message: 'ใช้คูปองสำเร็จ เครดิตฟรี 40 บาทรอเจ้าหน้าที่ตรวจสอบก่อนเข้ากระเป๋า',
    });
    expect(await walletBalances(t.db, flagged.memberId)).toEqual({ 1: 0, 2: 0, 3: 0 });
    const history = await call<{ status: string; status_label: string }[]>(
      t.app,
      'GET',
      '/api/coupon/history',
      {
        token: flagged.token,
      },
    );
    expect(history.body.data[0]).toMatchObject({ status: 'held', status_label: 'รอเจ้าหน้าที่ตรวจสอบ' });
  });
});

describe('refusals change nothing and speak Thai', () => {
  it('a wrong, used, disabled or expired code', async () => {
    const m = await newMember(t);
    const c = await campaign('10', 5);
    const before = await snapshot(m.memberId, c.code!);
    for (const [code, error, message] of [
      ['0000000000', 'COUPON_INVALID', 'โค้ดคูปองไม่ถูกต้อง'],
      ['short', 'COUPON_INVALID', 'โค้ดคูปองไม่ถูกต้อง'],
    ] as const) {
      expect((await redeem(m.token, code)).body).toMatchObject({ code: error, message });
    }
    expect(
      (await call(t.app, 'POST', '/api/coupon/redeem', { token: m.token, body: { code: ' ' } })).body,
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: 'กรุณากรอกโค้ดคูปอง' },
    });
    expect(await snapshot(m.memberId, c.code!)).toEqual(before);

    const disabled = await campaign('10', 5);
    await call(t.app, 'POST', `/api/admin/coupons/campaigns/${disabled.id}/disable`, { token: content });
    expect((await redeem(m.token, disabled.code!)).body).toMatchObject({
      code: 'COUPON_DISABLED',
      message: 'คูปองนี้ถูกปิดใช้งานแล้ว',
    });
    const soon = await campaign('10', 5, new Date(clock.now().getTime() + 60_000).toISOString());
    clock.advance(61_000);
    expect((await redeem(m.token, soon.code!)).body).toMatchObject({
      code: 'COUPON_EXPIRED',
      message: 'คูปองนี้หมดอายุแล้ว',
    });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });

  it('the balance-below-5 rule: 5.00 over all wallets is refused, 4.99 accepted', async () => {
    const m = await newMember(t);
    await fund(t, m.memberId, 3, 1);
    await fund(t, m.memberId, 2, 3);
    const c = await campaign('10', 5);
    const before = await snapshot(m.memberId, c.code!);
    expect((await redeem(m.token, c.code!)).body).toMatchObject({
      code: 'COUPON_BALANCE_TOO_HIGH',
      message: 'ใช้คูปองได้เมื่อยอดเงินทุกกระเป๋ารวมกันต่ำกว่า 5 บาทเท่านั้น',
    });
    expect(await snapshot(m.memberId, c.code!)).toEqual(before);

    const poorer = await newMember(t);
    await fund(t, poorer.memberId, 4.99, 1);
    expect((await redeem(poorer.token, c.code!)).body.error).toBe(0);
    expect(await walletBalances(t.db, poorer.memberId)).toEqual({ 1: 4_99, 2: 0, 3: 10_00 });
  });

  it('an open game round or a pending lottery bill is refused', async () => {
    const c = await campaign('10', 5);
    const gamer = await newMember(t);
    await fund(t, gamer.memberId, 4, 1);
    expect(
      (await sim.authenticate(await launchToken(t, gamer.memberId, 1, SIM.game, clock.now()))).status,
    ).toBe('OK');
    const tx = randomUUID();
    expect(
      (
        await sim.debit({
          player: String(gamer.memberId),
          tx_id: tx,
          round_id: tx,
          game: SIM.game,
          amount: '1.00',
        })
      ).status,
    ).toBe('OK');
    const before = await snapshot(gamer.memberId, c.code!);
    expect((await redeem(gamer.token, c.code!)).body).toMatchObject({
      code: 'COUPON_OPEN_PLAY',
      message: 'ใช้คูปองได้เมื่อไม่มีเกมหรือโพยหวยที่รอผลเท่านั้น',
    });
    expect(await snapshot(gamer.memberId, c.code!)).toEqual(before);

    const bettor = await newMember(t);
    await fund(t, bettor.memberId, 4, 1);
    const bill = await buy(t, bettor.token, await openRound(t, 'lao'), [
      { bet_type: 'two_bottom', number: '12', amount: 1 },
    ]);
    expect(bill.body.error, JSON.stringify(bill.body)).toBe(0);
    expect((await redeem(bettor.token, c.code!)).body.code).toBe('COUPON_OPEN_PLAY');
    expect((await couponRow(c.code!)).used).toBe(0);
  });
});

describe('operator coupons: generate, list, disable (roles and audit)', () => {
  it('only owner and content generate; every change is audited; unknown members are named', async () => {
    const finance = await staffToken(t, 'finance', clock);
    const support = await staffToken(t, 'support', clock);
    const body = { title: 'ห้ามสร้าง', amount: '10', quota: 5 };
    expect((await call(t.app, 'POST', '/api/admin/coupons/campaigns', { token: finance, body })).status).toBe(
      403,
    );
    const c = await campaign('15', 3);
    const listed = await call<{ items: Campaign[]; total: number }>(
      t.app,
      'GET',
      '/api/admin/coupons/campaigns',
      {
        token: support,
      },
    );
    expect(listed.body.data.items.find((x) => x.id === c.id)).toMatchObject({
      kind: 'campaign',
      amount: '15.00',
      quota: 3,
      used: 0,
      status: 'active',
    });

    const a = await newMember(t);
    const b = await newMember(t);
    const missing = await call(t.app, 'POST', '/api/admin/coupons/personal', {
      token: content,
      body: { title: 'ส่วนตัว', amount: '5', member_ids: [a.memberId, 99_999_999] },
    });
    expect(missing.body).toMatchObject({ code: 'COUPON_MEMBER_NOT_FOUND', message: 'ไม่พบสมาชิกรหัส 99999999' });
    const codes = await personal('5', [a.memberId, b.memberId]);
    expect(new Set(codes.map((x) => x.code)).size).toBe(2);
    const campaignId = (
      await t.db
        .selectFrom('coupon')
        .select('campaign_id')
        .where('id', '=', codes[0]!.id)
        .executeTakeFirstOrThrow()
    ).campaign_id;
    const shown = await call<Code[]>(t.app, 'GET', `/api/admin/coupons/campaigns/${campaignId}/codes`, {
      token: support,
    });
    expect(shown.body.data.map((x) => x.member_id)).toEqual([a.memberId, b.memberId]);

    const off = await call<Code>(t.app, 'POST', `/api/admin/coupons/codes/${codes[0]!.id}/disable`, {
      token: content,
    });
    expect(off.body.data).toMatchObject({ status: 'disabled' });
    expect((await redeem(a.token, codes[0]!.code)).body.code).toBe('COUPON_DISABLED');
    expect((await redeem(b.token, codes[1]!.code)).body.error).toBe(0);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'coupon.%')
      .execute();
    const actions = new Set(audit.map((x) => x.action));
    for (const action of [
      'coupon.campaign_create',
      'coupon.personal_create',
      'coupon.campaign_disable',
      'coupon.code_disable',
    ])
      expect(actions.has(action)).toBe(true);
  });
});

describe('the wrong-code lock-out (§2: 5 wrong codes in an hour lock entry for an hour)', () => {
  it('the 5th wrong code locks; even a good code is refused until the hour has passed', async () => {
    const m = await newMember(t);
    const good = await campaign('10', 5);
    for (let i = 1; i <= 4; i++)
      expect((await redeem(m.token, `WRONGCODE${i}`)).body.code).toBe('COUPON_INVALID');
    const fifth = await redeem(m.token, 'WRONGCODE5');
    expect(fifth.body).toMatchObject({
      code: 'COUPON_LOCKED',
      message: 'กรอกโค้ดคูปองผิดครบ 5 ครั้ง ใช้คูปองได้อีกครั้งในอีก 60 นาที',
    });
    const before = await snapshot(m.memberId, good.code!);
    clock.advance(30 * 60_000);
    expect((await redeem(m.token, good.code!)).body).toMatchObject({
      code: 'COUPON_LOCKED',
      message: 'กรอกโค้ดคูปองผิดครบ 5 ครั้ง ใช้คูปองได้อีกครั้งในอีก 30 นาที',
    });
    expect(await snapshot(m.memberId, good.code!)).toEqual(before);
    clock.advance(30 * 60_000);
    expect((await redeem(m.token, good.code!)).body.error).toBe(0);
    // A fresh window: one wrong code does not lock again.
    expect((await redeem(m.token, 'WRONGCODE6')).body.code).toBe('COUPON_INVALID');
  });

  it('the hour rolls: five wrong codes within any sixty minutes lock, wherever the first one fell', async () => {
    const m = await newMember(t);
    const wrong = async (n: number) => (await redeem(m.token, `ROLLING${n}0`)).body.code;
    expect(await wrong(1)).toBe('COUPON_INVALID'); // minute 0
    clock.advance(50 * 60_000);
    for (const n of [2, 3, 4]) expect(await wrong(n)).toBe('COUPON_INVALID'); // minute 50
    clock.advance(20 * 60_000);
    expect(await wrong(5)).toBe('COUPON_INVALID'); // minute 70: the first has left the hour (4 in it)
    clock.advance(60_000);
    expect(await wrong(6)).toBe('COUPON_LOCKED'); // minute 71: five in the last hour
  });

  it('wrong codes are counted atomically: parallel wrong codes lock after the 5th', async () => {
    const m = await newMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => redeem(m.token, `PARALLEL${i}0`)));
    const codes = answers.map((a) => a.body.code);
    // Judged one after another under the member's lock: four wrong codes, the fifth locks, and the
    // five behind it meet the lock-out — five codes tried, not ten.
    expect(codes.filter((c) => c === 'COUPON_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'COUPON_LOCKED')).toHaveLength(6);
    const row = await t.db
      .selectFrom('coupon_attempt')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(row.failed_at).toHaveLength(5);
    expect(row.locked_until?.getTime()).toBe(clock.now().getTime() + 60 * 60_000);
  });

  it('a good code queued behind the fifth wrong code meets the lock-out and pays nothing', async () => {
    content = await staffLogin(t, 'content', clock); // the earlier tests moved the clock past its idle time
    const m = await newMember(t);
    const good = await campaign('10', 5);
    for (let i = 1; i <= 4; i++)
      expect((await redeem(m.token, `QUEUED${i}00`)).body.code).toBe('COUPON_INVALID');
    const before = await snapshot(m.memberId, good.code!);
    // Another write holds the member's row: the two redeems queue on it in the order they arrive.
    const side = new pg.Client({ connectionString: t.url });
    await side.connect();
    try {
      await side.query('BEGIN');
      await side.query('SELECT id FROM member WHERE id = $1 FOR UPDATE', [m.memberId]);
      const fifth = redeem(m.token, 'QUEUED500');
      await lockWaiters(t, 1);
      const goodOne = redeem(m.token, good.code!);
      await lockWaiters(t, 2);
      await side.query('COMMIT');
      expect((await fifth).body.code).toBe('COUPON_LOCKED');
      expect((await goodOne).body.code).toBe('COUPON_LOCKED');
    } finally {
      await side.end();
    }
    expect(await snapshot(m.memberId, good.code!)).toEqual(before);
  });
});

describe('an operator code a person can say (§2: one per campaign, beside the generated codes)', () => {
  let n = 0;
  /** A code no other test of this file chose. */
  const spoken = (prefix: string) => `${prefix}${++n}`.padEnd(12, 'X');

  async function campaignWith(operatorCode: string, quota: number, amount = '10') {
    const r = await call<Campaign & { operator_code: string | null }>(
      t.app,
      'POST',
      '/api/admin/coupons/campaigns',
      { token: content, body: { title: 'คูปองพูดได้', amount, quota, operator_code: operatorCode } },
    );
    expect(r.body.error, r.body.message).toBe(0);
    return r.body.data;
  }

  it('any case redeems it once per member; the generated code is the same coupon', async () => {
    clock.advance(30_000); // a TOTP step of its own: the last test logged in at this clock's time
    content = await staffLogin(t, 'content', clock);
    const code = spoken('CHOK');
    const c = await campaignWith(code, 10, '15');
    expect(c.operator_code).toBe(code);
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const m = await newMember(t);
    const r = await redeem(m.token, ` ${code.toLowerCase()} `);
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data).toMatchObject({ code, amount: '15.00', status: 'paid' });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 15_00 });
    const before = await snapshot(m.memberId, c.code!);
    for (const again of [code, c.code!])
      expect((await redeem(m.token, again)).body).toMatchObject({
        code: 'COUPON_ALREADY_USED',
        message: 'คุณใช้คูปองนี้ไปแล้ว',
      });
    expect(await snapshot(m.memberId, c.code!)).toEqual(before);
    expect((await couponRow(c.code!)).used).toBe(1);
    const history = await call<{ code: string }[]>(t.app, 'GET', '/api/coupon/history', { token: m.token });
    expect(history.body.data[0]).toMatchObject({ code });
    await expectReconciled(t);
  });

  it('its quota is taken in one statement: 20 members saying it at once, quota 5, pay exactly 5', async () => {
    const code = spoken('PARTY');
    const c = await campaignWith(code, 5);
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await newMember(t));
    const answers = await Promise.all(
      members.map((m, i) => redeem(m.token, i % 2 === 0 ? code.toLowerCase() : code)),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.body.error !== 0).map((a) => a.body.code)).toEqual(
      Array(15).fill('COUPON_USED_UP'),
    );
    expect((await couponRow(c.code!)).used).toBe(5);
    let credited = 0;
    for (const m of members) credited += (await walletBalances(t.db, m.memberId))[3];
    expect(credited).toBe(5 * 10_00);
    // One member saying it ten times at once is paid once.
    const c2 = await campaignWith(spoken('ONCE'), 100);
    const m = await newMember(t);
    const repeats = await Promise.all(Array.from({ length: 8 }, () => redeem(m.token, c2.operator_code!)));
    expect(repeats.filter((a) => a.body.error === 0)).toHaveLength(1);
    expect((await couponRow(c2.code!)).used).toBe(1);
    await expectReconciled(t);
  });

  it('a code taken in any case, or of a bad shape, is refused in Thai and nothing is created', async () => {
    const code = spoken('DUP');
    const first = await campaignWith(code, 3);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('coupon_campaign')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const create = (operator_code: string) =>
      call(t.app, 'POST', '/api/admin/coupons/campaigns', {
        token: content,
        body: { title: 'ซ้ำ', amount: '5', quota: 1, operator_code },
      });
    expect((await create(code.toLowerCase())).body).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
      message: 'โค้ดนี้มีคูปองอื่นใช้อยู่แล้ว (ไม่นับตัวพิมพ์เล็ก-ใหญ่) กรุณาเลือกโค้ดอื่น',
      fields: { operator_code: 'โค้ดนี้มีคูปองอื่นใช้อยู่แล้ว กรุณาเลือกโค้ดอื่น' },
    });
    const personalTaken = await call(t.app, 'POST', '/api/admin/coupons/personal', {
      token: content,
      body: { title: 'ซ้ำ', amount: '5', member_ids: [(await newMember(t)).memberId], operator_code: code },
    });
    expect(personalTaken.body.code).toBe('COUPON_CODE_TAKEN');
    for (const [bad, message] of [
      ['AB1', 'โค้ดที่ตั้งเองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว ไม่มีช่องว่างหรือเครื่องหมาย'],
      ['CHOK 100', 'โค้ดที่ตั้งเองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว ไม่มีช่องว่างหรือเครื่องหมาย'],
      ['โชค100', 'โค้ดที่ตั้งเองต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4–20 ตัว ไม่มีช่องว่างหรือเครื่องหมาย'],
      ['123456', 'โค้ดที่ตั้งเองต้องมีตัวอักษรอย่างน้อย 1 ตัว'],
      ['BIGWIN2026', 'โค้ดที่ตั้งเองยาว 10 ตัวไม่ได้ เพราะซ้ำรูปแบบกับโค้ดที่ระบบสร้าง กรุณาใช้ความยาวอื่น'],
    ] as const) {
      const r = await create(bad);
      expect(r.status).toBeLessThan(500);
      expect(r.body, bad).toMatchObject({ code: 'VALIDATION_FAILED', fields: { operator_code: message } });
    }
    // Two campaigns asking for one new code at the same moment: one gets it.
    const race = spoken('RACE');
    const both = await Promise.all([create(race), create(race.toLowerCase())]);
    expect(both.map((r) => r.body.code ?? 'OK').sort()).toEqual(['COUPON_CODE_TAKEN', 'OK']);
    expect(await count()).toBe(before + 1);
    // The campaign that has it is audited with it.
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'coupon.campaign_create')
      .where('entity_id', '=', String(first.id))
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ operator_code: code });
  });

  it('on personal codes: each member given may say it instead of their own; anyone else has a wrong code', async () => {
    const listed = await newMember(t);
    const stranger = await newMember(t);
    const code = spoken('VIP');
    const r = await call<{ campaign: { operator_code: string }; codes: Code[] }>(
      t.app,
      'POST',
      '/api/admin/coupons/personal',
      {
        token: content,
        body: { title: 'ลูกค้าวีไอพี', amount: '25', member_ids: [listed.memberId], operator_code: code },
      },
    );
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data.campaign.operator_code).toBe(code);
    const own = r.body.data.codes[0]!.code;
    const before = await snapshot(stranger.memberId, own);
    expect((await redeem(stranger.token, code)).body).toMatchObject({ code: 'COUPON_INVALID' });
    expect(await snapshot(stranger.memberId, own)).toEqual(before);
    const attempts = await t.db
      .selectFrom('coupon_attempt')
      .select('failed_at')
      .where('member_id', '=', stranger.memberId)
      .executeTakeFirstOrThrow();
    expect(attempts.failed_at).toHaveLength(1);
    expect((await redeem(listed.token, code.toLowerCase())).body.error).toBe(0);
    expect((await redeem(listed.token, own)).body.code).toBe('COUPON_ALREADY_USED');
    expect((await couponRow(own)).used).toBe(1);
    expect(await walletBalances(t.db, listed.memberId)).toEqual({ 1: 0, 2: 0, 3: 25_00 });
  });

  it('a disabled campaign’s operator code is refused as disabled', async () => {
    const c = await campaignWith(spoken('OFF'), 3);
    await call(t.app, 'POST', `/api/admin/coupons/campaigns/${c.id}/disable`, { token: content });
    const m = await newMember(t);
    expect((await redeem(m.token, c.operator_code!)).body).toMatchObject({
      code: 'COUPON_DISABLED',
      message: 'คูปองนี้ถูกปิดใช้งานแล้ว',
    });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });
});
