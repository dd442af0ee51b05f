import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@chok/contract/endpoint';
import { allEndpoints } from '@chok/contract/endpoints';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockMember } from '../src/modules/members/service.ts';
import { changePoints } from '../src/modules/points/service.ts';
import { payReward } from '../src/modules/rewards/service.ts';
import { inTransaction } from '../src/platform/db.ts';
import { call, createTestApp, registerMember, staffToken, type TestApp } from './helpers.ts';
import { buy, closeNow, fund, openRound } from './lotto-fixtures.ts';
import { generateQr, newMember, withdraw } from './payments-fixtures.ts';

// The operator console: every operator endpoint refuses anonymous callers, members and the other roles —
// the cases are generated from the contract, so a new endpoint is covered the day it is declared; and
// every money-moving operator endpoint writes its audit row in the same transaction as the money.

let t: TestApp;
let member: string;
const tokens = {} as Record<StaffRole, string>;
const ROLES: StaffRole[] = ['owner', 'finance', 'lotto', 'support', 'content'];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await staffToken(t, role);
  member = (await registerMember(t)).token;
});
afterAll(async () => {
  await t.close();
});

const staffEndpoints = allEndpoints.filter((e) => e.auth === 'staff');
/** A path with its parameters filled (an id the database does not hold; auth is checked first). */
const urlOf = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '999999' : 'x1'));

describe('every operator endpoint of the contract', () => {
  it('is an /api/admin path with roles, and the contract has them', () => {
    expect(staffEndpoints.length).toBeGreaterThan(60);
    for (const e of staffEndpoints) {
      expect(e.path, e.path).toMatch(/^\/api\/admin\//);
      expect(e.roles?.length, e.path).toBeGreaterThan(0);
    }
    // And no /api/admin path is open to anyone but staff, except the login.
    const open = allEndpoints.filter((e) => e.path.startsWith('/api/admin/') && e.auth !== 'staff');
    expect(open.map((e) => e.path)).toEqual(['/api/admin/login']);
  });

  for (const e of staffEndpoints) {
    const others = ROLES.filter((r) => !e.roles?.includes(r));
    it(`${e.method} ${e.path}: 401 anonymous and for a member; 403 for ${others.join(', ') || 'no other role'}`, async () => {
      const url = urlOf(e.path);
      const body = e.method === 'GET' ? undefined : {};
      const anonymous = await call(t.app, e.method, url, { body });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      const asMember = await call(t.app, e.method, url, { token: member, body });
      expect(asMember.status).toBe(401);
      for (const role of others) {
        const r = await call(t.app, e.method, url, { token: tokens[role], body });
        expect(r.status, role).toBe(403);
        expect(r.body.code, role).toBe('FORBIDDEN');
      }
    });
  }
});

/**
 * Every money-moving operator endpoint, by method and path. The contract marks them (`money: true`);
 * this list must be the same set, so a new money endpoint fails here until its proof is added below.
 */
const MONEY_ROUTES = [
  'POST /api/admin/payments/deposits/:id/confirm',
  'POST /api/admin/payments/statement_lines/:id/assign',
  'POST /api/admin/payments/withdrawals/:id/approve',
  'POST /api/admin/payments/withdrawals/:id/reject',
  'POST /api/admin/members/:id/excluded_withdrawal',
  'POST /api/admin/ledger/freezes/:id/clear',
  'POST /api/admin/rewards/holds/:id/release',
  'POST /api/admin/shop/orders/:id/cancel',
  'POST /api/admin/coupons/campaigns',
  'POST /api/admin/coupons/personal',
  'POST /api/admin/polls/:id/result',
  'POST /api/admin/cashback/rerun',
  'POST /api/admin/affiliate/commission/run',
  'POST /api/admin/lotto/rounds/:id/result',
  'POST /api/admin/lotto/rounds/:id/result/correct',
  'POST /api/admin/lotto/rounds/:id/cancel',
  'POST /api/admin/lotto/rounds/:id/close',
] as const;
type MoneyRoute = (typeof MONEY_ROUTES)[number];

/** What a check needs: a request that succeeds, made fresh each time it is asked for. */
interface Case {
  prepare: () => Promise<{ url: string; body: unknown; token?: string }>;
}

/** A Bangkok day `n` days before today, YYYY-MM-DD. */
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

/** A member with money in the main wallet, through a confirmed deposit. */
/** A Lao round open now with one member's bill on it (10 baht on two-bottom 12); its id. */
async function laoRoundWithBill(): Promise<number> {
  const roundId = await openRound(t, 'lao');
  const m = await registerMember(t);
  await fund(t, m.memberId, 500);
  const b = await buy(t, m.token, roundId, [{ bet_type: 'two_bottom', number: '12', amount: 10 }]);
  if (b.body.error !== 0) throw new Error(`bill failed: ${b.body.message}`);
  return roundId;
}

async function fundedPaymentsMember(baht: number) {
  const m = await newMember(t);
  const d = (await generateQr(t, m.token, { channel_id: 1, amount: baht })).body.data;
  const c = await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
    token: tokens.finance,
    body: { bank_ref: `FUND-${d.request_id}` },
  });
  if (c.body.error !== 0) throw new Error(`funding failed: ${c.body.message}`);
  return m;
}

const cases: Partial<Record<MoneyRoute, Case>> = {
  'POST /api/admin/payments/deposits/:id/confirm': {
    prepare: async () => {
      const m = await newMember(t);
      const d = (await generateQr(t, m.token, { channel_id: 1, amount: 700 })).body.data;
      return {
        url: `/api/admin/payments/deposits/${d.request_id}/confirm`,
        body: { bank_ref: `REF-${d.request_id}` },
      };
    },
  },
  'POST /api/admin/payments/withdrawals/:id/approve': {
    prepare: async () => {
      const m = await fundedPaymentsMember(1000);
      const w = (await withdraw(t, m.token, 300)).body.data;
      const name = await t.db
        .selectFrom('member')
        .select('account_name')
        .where('phone', '=', m.phone)
        .executeTakeFirstOrThrow();
      return {
        url: `/api/admin/payments/withdrawals/${w.id}/approve`,
        body: { bank_ref: `OUT-${w.id}`, bank_account_name: name.account_name },
      };
    },
  },
  'POST /api/admin/payments/withdrawals/:id/reject': {
    prepare: async () => {
      const m = await fundedPaymentsMember(1000);
      const w = (await withdraw(t, m.token, 300)).body.data;
      return { url: `/api/admin/payments/withdrawals/${w.id}/reject`, body: { reason: 'ทดสอบการปฏิเสธ' } };
    },
  },
  // A self-excluded member cannot log in; finance requests the withdrawal of the member's money.
  'POST /api/admin/members/:id/excluded_withdrawal': {
    prepare: async () => {
      const m = await fundedPaymentsMember(1000);
      const ex = await call(t.app, 'POST', '/api/member/protection/exclusion', {
        token: m.token,
        body: { duration: '6m', confirm_text: 'ยืนยัน' },
      });
      if (ex.body.error !== 0) throw new Error(`self-exclusion failed: ${ex.body.message}`);
      return {
        url: `/api/admin/members/${m.memberId}/excluded_withdrawal`,
        body: { amount: 300, reason: 'สมาชิกแจ้งทางโทรศัพท์' },
        token: tokens.finance,
      };
    },
  },
  // A bank line the import could not match (other account digits), assigned to its member by hand.
  'POST /api/admin/payments/statement_lines/:id/assign': {
    prepare: async () => {
      const m = await newMember(t);
      const d = (await generateQr(t, m.token, { channel_id: 1, amount: 450 })).body.data;
      const postedAt = new Date(Date.now() + 7 * 3_600_000 + 60_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ');
      const ref = `ASSIGN-${d.request_id}-${randomUUID().slice(0, 6)}`;
      const imported = await call<{ unmatched: number }>(
        t.app,
        'POST',
        '/api/admin/payments/statements/import',
        {
          token: tokens.finance,
          body: {
            account_kind: 'bank',
            account_id: d.receiving.id,
            template: 'generic',
            file_name: 'st.csv',
            content: `posted_at,amount,direction,counterparty,bank_ref\n${postedAt},${d.pay_amount},in,xxxxxx1111,${ref}`,
          },
        },
      );
      if (imported.body.data?.unmatched !== 1)
        throw new Error(`import failed: ${JSON.stringify(imported.body)}`);
      const lines = await call<{ items: { id: number; bank_ref: string }[] }>(
        t.app,
        'GET',
        '/api/admin/payments/statement_lines?page_size=200',
        { token: tokens.finance },
      );
      const line = lines.body.data.items.find((l) => l.bank_ref === ref);
      if (!line) throw new Error('the imported line is not in the queue');
      return {
        url: `/api/admin/payments/statement_lines/${line.id}/assign`,
        body: { member_id: m.memberId, note: 'ลูกค้าส่งสลิปยืนยัน' },
        token: tokens.finance,
      };
    },
  },
  // A poll closed early with one vote on the winning choice: setting the result pays its voter.
  'POST /api/admin/polls/:id/result': {
    prepare: async () => {
      const openAt = new Date(Date.now() - 3_600_000);
      const created = await call<{ id: number; choices: { id: number }[] }>(
        t.app,
        'POST',
        '/api/admin/polls',
        {
          token: tokens.content,
          body: {
            question: 'ทีมไหนจะชนะ?',
            open_at: openAt.toISOString(),
            close_at: new Date(openAt.getTime() + 48 * 3_600_000).toISOString(),
            choices: [{ label: 'ทีมแดง' }, { label: 'ทีมน้ำเงิน' }],
          },
        },
      );
      if (created.body.error !== 0) throw new Error(`poll failed: ${created.body.message}`);
      const poll = created.body.data;
      for (const step of ['open', 'close'] as const) {
        if (step === 'close') {
          const m = await fundedPaymentsMember(500);
          const vote = await call(t.app, 'POST', '/api/poll/submit', {
            token: m.token,
            body: { poll_id: poll.id, choice_id: poll.choices[0]!.id },
          });
          if (vote.body.error !== 0) throw new Error(`vote failed: ${vote.body.message}`);
        }
        const r = await call(t.app, 'POST', `/api/admin/polls/${poll.id}/${step}`, { token: tokens.content });
        if (r.body.error !== 0) throw new Error(`${step} failed: ${r.body.message}`);
      }
      return {
        url: `/api/admin/polls/${poll.id}/result`,
        body: { choice_id: poll.choices[0]!.id },
        token: tokens.content,
      };
    },
  },
  'POST /api/admin/coupons/campaigns': {
    prepare: async () => ({
      url: '/api/admin/coupons/campaigns',
      body: { title: `คูปอง ${randomUUID().slice(0, 6)}`, amount: '50', quota: 10 },
      token: tokens.content,
    }),
  },
  'POST /api/admin/coupons/personal': {
    prepare: async () => {
      const m = await registerMember(t);
      return {
        url: '/api/admin/coupons/personal',
        body: { title: 'คูปองส่วนตัว', amount: '20', member_ids: [m.memberId] },
        token: tokens.content,
      };
    },
  },
  // A past day's run again: nothing to pay on a day without play, but the run is recorded and audited.
  'POST /api/admin/cashback/rerun': {
    prepare: async () => ({ url: '/api/admin/cashback/rerun', body: { kind: 'loss', day: daysAgo(3) } }),
  },
  'POST /api/admin/affiliate/commission/run': {
    prepare: async () => ({ url: '/api/admin/affiliate/commission/run', body: { date: daysAgo(3) } }),
  },
  'POST /api/admin/lotto/rounds/:id/result': {
    prepare: async () => {
      const roundId = await laoRoundWithBill();
      await closeNow(t, roundId);
      // The owner proposed it: the lotto account's matching entry writes and settles it (docs/rules/lottery.md §8).
      const first = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/result`, {
        token: tokens.owner,
        body: { raw: { number: '3412' } },
      });
      if (first.body.error !== 0) throw new Error(`proposal failed: ${JSON.stringify(first.body)}`);
      return {
        url: `/api/admin/lotto/rounds/${roundId}/result`,
        body: { raw: { number: '3412' } },
        token: tokens.lotto,
      };
    },
  },
  // A settled round whose result is corrected: the wins of version 1 are reversed and the round re-settled.
  'POST /api/admin/lotto/rounds/:id/result/correct': {
    prepare: async () => {
      const roundId = await laoRoundWithBill();
      await closeNow(t, roundId);
      for (const token of [tokens.lotto, tokens.owner]) {
        const first = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/result`, {
          token,
          body: { raw: { number: '3412' } },
        });
        if (first.body.error !== 0) throw new Error(`result failed: ${JSON.stringify(first.body)}`);
      }
      // The owner proposed the correction; the lotto account's matching one applies it.
      const proposed = await call(t.app, 'POST', `/api/admin/lotto/rounds/${roundId}/result/correct`, {
        token: tokens.owner,
        body: { raw: { number: '3499' }, reason: 'ตรวจผลผิดหลัก', expected_version: 1 },
      });
      if (proposed.body.error !== 0) throw new Error(`proposal failed: ${JSON.stringify(proposed.body)}`);
      return {
        url: `/api/admin/lotto/rounds/${roundId}/result/correct`,
        body: { raw: { number: '3499' }, reason: 'ตรวจผลผิดหลัก', expected_version: 1 },
        token: tokens.lotto,
      };
    },
  },
  'POST /api/admin/ledger/freezes/:id/clear': {
    prepare: async () => {
      const m = await registerMember(t);
      const { rows } = await sql<{ id: number }>`
        INSERT INTO member_withdrawal_freeze (member_id, reason) VALUES (${m.memberId}, 'reconciliation') RETURNING id`.execute(
        t.db,
      );
      return {
        url: `/api/admin/ledger/freezes/${rows[0]!.id}/clear`,
        body: { note: 'ตรวจแล้วถูกต้อง' },
        token: tokens.finance,
      };
    },
  },
  'POST /api/admin/rewards/holds/:id/release': {
    prepare: async () => {
      // Two members with the same bank-account name: the second one's cash reward is held (G5).
      const name = `ซ้ำชื่อ ทดสอบ${randomUUID().slice(0, 4)}`;
      await registerMember(t, { account_name: name });
      const b = await registerMember(t, { account_name: name });
      const held = await inTransaction(t.db, async (tx) => {
        await lockMember(tx, b.memberId);
        return payReward(
          tx,
          { ledger: t.ledger },
          {
            memberId: b.memberId,
            feature: 'quest',
            periodKey: `hold-${b.memberId}`,
            kind: 'main',
            amount: 1_500,
            reference: 'รางวัลภารกิจทดสอบ',
            pointKind: 'quest',
            now: new Date(),
          },
        );
      });
      if (held.claim.status !== 'held') throw new Error(`not held: ${held.claim.status}`);
      return { url: `/api/admin/rewards/holds/${held.claim.id}/release`, body: {}, token: tokens.finance };
    },
  },
  'POST /api/admin/shop/orders/:id/cancel': {
    prepare: async () => {
      const m = await registerMember(t);
      await inTransaction(t.db, (tx) =>
        changePoints(tx, {
          memberId: m.memberId,
          amount: 500,
          kind: 'adjustment',
          reference: 'ทดสอบ',
          key: `test:routes:${m.memberId}`,
        }),
      );
      const item = await call<{ id: number }>(t.app, 'POST', '/api/admin/shop/items', {
        token: tokens.content,
        body: { kind: 'goods', title: `ของรางวัล ${m.memberId}`, price_points: 100 },
      });
      const q = await call<{ quote_id: string }>(t.app, 'POST', '/api/redemption/calc', {
        token: m.token,
        body: { item_id: item.body.data.id, quantity: 1 },
      });
      const order = await call<{ order: { id: number } }>(t.app, 'POST', '/api/redemption/redeem', {
        token: m.token,
        body: {
          quote_id: q.body.data.quote_id,
          ship_name: 'สมชาย ทดสอบ',
          ship_phone: '0812345678',
          ship_address: '99/1 ถ.สุขุมวิท กรุงเทพฯ 10110',
        },
      });
      if (order.body.error !== 0) throw new Error(`order failed: ${order.body.message}`);
      return {
        url: `/api/admin/shop/orders/${order.body.data.order.id}/cancel`,
        body: { reason: 'สินค้าหมด' },
        token: tokens.support,
      };
    },
  },
  // A yeekee round closed now is drawn and settled at once (docs/rules/lottery.md).
  'POST /api/admin/lotto/rounds/:id/close': {
    prepare: async () => {
      const roundId = await openRound(t, 'yeekee');
      return {
        url: `/api/admin/lotto/rounds/${roundId}/close`,
        body: { reason: 'ปิดฉุกเฉินทดสอบ' },
        // Closing before the scheduled close is the owner's (docs/rules/lottery.md §6).
        token: tokens.owner,
      };
    },
  },
  'POST /api/admin/lotto/rounds/:id/cancel': {
    prepare: async () => {
      const roundId = await laoRoundWithBill();
      return {
        url: `/api/admin/lotto/rounds/${roundId}/cancel`,
        body: { reason: 'ทดสอบการยกเลิก' },
        token: tokens.lotto,
      };
    },
  },
};

/** The money and the records a failed call must leave exactly as they were. */
async function fingerprint() {
  const { rows } = await sql<{ state: string }>`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(sum(amount), 0) FROM ledger_transfer),
      (SELECT coalesce(sum(balance), 0) FROM ledger_account),
      (SELECT count(*) FROM point_transfer),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM reward_claim),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM shop_order),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM deposit_request),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM withdrawal),
      (SELECT count(*) FROM coupon),
      (SELECT count(*) FROM member_withdrawal_freeze WHERE cleared_at IS NOT NULL),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM lotto_bill),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(status)), 0) FROM lotto_round),
      (SELECT count(*) FROM audit_log)) AS state`.execute(t.db);
  return rows[0]!.state;
}

describe('money-moving operator endpoints', () => {
  it('are exactly the endpoints the contract marks `money`', () => {
    const marked = staffEndpoints.filter((e) => e.money).map((e) => `${e.method} ${e.path}`);
    expect([...marked].sort()).toEqual([...MONEY_ROUTES].sort());
  });

  beforeAll(async () => {
    // A test-only switch: while test_audit_block has a row, every audit insert fails.
    await sql`CREATE TABLE test_audit_block (on_ boolean)`.execute(t.db);
    await sql`
      CREATE FUNCTION test_audit_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_audit_block) THEN
          RAISE EXCEPTION 'audit insert refused by the test (%)', NEW.action;
        END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER test_audit_fail BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_audit_fail()`.execute(
      t.db,
    );
  });

  for (const route of MONEY_ROUTES) {
    const c = cases[route];
    if (!c) {
      it.todo(`${route}: audit row in the money's transaction (no fixture yet)`);
      continue;
    }
    it(`${route}: writes its audit row, and when the audit insert fails nothing of the change stays`, async () => {
      const [method] = route.split(' ') as ['POST'];
      const req = await c.prepare();
      const token = req.token ?? tokens.owner;
      const before = await fingerprint();
      await sql`INSERT INTO test_audit_block VALUES (true)`.execute(t.db);
      let failed: Awaited<ReturnType<typeof call>>;
      try {
        failed = await call(t.app, method, req.url, { token, body: req.body });
      } finally {
        await sql`DELETE FROM test_audit_block`.execute(t.db);
      }
      // The induced fault, not a refusal of the request.
      expect(failed.status, JSON.stringify(failed.body)).toBe(500);
      expect(await fingerprint()).toBe(before);

      const lastAudit = await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const ok = await call(t.app, method, req.url, { token, body: req.body });
      expect(ok.body.error, JSON.stringify(ok.body)).toBe(0);
      expect(await fingerprint()).not.toBe(before);
      const rows = await t.db
        .selectFrom('audit_log')
        .select(['action', 'actor_type'])
        .where('id', '>', Number(lastAudit.id ?? 0))
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.actor_type === 'staff')).toBe(true);
    });
  }
});
