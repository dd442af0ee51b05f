import { redemptionCalc, redemptionRedeem } from '@chok/contract/api/shop';
import { type ErrorCode, errorCatalogue, errorMessage } from '@chok/contract/errors';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePoints } from '../src/modules/points/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import {
  type ApiAnswer,
  auditRows,
  call,
  createTestApp,
  FixedClock,
  registerMember,
  staffToken,
  type TestApp,
} from './helpers.ts';

// The point shop, docs/rules/engagement.md §8, against the real database.

// 23:45 Bangkok on 31 March: the monthly-limit test moves the clock into April (sessions stay alive).
const clock = new FixedClock(new Date('2026-03-31T16:45:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

interface Member {
  token: string;
  memberId: number;
}

const THAI = 'กขคงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ';
let nameSeq = 0;
/** A member with a bank-account name of their own (a shared one is flagged by G5). */
async function member(points = 0): Promise<Member> {
  nameSeq += 1;
  const n = nameSeq;
  const suffix = `${THAI[n % THAI.length]}${THAI[Math.floor(n / THAI.length) % THAI.length]}${THAI[(n * 7) % THAI.length]}`;
  const m = await registerMember(t, { account_name: `ทดสอบ ร้าน${suffix}` });
  if (points > 0) await givePoints(m.memberId, points);
  return m;
}

let grantSeq = 0;
async function givePoints(memberId: number, amount: number): Promise<void> {
  grantSeq += 1;
  await inTransaction(t.db, (tx) =>
    changePoints(tx, {
      memberId,
      amount,
      kind: 'adjustment',
      reference: 'ทดสอบ',
      key: `test:shop:${memberId}:${grantSeq}`,
    }),
  );
}

async function pointsOf(m: Member): Promise<number> {
  const r = await call<{ point: number }>(t.app, 'POST', '/api/member/points', { token: m.token });
  expect(r.body.error).toBe(0);
  return r.body.data.point;
}

async function walletsOf(m: Member): Promise<Record<number, string>> {
  const r = await call<{ wallet_type_id: number; balance: string }[]>(t.app, 'POST', '/api/member/wallets', {
    token: m.token,
  });
  return Object.fromEntries(r.body.data.map((w) => [w.wallet_type_id, w.balance]));
}

interface Quote {
  quote_id: string;
  cost: number;
  balance: number;
  balance_after: number;
  expires_at: string;
  credit: { wallet: string; amount: string } | null;
}
interface Order {
  id: number;
  status: string;
  status_label: string;
  points: number;
  reward_status: string | null;
}

const calc = (m: Member, itemId: number, quantity = 1) =>
  call<Quote>(t.app, 'POST', '/api/redemption/calc', {
    token: m.token,
    body: { item_id: itemId, quantity },
  });

async function quoteOf(m: Member, itemId: number, quantity = 1): Promise<Quote> {
  const r = await calc(m, itemId, quantity);
  expect(r.body.message).toBe('');
  return r.body.data;
}

const redeem = (m: Member, quoteId: string, extra: Record<string, string> = {}) =>
  call<{ order: Order; point: number }>(t.app, 'POST', '/api/redemption/redeem', {
    token: m.token,
    body: { quote_id: quoteId, ...extra },
  });

const ADDRESS = {
  ship_name: 'สมชาย ทดสอบ',
  ship_phone: '0812345678',
  ship_address: '99/1 ถ.สุขุมวิท กรุงเทพฯ 10110',
};

async function admin<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  who: 'content' | 'support' | 'finance' = 'content',
): Promise<ApiAnswer<T>> {
  const token = await staffToken(t, who, clock);
  return call<T>(t.app, method, url, { token, ...(body === undefined ? {} : { body }) });
}

interface AdminItem {
  id: number;
  price_points: number;
  price_version: number;
  stock: number | null;
}
async function newItem(fields: Record<string, unknown>): Promise<AdminItem> {
  const r = await admin<AdminItem>('POST', '/api/admin/shop/items', {
    kind: 'goods',
    title: 'ของรางวัลทดสอบ',
    price_points: 100,
    ...fields,
  });
  expect(r.body.message).toBe('');
  return r.body.data;
}

async function itemRow(id: number) {
  return t.db.selectFrom('shop_item').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function ordersOf(memberId: number) {
  return t.db.selectFrom('shop_order').selectAll().where('member_id', '=', memberId).execute();
}

/** Refused with the catalogue's code and its Thai message (its `{name}` filled from `params`). */
function refused(r: ApiAnswer, code: ErrorCode, params: Record<string, number> = {}): void {
  expect(r.status).toBe(errorCatalogue[code].status);
  expect(r.body.code).toBe(code);
  expect(r.body.message).toBe(errorMessage(code, params));
}

/** Every ledger balance and every point balance equals the sum of its transfers. */
async function balancesMatchTransfers(): Promise<void> {
  const ledger = await t.ledger.reconcile(t.db);
  expect(ledger.mismatches).toEqual([]);
  expect(ledger.net).toBe('0.00');
  const { rows } = await sql<{ member_id: number; balance: number; sum: number | null }>`
    SELECT a.member_id, a.balance, (SELECT sum(amount) FROM point_transfer p WHERE p.member_id = a.member_id)::bigint AS sum
    FROM point_account a`.execute(t.db);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((r) => r.balance !== (r.sum ?? 0))).toEqual([]);
}

let freeVoucher: number;
let mainVoucher: number;

describe('the shop list', () => {
  it('offers the two seeded default vouchers with the member points', async () => {
    const m = await member(700);
    const r = await call<{
      point: number;
      month: string;
      items: {
        id: number;
        kind: string;
        price_points: number;
        stock: number | null;
        voucher: unknown;
        monthly_left: number;
      }[];
    }>(t.app, 'GET', '/api/redemption/list', { token: m.token });
    expect(r.body.error).toBe(0);
    expect(r.body.data.point).toBe(700);
    expect(r.body.data.month).toBe('2026-03');
    const vouchers = r.body.data.items.filter((i) => i.kind === 'voucher');
    expect(vouchers.map((v) => [v.price_points, v.stock, v.voucher, v.monthly_left])).toEqual([
      [500, null, { wallet: 'free_credit', wallet_name: 'เครดิตฟรี', amount: '20.00' }, 5],
      [2000, null, { wallet: 'main', wallet_name: 'กระเป๋าหลัก', amount: '100.00' }, 5],
    ]);
    [freeVoucher, mainVoucher] = vouchers.map((v) => v.id) as [number, number];
  });

  it('answers a visitor 401 and a member only the active items', async () => {
    expect((await call(t.app, 'GET', '/api/redemption/list')).status).toBe(401);
    const retired = await newItem({ title: 'ของที่เลิกแลกแล้ว', active: false });
    const m = await member();
    const r = await call<{ items: { id: number }[] }>(t.app, 'GET', '/api/redemption/list', {
      token: m.token,
    });
    expect(r.body.data.items.map((i) => i.id)).not.toContain(retired.id);
    refused(await calc(m, retired.id), 'SHOP_ITEM_NOT_FOUND');
    refused(await calc(m, 999_999), 'SHOP_ITEM_NOT_FOUND');
  });
});

describe('calc and redeem a voucher', () => {
  it('quotes the cost and the balance after, valid 60 s, and changes nothing', async () => {
    const m = await member(2_500);
    const q = await quoteOf(m, mainVoucher, 1);
    expect(q).toMatchObject({
      cost: 2_000,
      balance: 2_500,
      balance_after: 500,
      credit: { wallet: 'main', amount: '100.00' },
      expires_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    expect(await pointsOf(m)).toBe(2_500);
    expect(await ordersOf(m.memberId)).toEqual([]);
  });

  it('pays 100 baht to main for 2,000 points, once, and shows it in the history', async () => {
    const m = await member(2_500);
    const before = await walletsOf(m);
    const q = await quoteOf(m, mainVoucher);
    const r = await redeem(m, q.quote_id);
    expect(r.body.message).toBe('');
    expect(r.body.data.point).toBe(500);
    expect(r.body.data.order).toMatchObject({
      status: 'completed',
      status_label: 'แลกสำเร็จ',
      points: 2_000,
      reward_status: 'paid',
      credit: { wallet: 'main', amount: '100.00' },
    });
    expect(await pointsOf(m)).toBe(500);
    expect((await walletsOf(m))[1]).toBe((Number(before[1]) + 100).toFixed(2));
    const h = await call<{ items: Order[]; total: number }>(t.app, 'GET', '/api/redemption/history', {
      token: m.token,
    });
    expect(h.body.data.total).toBe(1);
    expect(h.body.data.items[0]).toMatchObject({ id: r.body.data.order.id, status_label: 'แลกสำเร็จ' });
    const statement = await call<{ items: { kind: string; amount: number; description: string }[] }>(
      t.app,
      'GET',
      '/api/member/points/history',
      { token: m.token },
    );
    expect(statement.body.data.items[0]).toMatchObject({
      kind: 'shop',
      amount: -2_000,
      description: 'แลกแต้ม: เงินเข้ากระเป๋าหลัก 100 บาท',
    });
  });

  it('credits 20 baht free credit under its turnover rule (×5) for 500 points', async () => {
    const m = await member(1_000);
    const q = await quoteOf(m, freeVoucher, 2);
    expect(q).toMatchObject({
      cost: 1_000,
      balance_after: 0,
      credit: { wallet: 'free_credit', amount: '40.00' },
    });
    const r = await redeem(m, q.quote_id);
    expect(r.body.message).toBe('');
    expect((await walletsOf(m))[3]).toBe('40.00');
    const fc = await call<{ requirement: string; cap: string }>(t.app, 'GET', '/api/member/free-credit', {
      token: m.token,
    });
    expect(fc.body.data).toMatchObject({ requirement: '200.00', cap: '300.00' });
  });

  it('holds the credit of a flagged member (G5) for an operator; the points are spent, and come back if the operator rejects it', async () => {
    const name = 'ทดสอบ บัญชีซ้ำร้านค้า';
    await registerMember(t, { account_name: name });
    const flagged = await registerMember(t, { account_name: name });
    await givePoints(flagged.memberId, 2_000);
    const q = await quoteOf(flagged, mainVoucher);
    const r = await redeem(flagged, q.quote_id);
    expect(r.body.data.order).toMatchObject({
      status: 'completed',
      reward_status: 'held',
      status_label: 'รอตรวจสอบก่อนเข้ากระเป๋า',
    });
    expect((await walletsOf(flagged))[1]).toBe('0.00');
    expect(await pointsOf(flagged)).toBe(0);
    const holds = await admin<{
      items: { id: number; member_id: number; feature: string; amount: string }[];
    }>('GET', '/api/admin/rewards/holds', undefined, 'finance');
    expect(holds.body.data.items).toContainEqual(
      expect.objectContaining({ member_id: flagged.memberId, feature: 'shop', amount: '100.00' }),
    );
    const orders = await admin<{ items: { id: number; reward_status: string; phone: string }[] }>(
      'GET',
      '/api/admin/shop/orders?kind=voucher',
      undefined,
      'support',
    );
    expect(orders.body.data.items).toContainEqual(
      expect.objectContaining({ id: r.body.data.order.id, reward_status: 'held', phone: flagged.phone }),
    );
    // Rejected: nothing credited, the points returned once (a second rejection finds no hold).
    const hold = holds.body.data.items.find((h) => h.member_id === flagged.memberId)!;
    const rejected = await admin(
      'POST',
      `/api/admin/rewards/holds/${hold.id}/reject`,
      { reason: 'บัญชีซ้ำ' },
      'finance',
    );
    expect(rejected.body.error, rejected.body.message).toBe(0);
    expect(await pointsOf(flagged)).toBe(2_000);
    expect((await walletsOf(flagged))[1]).toBe('0.00');
    const again = await admin(
      'POST',
      `/api/admin/rewards/holds/${hold.id}/reject`,
      { reason: 'ซ้ำ' },
      'finance',
    );
    expect(again.body.code).toBe('REWARD_HOLD_NOT_OPEN');
    expect(await pointsOf(flagged)).toBe(2_000);
  });

  it('refuses too few points at calc and at redeem, in Thai, changing nothing', async () => {
    const m = await member(499);
    refused(await calc(m, freeVoucher), 'POINTS_INSUFFICIENT');
    await givePoints(m.memberId, 1);
    const q = await quoteOf(m, freeVoucher);
    // The points go elsewhere between the quote and the redeem.
    await givePoints(m.memberId, -300);
    refused(await redeem(m, q.quote_id), 'POINTS_INSUFFICIENT');
    expect(await pointsOf(m)).toBe(200);
    expect(await ordersOf(m.memberId)).toEqual([]);
    expect((await walletsOf(m))[3]).toBe('0.00');
  });

  it('refuses bad input with a Thai message', async () => {
    const m = await member(1_000);
    for (const [quantity, code] of [
      [0, 'VALIDATION_FAILED'],
      [-1, 'VALIDATION_FAILED'],
      ['2x', 'VALIDATION_FAILED'],
      [1.5, 'MALFORMED_REQUEST'],
    ] as const) {
      const r = await calc(m, freeVoucher, quantity as number);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(/[ก-๙]/);
    }
    const bad = await redeem(m, 'not-a-quote');
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toMatch(/[ก-๙]/);
    refused(await redeem(m, '3f1c1a9e-8d1e-4c47-9d0c-2f8f7c1f0a11'), 'SHOP_QUOTE_NOT_FOUND');
    // Another member's quote is no quote of this member.
    const other = await member(1_000);
    const theirs = await quoteOf(other, freeVoucher);
    refused(await redeem(m, theirs.quote_id), 'SHOP_QUOTE_NOT_FOUND');
    expect(await pointsOf(m)).toBe(1_000);
    expect(await pointsOf(other)).toBe(1_000);
  });
});

describe('single-use quotes valid 60 s', () => {
  it('refuses an expired quote (server clock +61 s) in Thai and changes nothing', async () => {
    const m = await member(2_000);
    const goods = await newItem({ title: 'หมวกโชค', price_points: 400, stock: 3 });
    const q = await quoteOf(m, goods.id);
    clock.advance(61_000);
    refused(await redeem(m, q.quote_id, ADDRESS), 'SHOP_QUOTE_EXPIRED');
    expect(await pointsOf(m)).toBe(2_000);
    expect(await ordersOf(m.memberId)).toEqual([]);
    expect((await itemRow(goods.id)).stock).toBe(3);
    const counts = await t.db
      .selectFrom('shop_monthly_count')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .execute();
    expect(counts).toEqual([]);
  });

  it('refuses a used quote in Thai and changes nothing', async () => {
    const m = await member(2_000);
    const goods = await newItem({ title: 'ร่มโชค', price_points: 400, stock: 3 });
    const q = await quoteOf(m, goods.id);
    expect((await redeem(m, q.quote_id, ADDRESS)).body.message).toBe('');
    refused(await redeem(m, q.quote_id, ADDRESS), 'SHOP_QUOTE_USED');
    expect(await pointsOf(m)).toBe(1_600);
    expect(await ordersOf(m.memberId)).toHaveLength(1);
    expect((await itemRow(goods.id)).stock).toBe(2);
  });

  it('20 parallel redeems of one quote by one member make one order and pay once', async () => {
    const m = await member(2_000);
    const before = await walletsOf(m);
    const q = await quoteOf(m, mainVoucher);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(m, q.quote_id)));
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.error !== 0)) {
      expect(['SHOP_QUOTE_USED', 'RATE_LIMITED']).toContain(a.body.code);
      expect(a.body.message).toMatch(/[ก-๙]/);
    }
    expect(await ordersOf(m.memberId)).toHaveLength(1);
    expect(await pointsOf(m)).toBe(0);
    expect((await walletsOf(m))[1]).toBe((Number(before[1]) + 100).toFixed(2));
  });

  it('refuses a quote after the price changed, even back to the quoted price', async () => {
    const m = await member(5_000);
    const goods = await newItem({ title: 'พวงกุญแจโชค', price_points: 500 });
    const q1 = await quoteOf(m, goods.id);
    const edited = await admin<AdminItem>('PUT', `/api/admin/shop/items/${goods.id}`, { price_points: 600 });
    expect(edited.body.data).toMatchObject({ price_points: 600, price_version: 2 });
    refused(await redeem(m, q1.quote_id, ADDRESS), 'SHOP_PRICE_CHANGED');

    const q2 = await quoteOf(m, goods.id);
    expect(q2.cost).toBe(600);
    await admin('PUT', `/api/admin/shop/items/${goods.id}`, { price_points: 500 });
    await admin('PUT', `/api/admin/shop/items/${goods.id}`, { price_points: 600 });
    refused(await redeem(m, q2.quote_id, ADDRESS), 'SHOP_PRICE_CHANGED');
    expect((await itemRow(goods.id)).price_version).toBe(4);

    // Other edits keep the price and its version: the quote stands.
    const q3 = await quoteOf(m, goods.id);
    const renamed = await admin<AdminItem>('PUT', `/api/admin/shop/items/${goods.id}`, {
      title: 'พวงกุญแจโชครุ่นใหม่',
      price_points: 600,
    });
    expect(renamed.body.data.price_version).toBe(4);
    expect((await redeem(m, q3.quote_id, ADDRESS)).body.data.order.points).toBe(600);
    expect(await pointsOf(m)).toBe(4_400);
  });
});

describe('stock', () => {
  it('an item with stock 5 and 50 parallel buyers sells exactly 5', async () => {
    const goods = await newItem({ title: 'ตุ๊กตาโชค', price_points: 300, stock: 5 });
    const buyers: Member[] = [];
    for (let i = 0; i < 50; i += 10) {
      buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => member(1_000)))));
    }
    const quotes = await Promise.all(buyers.map((b) => quoteOf(b, goods.id)));
    const answers = await Promise.all(buyers.map((b, i) => redeem(b, quotes[i]!.quote_id, ADDRESS)));
    const sold = answers.filter((a) => a.body.error === 0);
    expect(sold).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.error !== 0)) refused(a, 'SHOP_OUT_OF_STOCK');
    expect((await itemRow(goods.id)).stock).toBe(0);
    const orders = await t.db
      .selectFrom('shop_order')
      .select('member_id')
      .where('item_id', '=', goods.id)
      .execute();
    expect(orders).toHaveLength(5);
    const points = await Promise.all(buyers.map((b) => pointsOf(b)));
    expect(points.filter((p) => p === 700)).toHaveLength(5);
    expect(points.filter((p) => p === 1_000)).toHaveLength(45);
    refused(await calc(buyers[0]!, goods.id), 'SHOP_OUT_OF_STOCK');
  });

  it('the operator restocks in one statement and cannot take below zero (audited)', async () => {
    const goods = await newItem({ title: 'สติกเกอร์โชค', price_points: 50, stock: 2 });
    const r = await admin<AdminItem>('POST', `/api/admin/shop/items/${goods.id}/stock`, { add: 8 });
    expect(r.body.data.stock).toBe(10);
    const tooMany = await admin('POST', `/api/admin/shop/items/${goods.id}/stock`, { add: -11 });
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');
    expect(tooMany.body.fields?.add).toMatch(/[ก-๙]/);
    expect((await itemRow(goods.id)).stock).toBe(10);
    const audit = await auditRows(t, { entity: 'shop_item', entityId: goods.id }, ['action', 'after']);
    expect(audit.map((a) => a.action)).toEqual(['shop_item.create', 'shop_item.stock']);
  });
});

describe('monthly limit: 5 of an item a member a Bangkok month', () => {
  it('refuses past the limit at calc and at redeem, and opens again next month', async () => {
    const m = await member(10_000);
    const goods = await newItem({ title: 'แก้วกาแฟโชค', price_points: 100 });
    refused(await calc(m, goods.id, 6), 'SHOP_MONTHLY_LIMIT', { limit: 5 });
    const a = await quoteOf(m, goods.id, 3);
    const b = await quoteOf(m, goods.id, 3);
    expect((await redeem(m, a.quote_id, ADDRESS)).body.message).toBe('');
    refused(await redeem(m, b.quote_id, ADDRESS), 'SHOP_MONTHLY_LIMIT', { limit: 5 });
    refused(await calc(m, goods.id, 3), 'SHOP_MONTHLY_LIMIT', { limit: 5 });
    expect(await pointsOf(m)).toBe(9_700);
    const c = await quoteOf(m, goods.id, 2);
    expect((await redeem(m, c.quote_id, ADDRESS)).body.message).toBe('');
    refused(await calc(m, goods.id, 1), 'SHOP_MONTHLY_LIMIT', { limit: 5 });
    const scarce = await newItem({ title: 'บัตรคอนเสิร์ตโชค', price_points: 100, monthly_limit: 2 });
    refused(await calc(m, scarce.id, 3), 'SHOP_MONTHLY_LIMIT', { limit: 2 });
    // 1 April 2026 00:00 Bangkok is 31 March 17:00 UTC.
    clock.advance(new Date('2026-03-31T17:00:00Z').getTime() - clock.now().getTime());
    const list = await call<{ month: string; items: { id: number; monthly_left: number }[] }>(
      t.app,
      'GET',
      '/api/redemption/list',
      { token: m.token },
    );
    expect(list.body.data.month).toBe('2026-04');
    expect(list.body.data.items.find((i) => i.id === goods.id)?.monthly_left).toBe(5);
    const next = await quoteOf(m, goods.id, 5);
    expect((await redeem(m, next.quote_id, ADDRESS)).body.message).toBe('');
  });

  it('8 parallel redeems of one unit each pass the limit exactly 5 times', async () => {
    const m = await member(10_000);
    const goods = await newItem({ title: 'ผ้าเช็ดตัวโชค', price_points: 100 });
    const quotes: Quote[] = [];
    for (let i = 0; i < 8; i++) quotes.push(await quoteOf(m, goods.id, 1));
    const answers = await Promise.all(quotes.map((q) => redeem(m, q.quote_id, ADDRESS)));
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.error !== 0)) refused(a, 'SHOP_MONTHLY_LIMIT', { limit: 5 });
    expect(await pointsOf(m)).toBe(9_500);
    const count = await t.db
      .selectFrom('shop_monthly_count')
      .select('qty')
      .where('member_id', '=', m.memberId)
      .where('item_id', '=', goods.id)
      .executeTakeFirstOrThrow();
    expect(count.qty).toBe(5);
  });
});

describe('goods orders', () => {
  it('asks for an address, then moves requested → shipped → delivered (audited)', async () => {
    const m = await member(1_000);
    const goods = await newItem({ title: 'กระเป๋าผ้าโชค', price_points: 400, stock: 4 });
    const q = await quoteOf(m, goods.id);
    const noAddress = await redeem(m, q.quote_id);
    expect(noAddress.body.code).toBe('VALIDATION_FAILED');
    expect(noAddress.body.fields?.ship_address).toBe('กรุณากรอกที่อยู่สำหรับจัดส่งของรางวัล');
    expect((await itemRow(goods.id)).stock).toBe(4);
    const r = await redeem(m, q.quote_id, { ...ADDRESS, note: 'ฝากไว้ที่ป้อมยาม' });
    expect(r.body.data.order).toMatchObject({
      status: 'requested',
      status_label: 'รอจัดส่ง',
      reward_status: null,
    });
    const id = r.body.data.order.id;

    const list = await admin<{ items: { id: number; phone: string; ship_address: string }[] }>(
      'GET',
      '/api/admin/shop/orders?status=requested',
      undefined,
      'support',
    );
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ id, ship_address: ADDRESS.ship_address }),
    );
    refused(
      await admin('POST', `/api/admin/shop/orders/${id}/deliver`, {}, 'support'),
      'SHOP_ORDER_ILLEGAL_MOVE',
    );
    const shipped = await admin<Order & { tracking: string }>(
      'POST',
      `/api/admin/shop/orders/${id}/ship`,
      { tracking: 'TH123456789' },
      'support',
    );
    expect(shipped.body.data).toMatchObject({
      status: 'shipped',
      status_label: 'จัดส่งแล้ว',
      tracking: 'TH123456789',
    });
    const delivered = await admin<Order>('POST', `/api/admin/shop/orders/${id}/deliver`, {}, 'support');
    expect(delivered.body.data.status_label).toBe('ได้รับของแล้ว');
    refused(
      await admin('POST', `/api/admin/shop/orders/${id}/cancel`, { reason: 'ลูกค้าขอยกเลิก' }, 'support'),
      'SHOP_ORDER_ILLEGAL_MOVE',
    );
    expect(await pointsOf(m)).toBe(600);
    const audit = await auditRows(t, { entity: 'shop_order', entityId: id }, ['action']);
    expect(audit.map((a) => a.action)).toEqual(['shop_order.ship', 'shop_order.deliver']);
    expect((await admin('GET', '/api/admin/shop/orders', undefined, 'finance')).status).toBe(403);
  });

  it('a cancel refunds the points once, however often it is sent', async () => {
    const m = await member(1_000);
    const goods = await newItem({ title: 'หมอนโชค', price_points: 700, stock: 2 });
    const q = await quoteOf(m, goods.id);
    const id = (await redeem(m, q.quote_id, ADDRESS)).body.data.order.id;
    expect(await pointsOf(m)).toBe(300);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin<Order>('POST', `/api/admin/shop/orders/${id}/cancel`, { reason: 'สินค้าหมดจากผู้ผลิต' }, 'support'),
      ),
    );
    expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.error !== 0)) refused(a, 'SHOP_ORDER_ILLEGAL_MOVE');
    expect(await pointsOf(m)).toBe(1_000);
    const h = await call<{ items: Order[] }>(t.app, 'GET', '/api/redemption/history', { token: m.token });
    expect(h.body.data.items[0]).toMatchObject({
      status: 'cancelled',
      status_label: 'ยกเลิกแล้ว คืนแต้มเรียบร้อย',
    });
    const refunds = await t.db
      .selectFrom('point_transfer')
      .select(['amount', 'kind'])
      .where('member_id', '=', m.memberId)
      .where('kind', '=', 'shop_refund')
      .execute();
    expect(refunds).toEqual([{ amount: 700, kind: 'shop_refund' }]);
  });

  it('a voucher order cannot be moved', async () => {
    const m = await member(500);
    const q = await quoteOf(m, freeVoucher);
    const id = (await redeem(m, q.quote_id)).body.data.order.id;
    refused(
      await admin('POST', `/api/admin/shop/orders/${id}/ship`, {}, 'support'),
      'SHOP_ORDER_ILLEGAL_MOVE',
    );
    refused(
      await admin('POST', `/api/admin/shop/orders/${id}/cancel`, { reason: 'ทดสอบ' }, 'support'),
      'SHOP_ORDER_ILLEGAL_MOVE',
    );
    expect(await pointsOf(m)).toBe(0);
  });
});

describe('operator items', () => {
  it('checks a voucher names its wallet and amount, and only content or owner edit items (audited)', async () => {
    const noWallet = await admin('POST', '/api/admin/shop/items', {
      kind: 'voucher',
      title: 'คูปองไม่มีกระเป๋า',
      price_points: 100,
    });
    expect(noWallet.body.code).toBe('VALIDATION_FAILED');
    expect(noWallet.body.fields?.voucher_wallet).toMatch(/[ก-๙]/);
    const goodsWithMoney = await admin('POST', '/api/admin/shop/items', {
      kind: 'goods',
      title: 'สินค้ามีเงิน',
      price_points: 100,
      voucher_wallet: 'main',
      voucher_amount: '10',
    });
    expect(goodsWithMoney.body.code).toBe('VALIDATION_FAILED');
    const v = await newItem({
      kind: 'voucher',
      title: 'เครดิตฟรี 5 บาท',
      voucher_wallet: 'free_credit',
      voucher_amount: '5',
    });
    expect(v).toMatchObject({ voucher_amount: '5.00', stock: null, price_version: 1 });
    expect(
      (
        await admin(
          'POST',
          '/api/admin/shop/items',
          { kind: 'goods', title: 'x', price_points: 1 },
          'finance',
        )
      ).status,
    ).toBe(403);
    const audit = await auditRows(t, { entity: 'shop_item', entityId: v.id }, ['action']);
    expect(audit.map((a) => a.action)).toEqual(['shop_item.create']);
  });
});

describe('guards', () => {
  it('G4: more than 10 calcs a minute by one member are answered 429 and leave no quote', async () => {
    const m = await member(5_000);
    // 21 at once: even when a minute ends among them, two windows of 10 cannot take them all.
    const answers = await Promise.all(Array.from({ length: 21 }, () => calc(m, freeVoucher)));
    const ok = answers.filter((a) => a.status === 200 && a.body.error === 0);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok.length + limited.length).toBe(21);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(ok.length).toBeLessThanOrEqual(20);
    for (const a of limited) refused(a, 'RATE_LIMITED');
    const quotes = await t.db
      .selectFrom('shop_quote')
      .select('id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(quotes).toHaveLength(ok.length);
    // Both member writes of the shop carry the quota.
    expect([redemptionCalc.memberWritesPerMinute, redemptionRedeem.memberWritesPerMinute]).toEqual([10, 10]);
  });

  it('every ledger and point balance equals the sum of its transfers', async () => {
    await balancesMatchTransfers();
  });
});
