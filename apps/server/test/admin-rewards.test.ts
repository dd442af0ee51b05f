import type * as api from '@chok/contract/api/admin-rewards';
import type { DataOf } from '@chok/contract/endpoint';
import { addDays, bangkokDate, bangkokTime } from '@chok/engine/bangkok-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { settledSimRound, simSession } from './games-support.ts';
import { call, FixedClock, LONG_SESSIONS, registerMember, type TestApp } from './helpers.ts';
import { fund } from './lotto-fixtures.ts';
import { simSuiteApp } from './suite-app.ts';

/**
 * The console's rewards and content reads (packages/contract/src/api/admin-rewards.ts): cashback and
 * turnover commission per day and member by member (docs/rules/engagement.md §3, §4), coupon codes
 * and uses over all campaigns (§2), the agent config form — each paged the console's way, with its
 * roles, and figures checked against the database's own rows.
 */

let t: TestApp;
let sim: ProviderSimulator;
const clock = new FixedClock(new Date());
/** The day of all play (Bangkok, by the real clock the database stamps settling times with). */
const D = bangkokDate(new Date());
let tokens: Record<'owner' | 'content' | 'finance' | 'support' | 'lotto', string>;
type Member = Awaited<ReturnType<typeof registerMember>>;
const m: Record<string, Member> = {};
let seq = 0;
const _id = (p: string) => `${p}-${process.pid}-${++seq}`;

type Days = DataOf<typeof api.adminCashbackDays>;
type Payouts = DataOf<typeof api.adminCashbackPayouts>;
type Codes = DataOf<typeof api.adminCouponCodeSearch>;
type Uses = DataOf<typeof api.adminCouponUses>;

async function member(name: string, baht: number, accountName: string): Promise<Member> {
  const x = await registerMember(t, { account_name: accountName });
  if (baht > 0) await fund(t, x.memberId, baht);
  m[name] = x;
  return x;
}

/** One settled slot round on the main wallet: `stake` baht lost. */
async function lose(who: Member, stake: string) {
  await simSession(t, sim, who.memberId, 1, clock.now());
  await settledSimRound(sim, who.memberId, stake, '0.00');
}

const get = <T>(url: string, token: string) => call<T>(t.app, 'GET', url, { token });

beforeAll(async () => {
  ({ t, sim, ...tokens } = await simSuiteApp({
    clock,
    seed: true,
    env: LONG_SESSIONS,
    staff: ['owner', 'content', 'finance', 'support', 'lotto'],
  }));
  // Loss on slots on day D: 1,000 (cashback 50.00), 2,000 (100.00) and 400 (20.00) baht; the last two
  // share a bank-account name, so the risk rule holds their rewards (G5).
  await member('solo', 2_000, 'รายงาน ทดสอบเดี่ยว');
  await lose(m.solo!, '1000.00');
  await member('twinA', 3_000, 'รายงาน ฝาแฝด');
  await lose(m.twinA!, '2000.00');
  await member('twinB', 1_000, 'รายงาน  ฝาแฝด');
  await lose(m.twinB!, '400.00');
}, 120_000);
afterAll(async () => t?.close());

describe('cashback and turnover commission per day (docs/rules/engagement.md §3, §4)', () => {
  it('shows each day and kind with paid, held and rejected amounts and who paid, equal to the payment rows', async () => {
    clock.advance(bangkokTime(addDays(D, 1), '10:00').getTime() - clock.now().getTime());
    // The member claims their own; an operator re-runs the day for the rest and the commission.
    const own = await call(t.app, 'POST', '/api/cashback/loss/claim', {
      token: m.solo!.token,
      body: { day: D },
    });
    expect(own.body.error, own.body.message).toBe(0);
    for (const kind of ['loss', 'commission']) {
      const run = await call(t.app, 'POST', '/api/admin/cashback/rerun', {
        token: tokens.finance,
        body: { kind, day: D },
      });
      expect(run.body.error, run.body.message).toBe(0);
    }
    // One held reward refused: the report counts it as rejected.
    const twinB = await t.db
      .selectFrom('cashback_payout')
      .select('claim_id')
      .where('member_id', '=', m.twinB!.memberId)
      .where('kind', '=', 'loss')
      .executeTakeFirstOrThrow();
    const reject = await call(t.app, 'POST', `/api/admin/rewards/holds/${twinB.claim_id}/reject`, {
      token: tokens.finance,
      body: { reason: 'บัญชีซ้ำ' },
    });
    expect(reject.body.error, reject.body.message).toBe(0);

    const days = await get<Days>(`/api/admin/cashback/days?from=${D}&to=${D}`, tokens.content);
    expect(days.body.error, days.body.message).toBe(0);
    expect(days.body.data).toMatchObject({ total: 2, page: 1, page_size: 50 });
    const loss = days.body.data.items.find((r) => r.kind === 'loss');
    expect(loss).toMatchObject({
      day: D,
      members: 3,
      amount: '170.00',
      paid: 1,
      paid_amount: '50.00',
      held: 1,
      held_amount: '100.00',
      rejected: 1,
      rejected_amount: '20.00',
      by_member: 1,
      by_job: 0,
      by_operator: 2,
    });
    // Every figure equals the payment rows summed independently.
    for (const row of days.body.data.items) {
      const rows = await t.db
        .selectFrom('cashback_payout')
        .select(['amount_satang', 'paid_by'])
        .where('kind', '=', row.kind)
        .where('day', '=', D as unknown as Date)
        .execute();
      expect(row.members).toBe(rows.length);
      expect(Math.round(Number(row.amount) * 100)).toBe(
        rows.reduce((s, r) => s + Number(r.amount_satang), 0),
      );
      expect(row.by_operator).toBe(rows.filter((r) => r.paid_by === 'operator').length);
    }
    const commission = days.body.data.items.find((r) => r.kind === 'commission');
    // 400 baht of turnover earns less than the commission's minimum: two members paid.
    expect(commission).toMatchObject({ members: 2, by_operator: 2, held: 1, paid: 1, rejected: 0 });

    // Paging and filters.
    const first = await get<Days>('/api/admin/cashback/days?page_size=1', tokens.finance);
    const second = await get<Days>('/api/admin/cashback/days?page_size=1&page=2', tokens.finance);
    expect(first.body.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(first.body.data.items).toHaveLength(1);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.items[0]!.kind).not.toBe(first.body.data.items[0]!.kind);
    const onlyLoss = await get<Days>('/api/admin/cashback/days?kind=loss', tokens.owner);
    expect(onlyLoss.body.data.items.map((r) => r.kind)).toEqual(['loss']);
    const later = await get<Days>(`/api/admin/cashback/days?from=${addDays(D, 1)}`, tokens.owner);
    expect(later.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('lists one day member by member, largest first, with phone, figures, status and who paid', async () => {
    const r = await get<Payouts>(`/api/admin/cashback/payouts?kind=loss&day=${D}`, tokens.content);
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(r.body.data.items).toMatchObject([
      {
        member_id: m.twinA!.memberId,
        phone: m.twinA!.phone,
        kind: 'loss',
        day: D,
        stake: '2000.00',
        payout: '0.00',
        base: '2000.00',
        rate_percent: '5.00',
        amount: '100.00',
        status: 'held',
        paid_by: 'operator',
      },
      { member_id: m.solo!.memberId, amount: '50.00', status: 'paid', paid_by: 'member' },
      { member_id: m.twinB!.memberId, amount: '20.00', status: 'rejected', paid_by: 'operator' },
    ]);
    const page2 = await get<Payouts>(
      `/api/admin/cashback/payouts?kind=loss&day=${D}&page=2&page_size=2`,
      tokens.owner,
    );
    expect(page2.body.data.items.map((i) => i.member_id)).toEqual([m.twinB!.memberId]);
  });

  it('refuses a reversed range, a bad kind or page size with a Thai error, and other roles', async () => {
    const reversed = await get<Days>(
      `/api/admin/cashback/days?from=${D}&to=${addDays(D, -1)}`,
      tokens.content,
    );
    expect(reversed.body).toMatchObject({ error: 1001 });
    expect(reversed.body.fields).toMatchObject({ to: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม' });
    const big = await get<Days>('/api/admin/cashback/days?page_size=201', tokens.content);
    expect(big.body).toMatchObject({ error: 1001, fields: { page_size: expect.any(String) } });
    const kind = await get<Payouts>(`/api/admin/cashback/payouts?kind=x&day=${D}`, tokens.content);
    expect(kind.body.fields?.kind).toBe('กรุณาเลือกประเภท');
    for (const path of ['/api/admin/cashback/days', `/api/admin/cashback/payouts?kind=loss&day=${D}`]) {
      expect((await get(path, tokens.support)).status).toBe(403);
      expect((await get(path, tokens.lotto)).status).toBe(403);
      expect((await get(path, m.solo!.token)).status).toBe(401);
      expect((await call(t.app, 'GET', path)).status).toBe(401);
    }
  });
});

describe('coupon codes and uses over all campaigns (docs/rules/engagement.md §2)', () => {
  it('finds codes by campaign, beginning, phone and status, and every use with its credit status', async () => {
    const buyers = [
      await registerMember(t, { account_name: 'คูปอง หนึ่ง' }),
      await registerMember(t, { account_name: 'คูปอง สอง' }),
    ];
    const campaign = await call<{ id: number; code: string }>(t.app, 'POST', '/api/admin/coupons/campaigns', {
      token: tokens.content,
      body: { title: 'แคมเปญรายงาน', amount: '10.00', quota: 5 },
    });
    expect(campaign.body.error, campaign.body.message).toBe(0);
    const personal = await call<{ campaign: { id: number }; codes: { id: number; code: string }[] }>(
      t.app,
      'POST',
      '/api/admin/coupons/personal',
      {
        token: tokens.content,
        body: { title: 'ส่วนตัวรายงาน', amount: '7.00', member_ids: [buyers[0]!.memberId] },
      },
    );
    expect(personal.body.error, personal.body.message).toBe(0);
    for (const b of buyers) {
      const r = await call(t.app, 'POST', '/api/coupon/redeem', {
        token: b.token,
        body: { code: campaign.body.data.code },
      });
      expect(r.body.error, r.body.message).toBe(0);
    }

    const all = await get<Codes>('/api/admin/coupons/codes?page_size=1', tokens.support);
    expect(all.body.error, all.body.message).toBe(0);
    expect(all.body.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    // Newest first: the personal code.
    expect(all.body.data.items[0]).toMatchObject({
      code: personal.body.data.codes[0]!.code,
      campaign_kind: 'personal',
      campaign_title: 'ส่วนตัวรายงาน',
      amount: '7.00',
      member_phone: buyers[0]!.phone,
    });
    // A beginning typed the loose way (lower case, a hyphen) finds the code.
    const code = campaign.body.data.code;
    const typed = `${code.slice(0, 2).toLowerCase()}-${code.slice(2, 5)}`;
    const byPrefix = await get<Codes>(
      `/api/admin/coupons/codes?code=${encodeURIComponent(typed)}`,
      tokens.content,
    );
    expect(byPrefix.body.data.items.map((c) => c.code)).toContain(code);
    expect(byPrefix.body.data.items.every((c) => c.code.startsWith(code.slice(0, 5)))).toBe(true);
    const byPhone = await get<Codes>(`/api/admin/coupons/codes?phone=${buyers[0]!.phone}`, tokens.content);
    expect(byPhone.body.data.items.map((c) => c.id)).toEqual([personal.body.data.codes[0]!.id]);
    const nobody = await get<Codes>('/api/admin/coupons/codes?phone=0999999999', tokens.content);
    expect(nobody.body.data).toMatchObject({ items: [], total: 0 });
    const byCampaign = await get<Codes>(
      `/api/admin/coupons/codes?campaign_id=${campaign.body.data.id}&status=active`,
      tokens.finance,
    );
    expect(byCampaign.body.data.items).toMatchObject([
      { code, used: 2, quota: 5, campaign_kind: 'campaign' },
    ]);
    const bad = await get<Codes>('/api/admin/coupons/codes?code=%24%25', tokens.content);
    expect(bad.body).toMatchObject({ error: 1001 });
    expect(bad.body.fields).toMatchObject({ code: 'โค้ดคูปองไม่ถูกต้อง' });

    const uses = await get<Uses>(
      `/api/admin/coupons/uses?campaign_id=${campaign.body.data.id}`,
      tokens.content,
    );
    expect(uses.body.error, uses.body.message).toBe(0);
    expect(uses.body.data).toMatchObject({ total: 2, page: 1, page_size: 50 });
    expect(uses.body.data.items).toMatchObject([
      { code, phone: buyers[1]!.phone, amount: '10.00', status: 'paid', campaign_title: 'แคมเปญรายงาน' },
      { code, phone: buyers[0]!.phone, amount: '10.00', status: 'paid' },
    ]);
    const onePhone = await get<Uses>(`/api/admin/coupons/uses?phone=${buyers[1]!.phone}`, tokens.content);
    expect(onePhone.body.data.items.map((u) => u.member_id)).toEqual([buyers[1]!.memberId]);
    for (const path of ['/api/admin/coupons/codes', '/api/admin/coupons/uses']) {
      expect((await get(path, tokens.lotto)).status).toBe(403);
      expect((await get(path, buyers[0]!.token)).status).toBe(401);
    }
  });
});

describe('agent config form', () => {
  it('reads what PUT /api/admin/agent/config wrote, for owner and content only', async () => {
    const put = await call(t.app, 'PUT', '/api/admin/agent/config', {
      token: tokens.content,
      body: { agent_logo: '/logo-test.png', line_contact_url: 'https://line.me/R/ti/p/@chok' },
    });
    expect(put.body.error, put.body.message).toBe(0);
    const r = await get<DataOf<typeof api.adminAgentConfig>>('/api/admin/agent/config', tokens.owner);
    expect(r.body.error, r.body.message).toBe(0);
    expect(r.body.data).toMatchObject({
      agent_logo: '/logo-test.png',
      line_contact_url: 'https://line.me/R/ti/p/@chok',
      agent_code: t.config.AGENT_CODE,
    });
    expect(Date.parse(r.body.data.updated_at)).not.toBeNaN();
    expect((await get('/api/admin/agent/config', tokens.finance)).status).toBe(403);
    expect((await get('/api/admin/agent/config', m.solo!.token)).status).toBe(401);
  });
});

describe("the feature lists' console paging", () => {
  it('coupon campaigns, wheel spins, shop orders, affiliate runs and reward holds take page_size and answer page and page_size', async () => {
    for (const title of ['หน้า ก', 'หน้า ข', 'หน้า ค']) {
      const r = await call(t.app, 'POST', '/api/admin/coupons/campaigns', {
        token: tokens.content,
        body: { title, amount: '5.00', quota: 1 },
      });
      expect(r.body.error, r.body.message).toBe(0);
    }
    const all = await get<{ items: { title: string }[]; total: number }>(
      '/api/admin/coupons/campaigns?page_size=200',
      tokens.content,
    );
    const page2 = await get<{ items: { title: string }[]; total: number; page: number; page_size: number }>(
      '/api/admin/coupons/campaigns?page=2&page_size=2',
      tokens.content,
    );
    expect(page2.body.data).toMatchObject({ total: all.body.data.total, page: 2, page_size: 2 });
    expect(page2.body.data.items.map((c) => c.title)).toEqual(
      all.body.data.items.slice(2, 4).map((c) => c.title),
    );
    // The older per_page still pages as before.
    const old = await get<{ items: unknown[]; page_size: number }>(
      '/api/admin/coupons/campaigns?per_page=1',
      tokens.content,
    );
    expect(old.body.data).toMatchObject({ page_size: 1 });
    expect(old.body.data.items).toHaveLength(1);

    for (const [path, token] of [
      ['/api/admin/wheel/spins', tokens.content],
      ['/api/admin/shop/orders', tokens.content],
      ['/api/admin/affiliate/commission/runs', tokens.content],
      ['/api/admin/rewards/holds', tokens.finance],
    ] as const) {
      const r = await get<{ items: unknown[]; total: number; page: number; page_size: number }>(
        `${path}?page=1&page_size=3`,
        token,
      );
      expect(r.body.error, `${path}: ${r.body.message}`).toBe(0);
      expect(r.body.data).toMatchObject({ page: 1, page_size: 3 });
      expect(r.body.data.items.length).toBeLessThanOrEqual(3);
      const big = await get(`${path}?page_size=201`, token);
      expect(big.body.error, path).toBe(1001);
    }
    // Affiliate runs: content and finance read them; support does not.
    expect((await get('/api/admin/affiliate/commission/runs', tokens.finance)).status).toBe(200);
    expect((await get('/api/admin/affiliate/commission/runs', tokens.support)).status).toBe(403);
  });
});
