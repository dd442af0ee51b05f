import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import type { PaymentsDeps } from '../src/modules/payments/deps.ts';
import { gatewayRegistry } from '../src/modules/payments/gateway.ts';
import { settleDuePromotions } from '../src/modules/payments/sweep.ts';
import { isUniqueViolation } from '../src/platform/db.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import { launchToken, SIM } from './games-support.ts';
import { call, expectReconciled, type TestApp } from './helpers.ts';
import {
  basePaymentsDeps,
  type Deposit,
  generateQr,
  newMember,
  walletBalances,
  withdraw,
} from './payments-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * Deposit promotions end to end (docs/rules/engagement.md §1): the list with rules and eligibility,
 * the §1 example through the database, the checks at request and at confirmation, the one-active
 * index, the bonus wallet moving to main when turnover is met, the member's cancel (§1.5) and the
 * operator's promotions (create, new version, end) with roles and audit.
 */
let t: TestApp;
let finance: string;
let content: string;
let sim: ProviderSimulator;
let deps: PaymentsDeps;

beforeAll(async () => {
  ({ t, sim, finance, content } = await simSuiteApp({ staff: ['finance', 'content'] }));
  deps = {
    ...basePaymentsDeps(t, { now: () => new Date() }),
    gateways: gatewayRegistry(t.db, () => new Date(), { sandboxAllowed: true }),
    connectors: createConnectors({
      db: t.db,
      clock: { now: () => new Date() },
      env: {},
      key: null,
      previousKey: null,
    }),
    jobs: disabledJobs,
  };
});
afterAll(async () => {
  await t?.close();
});

interface Terms {
  kind: string;
  percent: number | null;
  cap: string | null;
  min_deposit: string;
  turnover_multiplier: number;
  categories: string[];
  lines: string[];
}
interface Listed {
  id: number;
  title: string;
  rules: Terms | null;
  eligible: boolean;
  reason: string | null;
}
interface Mine {
  active: {
    id: number;
    promotion_id: number;
    deposit: string;
    bonus: string;
    bonus_wallet: string;
    turnover: string;
    required_turnover: string;
    remaining_turnover: string;
    progress_percent: number;
    open_round: boolean;
    cancel_returns: string;
    cancel_forfeits: string;
    lines: string[];
  } | null;
  history: {
    id: number;
    status: string;
    status_label: string;
    released: string | null;
    forfeited: string | null;
  }[];
}
interface AdminPromotion {
  id: number;
  status: string;
  version: number;
  replaces_id: number | null;
  replaced_by: number | null;
  rules: Terms | null;
  taken: number;
  running: number;
}

const list = async (token?: string) =>
  (await call<Listed[]>(t.app, 'GET', '/api/promotion/list', token ? { token } : {})).body;
const mine = async (token: string) =>
  (await call<Mine>(t.app, 'GET', '/api/member/promotions', { token })).body.data;
const cancel = (token: string, id: number) =>
  call<{ status: string; released: string; forfeited: string; message: string }>(
    t.app,
    'POST',
    '/api/member/promotions/cancel',
    { token, body: { id } },
  );

let titleSeq = 0;
/**
 * A promotion created by the operator with a title only: every rule is the §1 default (percent, 20%,
 * cap 500, min 100, ×5, first of the day, 7 days) unless told otherwise.
 */
async function createPromotion(over: Record<string, unknown> = {}): Promise<AdminPromotion> {
  titleSeq += 1;
  const r = await call<AdminPromotion>(t.app, 'POST', '/api/admin/promotions', {
    token: content,
    body: { title: `โปรทดสอบ ${titleSeq}`, ...over },
  });
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data;
}

/**
 * A deposit request through the sandbox gateway, paid by it: in full by default (credited at once),
 * or `paid` baht (another amount: the request waits in review for the operator).
 */
async function depositPaid(
  token: string,
  amount: number,
  promotionId?: number,
  paid?: string,
): Promise<Deposit> {
  const d = await generateQr(t, token, {
    channel_id: 3,
    sub_channel_id: 2,
    amount,
    ...(promotionId ? { promotion_id: promotionId } : {}),
  });
  expect(d.body.error, d.body.message).toBe(0);
  const r = await call(t.app, 'POST', `/api/sandbox/payments/${d.body.data.gateway_ref}/pay`, {
    body: paid ? { amount: paid } : {},
  });
  expect(r.body.error).toBe(0);
  return d.body.data;
}

async function confirm(requestId: number) {
  const r = await call<{ outcome: string }>(
    t.app,
    'POST',
    `/api/admin/payments/deposits/${requestId}/confirm`,
    {
      token: finance,
      body: { bank_ref: `K-${requestId}` },
    },
  );
  expect(r.body.error, r.body.message).toBe(0);
  return r.body.data;
}

const baht = (s: number) => (s / 100).toFixed(2);

async function bet(memberId: number, wallet: 1 | 2, stake: string, win: string | null) {
  expect((await sim.authenticate(await launchToken(t, memberId, wallet))).status).toBe('OK');
  const player = String(memberId);
  const tx = randomUUID();
  expect((await sim.debit({ player, tx_id: tx, round_id: tx, game: SIM.game, amount: stake })).status).toBe(
    'OK',
  );
  if (win !== null) {
    const r = await sim.credit({
      player,
      tx_id: randomUUID(),
      bet_tx_id: tx,
      round_id: tx,
      game: SIM.game,
      amount: win,
    });
    expect(r.status).toBe('OK');
  }
  return tx;
}

async function memberPromotionRows(memberId: number) {
  return t.db
    .selectFrom('member_promotion')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function depositRequests(memberId: number) {
  return t.db
    .selectFrom('deposit_request')
    .select(['id', 'status'])
    .where('member_id', '=', memberId)
    .execute();
}

describe('GET /api/promotion/list', () => {
  it('lists each promotion with its rules in plain Thai and whether this member may take it', async () => {
    const p = await createPromotion();
    const m = await newMember(t);
    const body = await list(m.token);
    expect(body.error).toBe(0);
    const mineListed = body.data.find((x) => x.id === p.id)!;
    expect(mineListed).toMatchObject({ eligible: true, reason: null });
    expect(mineListed.rules).toMatchObject({
      kind: 'percent',
      percent: 20,
      cap: '500.00',
      min_deposit: '100.00',
      turnover_multiplier: 5,
      categories: ['ยิงปลา', 'ซื้อฟรีสปิน', 'สล็อต'],
    });
    expect(mineListed.rules!.lines).toEqual([
      'โบนัส 20% ของยอดฝาก สูงสุด 500 บาท',
      'ฝากขั้นต่ำ 100 บาท (ยอดฝากแรกของวัน)',
      'ทำเทิร์น 5 เท่าของ (ยอดฝาก + โบนัส)',
      'เล่นได้เฉพาะยิงปลา ซื้อฟรีสปิน และสล็อต',
      'ถอนได้ไม่จำกัดเมื่อทำเทิร์นครบ',
      'ต้องทำเทิร์นให้ครบภายใน 7 วัน',
    ]);
    // The demo's cashback promotion is no deposit promotion; a visitor is asked to sign in.
    const cashback = body.data.find((x) => x.title.includes('คืนยอดเสีย'))!;
    expect(cashback).toMatchObject({ rules: null, eligible: false, reason: 'โปรโมชั่นนี้ไม่ต้องเลือกตอนฝากเงิน' });
    const visitor = await list();
    expect(visitor.data.find((x) => x.id === p.id)).toMatchObject({
      eligible: false,
      reason: 'กรุณาเข้าสู่ระบบเพื่อรับโปรโมชั่น',
    });
    expect((await call(t.app, 'GET', '/api/promotion/list?agent_code=zzz')).body).toMatchObject({
      code: 'AGENT_NOT_FOUND',
    });
  });
});

describe('the §1 example through the database', () => {
  it('a 1,000 deposit earns a 200 bonus: 1,200 in the bonus wallet, a 6,000 requirement, three transfers', async () => {
    const p = await createPromotion();
    const m = await newMember(t);
    // The gateway pays exactly 1,000.00 instead of the request's pay amount (1,000.xx): the request
    // waits in review and the operator confirms the 1,000 that arrived.
    const d = await depositPaid(m.token, 1000, p.id, '1000.00');
    const row = await t.db
      .selectFrom('deposit_request')
      .select(['status', 'review_satang'])
      .where('id', '=', d.request_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'review', review_satang: 1000_00 });
    await confirm(d.request_id);

    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: 1200_00, 3: 0 });
    const [mp] = await memberPromotionRows(m.memberId);
    expect(mp).toMatchObject({
      promotion_id: p.id,
      deposit_request_id: d.request_id,
      deposit_satang: 1000_00,
      bonus_satang: 200_00,
      required_turnover_satang: 6000_00,
      status: 'active',
    });
    // §1.3: deposit → main, main → bonus (the deposit), sys:promo → bonus (the bonus).
    const transfers = await t.db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as c', 'c.id', 't.credit_account_id')
      .innerJoin('ledger_account as db', 'db.id', 't.debit_account_id')
      .select([
        't.kind',
        't.amount',
        'db.code as from',
        'db.wallet_type_id as from_wallet',
        'c.wallet_type_id as to_wallet',
      ])
      .where((eb) => eb.or([eb('c.member_id', '=', m.memberId), eb('db.member_id', '=', m.memberId)]))
      .orderBy('t.id')
      .execute();
    expect(transfers.map((x) => [x.kind, x.amount, x.from_wallet, x.to_wallet])).toEqual([
      ['deposit', 1000_00, null, 1],
      ['wallet_move', 1000_00, 1, 2],
      ['bonus', 200_00, null, 2],
    ]);
    expect(transfers[2]!.from).toBe('sys:promo');

    const view = await mine(m.token);
    expect(view.active).toMatchObject({
      id: mp!.id,
      promotion_id: p.id,
      deposit: '1000.00',
      bonus: '200.00',
      bonus_wallet: '1200.00',
      turnover: '0.00',
      required_turnover: '6000.00',
      remaining_turnover: '6000.00',
      progress_percent: 0,
      open_round: false,
      cancel_returns: '1000.00',
      cancel_forfeits: '200.00',
    });
    expect(view.active!.lines[0]).toBe('โบนัส 20% ของยอดฝาก สูงสุด 500 บาท');
    // One running promotion at a time: nothing else may be taken now.
    expect((await list(m.token)).data.find((x) => x.id === p.id)).toMatchObject({
      eligible: false,
      reason: 'มีโปรโมชั่นที่ยังทำเทิร์นไม่ครบอยู่',
    });
    await expectReconciled(t);
  });
});

describe('a promotion the member may not take', () => {
  it('is refused at request with the Thai reason, and no request is made', async () => {
    const daily = await createPromotion({ eligibility: 'first_of_day', min_deposit: '300' });
    const m = await newMember(t);
    const short = await generateQr(t, m.token, {
      channel_id: 3,
      sub_channel_id: 2,
      amount: 200,
      promotion_id: daily.id,
    });
    expect(short.body).toMatchObject({
      code: 'PROMOTION_MIN_DEPOSIT',
      message: 'โปรโมชั่นนี้ต้องฝากขั้นต่ำ 300 บาท',
    });

    await depositPaid(m.token, 500); // today's first deposit, without a promotion
    const listed = (await list(m.token)).data.find((x) => x.id === daily.id)!;
    expect(listed).toMatchObject({ eligible: false, reason: 'สำหรับยอดฝากแรกของวันเท่านั้น' });
    const before = await depositRequests(m.memberId);
    const refused = await generateQr(t, m.token, {
      channel_id: 3,
      sub_channel_id: 2,
      amount: 500,
      promotion_id: daily.id,
    });
    expect(refused.body).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      message: 'รับโปรโมชั่นนี้ไม่ได้: สำหรับยอดฝากแรกของวันเท่านั้น',
    });
    expect(await depositRequests(m.memberId)).toEqual(before);
    expect(await memberPromotionRows(m.memberId)).toEqual([]);
  });

  it('is checked again at confirmation: two deposits confirmed at once make one running promotion, the other a notice', async () => {
    const p = await createPromotion({ eligibility: 'every' });
    const m = await newMember(t);
    // The first request is cancelled (its amount stays reserved for a late payment), a second made.
    const first = (await generateQr(t, m.token, { channel_id: 1, amount: 300, promotion_id: p.id })).body
      .data;
    expect(
      (
        await call(t.app, 'POST', '/api/member/payment/cancel', {
          token: m.token,
          body: { request_id: first.request_id },
        })
      ).body.error,
    ).toBe(0);
    const second = (await generateQr(t, m.token, { channel_id: 1, amount: 400, promotion_id: p.id })).body
      .data;
    expect(second.request_id).toBeGreaterThan(0);
    // Both payments arrive and are confirmed at the same time.
    await Promise.all([confirm(first.request_id), confirm(second.request_id)]);

    const rows = await memberPromotionRows(m.memberId);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    const notices = await t.db
      .selectFrom('deposit_request')
      .select(['id', 'status', 'notice'])
      .where('member_id', '=', m.memberId)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => n.status)).toEqual(['paid', 'paid']);
    const withoutBonus = notices.filter((n) => n.notice !== null);
    expect(withoutBonus.map((n) => n.notice)).toEqual(['ไม่ได้รับโบนัส: มีโปรโมชั่นที่ยังทำเทิร์นไม่ครบอยู่']);
    expect(withoutBonus[0]!.id).not.toBe(rows[0]!.deposit_request_id);
    await expectReconciled(t);
  });

  it('the one-active index refuses a second running promotion even written directly', async () => {
    const p = await createPromotion({ eligibility: 'every' });
    const m = await newMember(t);
    const d = await depositPaid(m.token, 300, p.id);
    const [row] = await memberPromotionRows(m.memberId);
    const other = await depositPaid(m.token, 300);
    const err = await t.db
      .insertInto('member_promotion')
      .values({
        member_id: m.memberId,
        promotion_id: p.id,
        deposit_request_id: other.request_id,
        deposit_satang: 1,
        bonus_satang: 1,
        required_turnover_satang: 1,
        ends_at: new Date(),
      })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err, 'member_promotion_one_active')).toBe(true);
    expect(row!.deposit_request_id).toBe(d.request_id);
  });
});

describe('turnover met: the bonus wallet moves to main', () => {
  it('within the minute sweep, without the member doing anything', async () => {
    const p = await createPromotion({ eligibility: 'every', turnover_multiplier: 1 });
    const m = await newMember(t);
    const d = await depositPaid(m.token, 100, p.id);
    const deposit = Math.round(Number(d.pay_amount) * 100);
    const bonus = Math.floor(deposit / 5);
    const wallet = deposit + bonus;
    // Requirement (deposit + bonus) × 1: stake the whole bonus wallet once and win it back.
    await bet(m.memberId, 2, baht(wallet), baht(wallet));
    expect((await memberPromotionRows(m.memberId))[0]!.status).toBe('active');
    await settleDuePromotions(deps, new Date());
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: wallet, 2: 0, 3: 0 });
    expect((await memberPromotionRows(m.memberId))[0]).toMatchObject({
      status: 'completed',
      released_satang: wallet,
      forfeited_satang: 0,
    });
    const view = await mine(m.token);
    expect(view.active).toBeNull();
    expect(view.history[0]).toMatchObject({
      status: 'completed',
      status_label: 'ทำเทิร์นครบ',
      released: baht(wallet),
    });
    await expectReconciled(t);
  });
});

describe('the member cancels the running promotion (§1.5)', () => {
  it('min(bonus wallet, deposit) returns to main, the rest is forfeited; withdrawal opens again', async () => {
    const p = await createPromotion();
    const m = await newMember(t);
    const d = await depositPaid(m.token, 1000, p.id, '1000.00');
    await confirm(d.request_id);
    // Play a little from the bonus wallet and lose 150: 1,050 left.
    await bet(m.memberId, 2, '150.00', '0.00');
    const view = await mine(m.token);
    expect(view.active).toMatchObject({
      bonus_wallet: '1050.00',
      turnover: '150.00',
      progress_percent: 2,
      cancel_returns: '1000.00',
      cancel_forfeits: '50.00',
    });
    expect((await withdraw(t, m.token, 100)).body.code).toBe('TURNOVER_INCOMPLETE');

    const wrong = await cancel(m.token, view.active!.id + 1000);
    expect(wrong.body).toMatchObject({ code: 'PROMOTION_NOT_ACTIVE' });
    const done = await cancel(m.token, view.active!.id);
    expect(done.body.data).toEqual({
      status: 'cancelled',
      status_label: 'ยกเลิกแล้ว',
      released: '1000.00',
      forfeited: '50.00',
      message: 'ยกเลิกโปรโมชั่นแล้ว คืนเงิน 1,000 บาทเข้ากระเป๋าหลัก ส่วนที่เหลือ 50 บาทถูกตัดออกตามเงื่อนไข',
    });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 1000_00, 2: 0, 3: 0 });
    expect((await mine(m.token)).history[0]).toMatchObject({
      status: 'cancelled',
      released: '1000.00',
      forfeited: '50.00',
    });
    expect((await withdraw(t, m.token, 100)).body.error).toBe(0);
    // Cancelling again changes nothing.
    expect((await cancel(m.token, view.active!.id)).body.code).toBe('PROMOTION_NOT_ACTIVE');
    await expectReconciled(t);
  });

  it('waits for a round from the bonus wallet; 20 parallel cancels then cancel once (G1, G4)', async () => {
    const p = await createPromotion({ eligibility: 'every' });
    const m = await newMember(t);
    const d = await depositPaid(m.token, 300, p.id);
    const deposit = Math.round(Number(d.pay_amount) * 100);
    const wallet = deposit + Math.floor(deposit / 5);
    const open = await bet(m.memberId, 2, '10.00', null);
    const id = (await mine(m.token)).active!.id;
    const refused = await cancel(m.token, id);
    expect(refused.body).toMatchObject({
      code: 'PROMOTION_CANCEL_OPEN_ROUND',
      message: 'ยกเลิกโปรโมชั่นไม่ได้ระหว่างที่มีเกมจากกระเป๋าโบนัสรอผล กรุณารอให้เกมจบก่อน',
    });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: wallet - 10_00, 3: 0 });
    const player = String(m.memberId);
    expect(
      (
        await sim.credit({
          player,
          tx_id: randomUUID(),
          bet_tx_id: open,
          round_id: open,
          game: SIM.game,
          amount: '10.00',
        })
      ).status,
    ).toBe('OK');

    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(m.token, id)));
    const ok = answers.filter((a) => a.body.error === 0);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(10);
    expect(
      answers.every((a) => a.body.error === 0 || a.status === 429 || a.body.code === 'PROMOTION_NOT_ACTIVE'),
    ).toBe(true);
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: deposit, 2: 0, 3: 0 });
    const forfeits = await t.db
      .selectFrom('ledger_transfer')
      .select('amount')
      .where('idempotency_key', '=', `promotion:${id}:forfeit`)
      .execute();
    expect(forfeits.map((f) => f.amount)).toEqual([wallet - deposit]);
    await expectReconciled(t);
  });

  it('a met turnover completes the promotion instead of cancelling it', async () => {
    const p = await createPromotion({ eligibility: 'every', turnover_multiplier: 0 });
    const m = await newMember(t);
    const d = await depositPaid(m.token, 200, p.id);
    const deposit = Math.round(Number(d.pay_amount) * 100);
    const wallet = deposit + Math.floor(deposit / 5);
    const [row] = await memberPromotionRows(m.memberId);
    const r = await cancel(m.token, row!.id);
    expect(r.body.data).toMatchObject({ status: 'completed', released: baht(wallet), forfeited: '0.00' });
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: wallet, 2: 0, 3: 0 });
  });
});

describe('operator promotions: create, new version, end (roles and audit)', () => {
  it('a new version replaces the old one; a deposit that chose the old one before gets its terms', async () => {
    const v1 = await createPromotion({ eligibility: 'every' });
    expect(v1).toMatchObject({ status: 'active', version: 1, replaces_id: null, taken: 0 });
    const m = await newMember(t);
    const pending = (await generateQr(t, m.token, { channel_id: 1, amount: 500, promotion_id: v1.id })).body
      .data;

    const edit = await call<AdminPromotion>(t.app, 'POST', `/api/admin/promotions/${v1.id}/versions`, {
      token: content,
      body: { percent: 10 },
    });
    expect(edit.body.error, edit.body.message).toBe(0);
    const v2 = edit.body.data;
    expect(v2).toMatchObject({ status: 'active', version: 2, replaces_id: v1.id });
    expect(v2.rules).toMatchObject({
      percent: 10,
      cap: '500.00',
      min_deposit: '100.00',
      turnover_multiplier: 5,
    });
    const listed = (await list(m.token)).data.map((x) => x.id);
    expect(listed).toContain(v2.id);
    expect(listed).not.toContain(v1.id);
    // The old version can no longer be picked, nor edited again.
    const late = await generateQr(t, (await newMember(t)).token, {
      channel_id: 1,
      amount: 500,
      promotion_id: v1.id,
    });
    expect(late.body.code).toBe('PROMOTION_NOT_AVAILABLE');
    expect(
      (
        await call(t.app, 'POST', `/api/admin/promotions/${v1.id}/versions`, {
          token: content,
          body: { percent: 5 },
        })
      ).body.code,
    ).toBe('PROMOTION_NOT_EDITABLE');

    await confirm(pending.request_id);
    const pay = Math.round(Number(pending.pay_amount) * 100);
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: 0, 2: pay + Math.floor(pay / 5), 3: 0 });

    const all = (await call<AdminPromotion[]>(t.app, 'GET', '/api/admin/promotions', { token: finance })).body
      .data;
    expect(all.find((x) => x.id === v1.id)).toMatchObject({
      status: 'replaced',
      replaced_by: v2.id,
      taken: 1,
      running: 1,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['promotion.create', 'promotion.new_version'])
      .where('entity_id', '=', String(v1.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.new_version']);
  });

  it('an ended promotion is no longer offered; a deposit that chose it gets no bonus and a notice', async () => {
    const p = await createPromotion({ eligibility: 'every' });
    const m = await newMember(t);
    const pending = (await generateQr(t, m.token, { channel_id: 1, amount: 500, promotion_id: p.id })).body
      .data;
    const ended = await call<AdminPromotion>(t.app, 'POST', `/api/admin/promotions/${p.id}/end`, {
      token: content,
    });
    expect(ended.body.data).toMatchObject({ status: 'ended' });
    expect((await list(m.token)).data.map((x) => x.id)).not.toContain(p.id);
    await confirm(pending.request_id);
    const notice = await t.db
      .selectFrom('deposit_request')
      .select('notice')
      .where('id', '=', pending.request_id)
      .executeTakeFirstOrThrow();
    expect(notice.notice).toBe('ไม่ได้รับโบนัส: โปรโมชั่นนี้ปิดไปแล้ว');
    expect(await memberPromotionRows(m.memberId)).toEqual([]);
    expect(
      (await call(t.app, 'POST', `/api/admin/promotions/${p.id}/end`, { token: content })).body.code,
    ).toBe('PROMOTION_NOT_EDITABLE');
  });

  it('only owner and content edit; bad rules get Thai field messages and change nothing', async () => {
    const body = { title: 'โปรห้ามสร้าง', kind: 'percent', percent: 20 };
    expect((await call(t.app, 'POST', '/api/admin/promotions', { token: finance, body })).status).toBe(403);
    const m = await newMember(t);
    expect((await call(t.app, 'POST', '/api/admin/promotions', { token: m.token, body })).status).toBe(401);
    const fixed = await call(t.app, 'POST', '/api/admin/promotions', {
      token: content,
      body: { title: 'โปรไม่มีโบนัส', kind: 'fixed' },
    });
    expect(fixed.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { fixed_bonus: 'กรุณาระบุจำนวนโบนัส' },
    });
    const nothing = await call(t.app, 'POST', '/api/admin/promotions/1/versions', {
      token: content,
      body: {},
    });
    expect(nothing.body.code).toBe('VALIDATION_FAILED');
    const titles = await t.db
      .selectFrom('promotion')
      .select('title')
      .where('title', 'in', ['โปรห้ามสร้าง', 'โปรไม่มีโบนัส'])
      .execute();
    expect(titles).toEqual([]);
  });
});
