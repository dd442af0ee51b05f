import { maskName, maskPhone } from '@chok/engine/engagement/mask';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePoints } from '../src/modules/points/service.ts';
import { FREE_CREDIT_WALLET, memberBalance } from '../src/modules/wallet/service.ts';
import { creditUnclaimed } from '../src/modules/wheel/credit.ts';
import { inTransaction } from '../src/platform/db.ts';
import {
  type ApiAnswer,
  call,
  createTestApp,
  FixedClock,
  LONG_SESSIONS,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';

// Prize wheel v2, docs/rules/engagement.md §9, against the real database.

const clock = new FixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the clock moves below (the 24-hour automatic credit, the next Bangkok day).
  t = await createTestApp({
    clock,
    seed: true,
    env: LONG_SESSIONS,
  });
});
afterAll(async () => {
  await t.close();
});

interface Prize {
  index: number;
  label: string;
  kind: 'none' | 'points' | 'free_credit';
  amount: string;
}
interface Spin {
  spin_id: number;
  version: number;
  prize_index: number;
  prize: Prize;
  paid_with: 'free' | 'points';
  points_spent: number;
  spin_date: string;
  created_at: string;
  auto_credit_at: string;
  rewarded_at: string | null;
  claim: { status: string; reward_kind: string; amount: string; held: boolean } | null;
}
interface SpinV2 extends Spin {
  free_spins: number;
  extra_spins_left: number;
  points: number;
}
interface Reward {
  spin_id: number;
  prize_index: number;
  prize: Prize;
  claim: { status: string; reward_kind: string; amount: string; held: boolean };
  repeated: boolean;
}

const THAI = 'กขคงจฉชซฌญ';
let named = 0;
/** A member with an account name no other member has (the G5 risk rule flags shared names). */
async function member(accountName?: string) {
  named += 1;
  const suffix = [...String(named).padStart(3, '0')].map((d) => THAI[Number(d)]).join('');
  return registerMember(t, { account_name: accountName ?? `ทดสอบ วงล้อ${suffix}` });
}

let grants = 0;
async function givePoints(memberId: number, amount: number) {
  await inTransaction(t.db, (tx) =>
    changePoints(tx, {
      memberId,
      amount,
      kind: 'adjustment',
      reference: 'แต้มทดสอบ',
      key: `test:wheel:${memberId}:${++grants}`,
    }),
  );
}

const pointsOf = async (memberId: number) =>
  Number(
    (
      await t.db
        .selectFrom('point_account')
        .select('balance')
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    )?.balance ?? 0,
  );
const spinsOf = async (memberId: number) =>
  Number(
    (
      await t.db
        .selectFrom('wheel_spin')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const transfersWithKey = async (key: string) =>
  Number(
    (
      await t.db
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow()
    ).n,
  );

const spinV2 = (token: string, body: Record<string, unknown> = {}) =>
  call<SpinV2>(t.app, 'POST', '/api/wheel/spin_v2', { token, body });
const reward = (token: string, spinId: unknown) =>
  call<Reward>(t.app, 'POST', '/api/wheel/reward', { token, body: { spin_id: spinId } });

/** The §9 table as the operator API takes it. */
const DEFAULT_PRIZES = [
  { kind: 'none', label: 'ไม่ได้รางวัล', weight: 3_000 },
  { kind: 'points', label: '10 แต้ม', points: 10, weight: 3_000 },
  { kind: 'free_credit', label: 'เครดิตฟรี 5 บาท', amount: '5', weight: 2_500 },
  { kind: 'free_credit', label: 'เครดิตฟรี 20 บาท', amount: '20', weight: 1_000 },
  { kind: 'free_credit', label: 'เครดิตฟรี 100 บาท', amount: '100', weight: 450 },
  { kind: 'free_credit', label: 'เครดิตฟรี 1,000 บาท', amount: '1000', weight: 50 },
] as const;
const SETTINGS = { free_spins_per_day: 1, points_per_extra_spin: 100, extra_spins_per_day: 10 };

async function publish(body: Record<string, unknown>) {
  const token = await staffToken(t, 'content', clock);
  return call<{ version: number; current: boolean }>(t.app, 'POST', '/api/admin/wheel/versions', {
    token,
    body,
  });
}

/** Publishes the §9 prizes with every weight 0 but the one at `index`: the next spins draw it. */
async function rig(index: number) {
  const r = await publish({
    ...SETTINGS,
    prizes: DEFAULT_PRIZES.map((p, i) => ({ ...p, weight: i === index ? 1 : 0 })),
  });
  expect(r.body.error).toBe(0);
  return r.body.data.version;
}

describe('config (v2 and v1 shapes)', () => {
  it('serves the seeded §9 table, the free spin of the day and the point balance', async () => {
    const m = await member();
    await givePoints(m.memberId, 150);
    const v2 = await call<{
      setting: Record<string, unknown>;
      prizes: Prize[];
      free_spins: number;
      unclaimed: Spin[];
    }>(t.app, 'GET', '/api/wheel/config_v2', { token: m.token });
    expect(v2.body.error).toBe(0);
    expect(v2.body.data.prizes).toEqual([
      { index: 0, label: 'ไม่ได้รางวัล', kind: 'none', amount: '0' },
      { index: 1, label: '10 แต้ม', kind: 'points', amount: '10' },
      { index: 2, label: 'เครดิตฟรี 5 บาท', kind: 'free_credit', amount: '5.00' },
      { index: 3, label: 'เครดิตฟรี 20 บาท', kind: 'free_credit', amount: '20.00' },
      { index: 4, label: 'เครดิตฟรี 100 บาท', kind: 'free_credit', amount: '100.00' },
      { index: 5, label: 'เครดิตฟรี 1,000 บาท', kind: 'free_credit', amount: '1000.00' },
    ]);
    expect(v2.body.data.free_spins).toBe(1);
    expect(v2.body.data.unclaimed).toEqual([]);
    expect(v2.body.data.setting).toMatchObject({
      version: 1,
      free_spins_per_day: 1,
      points_per_spin: 100,
      extra_spins_per_day: 10,
      extra_spins_left: 10,
      points: 150,
      auto_credit_hours: 24,
    });

    const v1 = await call<{ configs: Record<string, number>; prizes: unknown[] }>(
      t.app,
      'GET',
      '/api/wheel/config',
      { token: m.token },
    );
    expect(v1.body.data.configs).toEqual({
      version: 1,
      free_spin_per_day: 1,
      free_spin_left: 1,
      point_per_spin: 100,
      point_spin_per_day: 10,
      point_spin_left: 10,
      point: 150,
    });
    expect(v1.body.data.prizes[5]).toEqual({
      id: 5,
      name: 'เครดิตฟรี 1,000 บาท',
      type: 'free_credit',
      value: '1000.00',
    });
    expect((await call(t.app, 'GET', '/api/wheel/config_v2')).status).toBe(401);
  });

  it('the operator sees the seeded version with its expected cost: 12.75 baht free credit + 3 points a spin', async () => {
    const token = await staffToken(t, 'support', clock);
    const r = await call<{ version: number; expected_free_credit: string; expected_points: string }[]>(
      t.app,
      'GET',
      '/api/admin/wheel/versions',
      { token },
    );
    const v1 = r.body.data.find((v) => v.version === 1);
    expect(v1).toMatchObject({
      expected_free_credit: '12.75',
      expected_points: '3.00',
      total_weight: 10_000,
    });
  });
});

describe('spin', () => {
  it('the free spin: the spin row is committed with the version and index the answer gives; the v1 shape too', async () => {
    const m = await member();
    const r = await spinV2(m.token);
    expect(r.body.error).toBe(0);
    const s = r.body.data;
    expect(s).toMatchObject({
      paid_with: 'free',
      points_spent: 0,
      free_spins: 0,
      extra_spins_left: 10,
      points: 0,
    });
    expect(s.prize.index).toBe(s.prize_index);
    const row = await t.db
      .selectFrom('wheel_spin')
      .selectAll()
      .where('id', '=', s.spin_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      member_id: m.memberId,
      version: s.version,
      prize_index: s.prize_index,
      paid_with: 'free',
      rewarded_at: null,
    });
    expect(new Date(s.auto_credit_at).getTime() - new Date(s.created_at).getTime()).toBe(24 * 3_600_000);
    const config = await call<{ free_spins: number; unclaimed: Spin[] }>(
      t.app,
      'GET',
      '/api/wheel/config_v2',
      {
        token: m.token,
      },
    );
    expect(config.body.data.free_spins).toBe(0);
    expect(config.body.data.unclaimed.map((u) => u.spin_id)).toEqual([s.spin_id]);

    const other = await member();
    const v1 = await call<Record<string, unknown>>(t.app, 'POST', '/api/wheel/spin', { token: other.token });
    expect(v1.body.error).toBe(0);
    expect(Object.keys(v1.body.data).sort()).toEqual(
      ['free_spin_left', 'point', 'point_spin_left', 'prize', 'prize_id', 'spin_id'].sort(),
    );
    expect(v1.body.data).toMatchObject({ free_spin_left: 0, point_spin_left: 10, point: 0 });
  });

  it('without a spin or points: a Thai refusal and nothing changes', async () => {
    const m = await member();
    expect((await spinV2(m.token)).body.error).toBe(0);
    const before = { spins: await spinsOf(m.memberId), points: await pointsOf(m.memberId) };
    const r = await spinV2(m.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 'WHEEL_NO_POINTS',
      message: 'แต้มไม่พอสำหรับหมุนวงล้อ (ต้องใช้ 100 แต้มต่อครั้ง)',
      data: null,
    });
    const free = await spinV2(m.token, { pay: 'free' });
    expect(free.body).toMatchObject({
      code: 'WHEEL_NO_SPINS',
      message: 'วันนี้ใช้สิทธิ์หมุนฟรีไปแล้ว กรุณาใช้แต้มเพื่อหมุนเพิ่ม',
    });
    const v1 = await call(t.app, 'POST', '/api/wheel/spin', { token: m.token });
    expect(v1.body.code).toBe('WHEEL_NO_SPINS');
    const v1Points = await call(t.app, 'POST', '/api/wheel/spin', {
      token: m.token,
      body: { pay: 'points' },
    });
    expect(v1Points.body.code).toBe('WHEEL_NO_POINTS');
    const bad = await spinV2(m.token, { pay: 'twice' });
    expect(bad.body.error).not.toBe(0);
    expect(bad.body.message).toMatch(/[\u0E00-\u0E7F]/);
    expect({ spins: await spinsOf(m.memberId), points: await pointsOf(m.memberId) }).toEqual(before);
  });

  it('20 parallel spins of a member with 1 free spin and 0 points: exactly 1 spin; 10 over the minute quota get 429 (G4)', async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => spinV2(m.token)));
    const by = (f: (a: ApiAnswer<SpinV2>) => boolean) => answers.filter(f).length;
    expect(by((a) => a.status === 200 && a.body.error === 0)).toBe(1);
    expect(by((a) => a.status === 200 && a.body.code === 'WHEEL_NO_POINTS')).toBe(9);
    expect(by((a) => a.status === 429 && a.body.code === 'RATE_LIMITED')).toBe(10);
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await spinsOf(m.memberId)).toBe(1);
    expect(await pointsOf(m.memberId)).toBe(0);
  });

  it('the v1 spin without a payment choice takes the free spin, then is refused in Thai instead of spending 100 points', async () => {
    const m = await member();
    await givePoints(m.memberId, 500);
    const first = await call<{ spin_id: number; point: number }>(t.app, 'POST', '/api/wheel/spin', {
      token: m.token,
    });
    expect(first.body.error, first.body.message).toBe(0);
    expect(first.body.data.point).toBe(500);
    const before = { spins: await spinsOf(m.memberId), points: await pointsOf(m.memberId) };
    const second = await call(t.app, 'POST', '/api/wheel/spin', { token: m.token });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      code: 'WHEEL_NO_SPINS',
      message: 'วันนี้ใช้สิทธิ์หมุนฟรีไปแล้ว กรุณาใช้แต้มเพื่อหมุนเพิ่ม',
      data: null,
    });
    expect({ spins: await spinsOf(m.memberId), points: await pointsOf(m.memberId) }).toEqual(before);
    // Chosen, points pay as before.
    const paid = await call<{ point: number }>(t.app, 'POST', '/api/wheel/spin', {
      token: m.token,
      body: { pay: 'points' },
    });
    expect(paid.body.data.point).toBe(400);
  });

  it('extra spins cost 100 points each (one key per spin); parallel spins with 250 points make 1 free + 2 paid', async () => {
    const m = await member();
    await givePoints(m.memberId, 250);
    const answers = await Promise.all(Array.from({ length: 8 }, () => spinV2(m.token)));
    const ok = answers.filter((a) => a.body.error === 0).map((a) => a.body.data);
    expect(ok.map((s) => s.paid_with).sort()).toEqual(['free', 'points', 'points']);
    expect(answers.filter((a) => a.body.code === 'WHEEL_NO_POINTS')).toHaveLength(5);
    expect(await pointsOf(m.memberId)).toBe(50);
    const spent = await t.db
      .selectFrom('point_transfer')
      .select(['amount', 'kind', 'idempotency_key'])
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'wheel_spin')
      .orderBy('id')
      .execute();
    const paid = ok.filter((s) => s.paid_with === 'points').map((s) => s.spin_id);
    expect(spent).toEqual(
      paid
        .sort((a, b) => a - b)
        .map((id) => ({ amount: -100, kind: 'wheel_spin', idempotency_key: `wheel_spin:${id}` })),
    );
  });

  it('a day allows the free spin and 10 paid spins; the next Bangkok day brings a new free spin', async () => {
    const m = await member();
    await givePoints(m.memberId, 5_000);
    const kinds: string[] = [];
    // v2 and v1 share the day's counts (and each has its own G4 quota).
    for (let i = 0; i < 11; i++) {
      const r =
        i % 2 === 0
          ? await spinV2(m.token)
          : await call<{ spin_id: number }>(t.app, 'POST', '/api/wheel/spin', {
              token: m.token,
              body: { pay: 'auto' },
            });
      expect(r.body.error).toBe(0);
      const row = await t.db
        .selectFrom('wheel_spin')
        .select('paid_with')
        .where('id', '=', r.body.data.spin_id)
        .executeTakeFirstOrThrow();
      kinds.push(row.paid_with);
    }
    expect(kinds).toEqual(['free', ...Array(10).fill('points')]);
    const over = await call(t.app, 'POST', '/api/wheel/spin', { token: m.token, body: { pay: 'points' } });
    expect(over.body).toMatchObject({
      code: 'WHEEL_DAILY_LIMIT',
      message: 'วันนี้หมุนด้วยแต้มครบ 10 ครั้งแล้ว กลับมาใหม่พรุ่งนี้',
    });
    expect(await pointsOf(m.memberId)).toBe(4_000);
    expect(await spinsOf(m.memberId)).toBe(11);

    clock.advance(24 * 3_600_000);
    const config = await call<{ free_spins: number; setting: { extra_spins_left: number } }>(
      t.app,
      'GET',
      '/api/wheel/config_v2',
      { token: m.token },
    );
    expect(config.body.data.free_spins).toBe(1);
    expect(config.body.data.setting.extra_spins_left).toBe(10);
    const next = await spinV2(m.token, { pay: 'free' });
    expect(next.body.data.paid_with).toBe('free');
    expect(next.body.data.spin_date).not.toBe(
      (
        await t.db
          .selectFrom('wheel_spin')
          .select('spin_date')
          .where('member_id', '=', m.memberId)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).spin_date,
    );
  });
});

describe('reward', () => {
  it('credits the prize once: 20 parallel claims of one spin pay one free credit', async () => {
    await rig(3); // 20 baht free credit
    const m = await member();
    const s = (await spinV2(m.token)).body.data;
    expect(s.prize).toMatchObject({ index: 3, kind: 'free_credit', amount: '20.00' });
    const before = await memberBalance(t.db, m.memberId, FREE_CREDIT_WALLET);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reward(m.token, s.spin_id)));
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(ok.filter((a) => !a.body.data.repeated)).toHaveLength(1);
    for (const a of ok) {
      expect(a.body.data).toMatchObject({
        spin_id: s.spin_id,
        prize_index: 3,
        claim: { status: 'paid', reward_kind: 'free_credit', amount: '20.00', held: false },
      });
    }
    expect(await memberBalance(t.db, m.memberId, FREE_CREDIT_WALLET)).toBe(before + 2_000);
    expect(await transfersWithKey(`wheel:${m.memberId}:${s.spin_id}`)).toBe(1);
    const claims = await t.db
      .selectFrom('reward_claim')
      .select(['id', 'amount'])
      .where('member_id', '=', m.memberId)
      .where('feature', '=', 'wheel')
      .execute();
    expect(claims).toHaveLength(1);
    const row = await t.db
      .selectFrom('wheel_spin')
      .select(['rewarded_at', 'claim_id'])
      .where('id', '=', s.spin_id)
      .executeTakeFirstOrThrow();
    expect(row.claim_id).toBe(claims[0]!.id);
    expect(row.rewarded_at).not.toBeNull();
    // The free-credit rule: the grant adds ×5 to the wallet's turnover requirement.
    const progress = await call<{ requirement: string }>(t.app, 'GET', '/api/member/free-credit', {
      token: m.token,
    });
    expect(progress.body.data.requirement).toBe('100.00');
  });

  it('a points prize goes to the point ledger (kind wheel); no prize records a claim and pays nothing', async () => {
    await rig(1);
    const m = await member();
    const s = (await spinV2(m.token)).body.data;
    const r = await reward(m.token, s.spin_id);
    expect(r.body.data.claim).toEqual({ status: 'paid', reward_kind: 'points', amount: '10', held: false });
    expect(await pointsOf(m.memberId)).toBe(10);
    const t1 = await t.db
      .selectFrom('point_transfer')
      .select(['amount', 'kind', 'reference'])
      .where('idempotency_key', '=', `wheel:${m.memberId}:${s.spin_id}`)
      .executeTakeFirstOrThrow();
    expect(t1).toEqual({ amount: 10, kind: 'wheel', reference: 'รางวัลวงล้อ 10 แต้ม' });

    await rig(0);
    const n = await member();
    const none = (await spinV2(n.token)).body.data;
    const nr = await reward(n.token, none.spin_id);
    expect(nr.body.data.claim).toEqual({ status: 'paid', reward_kind: 'none', amount: '0.00', held: false });
    expect(await transfersWithKey(`wheel:${n.memberId}:${none.spin_id}`)).toBe(0);
    expect(await pointsOf(n.memberId)).toBe(0);
  });

  it("another member's spin, an unknown spin and a malformed id are refused in Thai and change nothing", async () => {
    const a = await member();
    const b = await member();
    const s = (await spinV2(a.token)).body.data;
    for (const id of [s.spin_id, 999_999_999]) {
      const r = await reward(b.token, id);
      expect(r.body).toMatchObject({ code: 'WHEEL_SPIN_NOT_FOUND', message: 'ไม่พบรายการหมุนวงล้อนี้' });
    }
    const bad = await reward(b.token, 'abc');
    expect(bad.body.error).not.toBe(0);
    expect(bad.body.message).toBe('รหัสอ้างอิงไม่ถูกต้อง');
    const row = await t.db
      .selectFrom('wheel_spin')
      .select('rewarded_at')
      .where('id', '=', s.spin_id)
      .executeTakeFirstOrThrow();
    expect(row.rewarded_at).toBeNull();
  });

  it('a flagged member (shared bank-account name, G5): free credit is held for an operator, points are paid', async () => {
    await rig(4);
    const shared = 'ทดสอบ ชื่อซ้ำวงล้อ';
    const a = await member(shared);
    await member(shared);
    const s = (await spinV2(a.token)).body.data;
    const r = await reward(a.token, s.spin_id);
    expect(r.body.data.claim).toEqual({
      status: 'held',
      reward_kind: 'free_credit',
      amount: '100.00',
      held: true,
    });
    expect(await memberBalance(t.db, a.memberId, FREE_CREDIT_WALLET)).toBe(0);
    expect(await transfersWithKey(`wheel:${a.memberId}:${s.spin_id}`)).toBe(0);

    await rig(1);
    await givePoints(a.memberId, 100);
    const p = (await spinV2(a.token)).body.data;
    const pr = await reward(a.token, p.spin_id);
    expect(pr.body.data.claim.status).toBe('paid');
    expect(await pointsOf(a.memberId)).toBe(10);
  });
});

describe('versions', () => {
  it("a new version leaves the old spins' prizes as drawn; versions never change in place", async () => {
    const old = await rig(4); // 100 baht free credit
    const m = await member();
    const s = (await spinV2(m.token)).body.data;
    expect(s).toMatchObject({ version: old, prize_index: 4 });
    // The next version puts "no prize" at index 4.
    const next = await publish({
      ...SETTINGS,
      prizes: DEFAULT_PRIZES.map((p, i) =>
        i === 4 ? { kind: 'none', label: 'ไม่ได้รางวัล', weight: 1 } : { ...p, weight: 0 },
      ),
    });
    expect(next.body.data.version).toBe(old + 1);
    const history = await call<{ items: Spin[] }>(t.app, 'GET', '/api/wheel/history', { token: m.token });
    expect(history.body.data.items[0]).toMatchObject({
      spin_id: s.spin_id,
      version: old,
      prize: { index: 4, kind: 'free_credit', amount: '100.00', label: 'เครดิตฟรี 100 บาท' },
    });
    const r = await reward(m.token, s.spin_id);
    expect(r.body.data.claim).toMatchObject({ reward_kind: 'free_credit', amount: '100.00' });
    expect(await memberBalance(t.db, m.memberId, FREE_CREDIT_WALLET)).toBe(10_000);
    await expect(sql`UPDATE wheel_prize SET weight = 5 WHERE version = ${old}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`UPDATE wheel_spin SET prize_index = 0 WHERE id = ${s.spin_id}`.execute(t.db),
    ).rejects.toThrow(/keeps its draw/);
  });

  it('operators: content publishes (audited), finance may not; bad tables are refused in Thai and publish nothing', async () => {
    const content = await staffToken(t, 'content', clock);
    const finance = await staffToken(t, 'finance', clock);
    const versions = async () =>
      (await call<{ version: number }[]>(t.app, 'GET', '/api/admin/wheel/versions', { token: content })).body
        .data;
    const before = await versions();
    const body = { ...SETTINGS, prizes: DEFAULT_PRIZES };
    const denied = await call(t.app, 'POST', '/api/admin/wheel/versions', { token: finance, body });
    expect(denied.status).toBe(403);

    const zero = await call(t.app, 'POST', '/api/admin/wheel/versions', {
      token: content,
      body: { ...SETTINGS, prizes: DEFAULT_PRIZES.map((p) => ({ ...p, weight: 0 })) },
    });
    expect(zero.body).toMatchObject({
      code: 'WHEEL_TABLE_INVALID',
      message: 'ตารางรางวัลวงล้อไม่ถูกต้อง: น้ำหนักรวมของรางวัลต้องมากกว่า 0',
    });
    const one = await call(t.app, 'POST', '/api/admin/wheel/versions', {
      token: content,
      body: { ...SETTINGS, prizes: [DEFAULT_PRIZES[0]] },
    });
    expect(one.body.fields?.prizes).toBe('วงล้อต้องมีรางวัลอย่างน้อย 2 ช่อง');
    const huge = await call(t.app, 'POST', '/api/admin/wheel/versions', {
      token: content,
      body: { ...SETTINGS, prizes: [DEFAULT_PRIZES[0], { ...DEFAULT_PRIZES[5], amount: '100000.01' }] },
    });
    expect(huge.body.code).toBe('WHEEL_TABLE_INVALID');
    expect(await versions()).toEqual(before);

    const ok = await call<{ version: number; expected_free_credit: string }>(
      t.app,
      'POST',
      '/api/admin/wheel/versions',
      { token: content, body },
    );
    expect(ok.body.data).toMatchObject({
      version: before[0]!.version + 1,
      current: true,
      expected_free_credit: '12.75',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'wheel_version.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.entity_id).toBe(String(ok.body.data.version));

    const m = await member();
    const s = (await spinV2(m.token)).body.data;
    const spins = await call<{ items: { id: number; phone: string }[]; total: number }>(
      t.app,
      'GET',
      `/api/admin/wheel/spins?member_id=${m.memberId}`,
      { token: finance },
    );
    expect(spins.body.data).toMatchObject({ total: 1, items: [{ id: s.spin_id, phone: m.phone }] });
  });
});

describe('automatic credit after 24 h', () => {
  it('credits a prize left unclaimed for 24 h once, with runs in parallel and repeated', async () => {
    await rig(4);
    const m = await member();
    const s = (await spinV2(m.token)).body.data;
    const d = { db: t.db, clock, ledger: t.ledger };
    clock.advance(24 * 3_600_000 - 1_000);
    await creditUnclaimed(d);
    expect(await transfersWithKey(`wheel:${m.memberId}:${s.spin_id}`)).toBe(0);

    clock.advance(1_000);
    const due = Number(
      (
        await t.db
          .selectFrom('wheel_spin')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('rewarded_at', 'is', null)
          .where('created_at', '<=', clock.now())
          .executeTakeFirstOrThrow()
      ).n,
    );
    const [a, b] = await Promise.all([creditUnclaimed(d), creditUnclaimed(d)]);
    expect(a + b).toBe(due);
    expect(await creditUnclaimed(d)).toBe(0);
    expect(await transfersWithKey(`wheel:${m.memberId}:${s.spin_id}`)).toBe(1);
    expect(await memberBalance(t.db, m.memberId, FREE_CREDIT_WALLET)).toBe(10_000);
    const again = await reward(m.token, s.spin_id);
    expect(again.body.data).toMatchObject({ repeated: true, claim: { status: 'paid', amount: '100.00' } });
    expect(await memberBalance(t.db, m.memberId, FREE_CREDIT_WALLET)).toBe(10_000);
  });
});

describe('board', () => {
  it('the last prizes of 20 baht or more, names and phones masked', async () => {
    await rig(5);
    const m = await member('ทดสอบ กระดานรางวัล');
    const s = (await spinV2(m.token)).body.data;
    await rig(2); // 5 baht: not on the board
    const small = await member();
    const s5 = (await spinV2(small.token)).body.data;
    const r = await call<{ spin_id: number; name: string; phone: string; amount: string }[]>(
      t.app,
      'GET',
      '/api/wheel/board',
      { token: small.token },
    );
    expect(r.body.data.length).toBeLessThanOrEqual(20);
    expect(r.body.data[0]).toMatchObject({
      spin_id: s.spin_id,
      name: 'ทดสอบ ก***',
      phone: `${m.phone.slice(0, 2)}x-xxx-${m.phone.slice(-4)}`,
      amount: '1000.00',
      prize_label: 'เครดิตฟรี 1,000 บาท',
    });
    expect(r.body.data.some((x) => x.spin_id === s5.spin_id)).toBe(false);
    expect(r.body.data.every((x) => Number(x.amount) >= 20)).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain(m.phone);
    expect(JSON.stringify(r.body)).not.toContain('กระดานรางวัล');
  });

  it('masks names and phones', () => {
    expect(maskName('สมชาย ใจดี')).toBe('สมชาย ใ***');
    expect(maskName('  John   Smith ')).toBe('John S***');
    expect(maskName('สมชาย')).toBe('ส***');
    expect(maskName('')).toBe('สมาชิก');
    expect(maskPhone('0812345678')).toBe('08x-xxx-5678');
    expect(maskPhone('12')).toBe('xxx-xxx-xxxx');
  });
});

describe('books', () => {
  it('the ledger reconciles and every point balance equals the sum of its transfers', async () => {
    const r = await t.ledger.reconcile(t.db);
    expect(r.mismatches).toEqual([]);
    expect(r.net).toBe('0.00');
    const { rows } = await sql<{ member_id: number; balance: number; sum: number }>`
      SELECT a.member_id, a.balance, COALESCE(sum(p.amount), 0)::bigint AS sum
      FROM point_account a LEFT JOIN point_transfer p ON p.member_id = a.member_id
      GROUP BY a.member_id, a.balance`.execute(t.db);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((x) => Number(x.balance) !== Number(x.sum))).toEqual([]);
  });
});
