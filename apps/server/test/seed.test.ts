import { addDays, bangkokDate } from '@chok/engine/bangkok-calendar';
import { deriveResult } from '@chok/engine/lotto/derive';
import type { DeriveRule } from '@chok/engine/lotto/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSeeded } from '../src/seed/demo.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('marks the database as seeded so a second start does not seed again', async () => {
    expect(await isSeeded(t.db, 34)).toBe(true);
  });

  it.each([
    ['0811111111', ['5000.00', '300.00', '50.00']],
    ['0822222222', ['1250.50', '0.00', '0.00']],
    ['0833333333', ['0.00', '0.00', '0.00']],
  ])(
    'demo member %s logs in with the documented password and holds its play money',
    async (phone, balances) => {
      const login = await call<{ access_token: string }>(t.app, 'POST', '/api/login', {
        body: { phone, password: 'demo1234' },
      });
      expect(login.body.error).toBe(0);
      const wallets = await call<{ balance: string }[]>(t.app, 'POST', '/api/member/wallets', {
        token: login.body.data.access_token,
      });
      expect(wallets.body.data.map((w) => w.balance)).toEqual(balances);
    },
  );

  it('leaves a balanced ledger', async () => {
    const r = await t.ledger.reconcile(t.db);
    expect(r.mismatches).toEqual([]);
    expect(r.system_balances).toEqual([{ code: 'sys:demo', balance: '-6600.50' }]);
  });
});

describe('lottery history on a new install (issue 9 item 15)', () => {
  type Results = {
    categories: {
      rounds: {
        derive_rule: string;
        market_code: string;
        status: string;
        demo?: boolean;
        result: { top3: string; bottom2: string } | null;
      }[];
    }[];
  };

  it('the demo seed gives the regular markets past results, drawn at random and labelled as demo', async () => {
    const yesterday = addDays(bangkokDate(new Date()), -1);
    const res = await call<Results>(t.app, 'GET', `/api/lotto/results?date=${yesterday}`);
    expect(res.body.error).toBe(0);
    const rounds = res.body.data.categories.flatMap((c) => c.rounds);
    // The Hanoi markets draw every day: yesterday's three are resulted.
    const hanoi = rounds.filter((r) => r.derive_rule === 'hanoi');
    expect(hanoi.map((r) => r.market_code).sort()).toEqual(['hanoi', 'hanoi_special', 'hanoi_vip']);
    for (const r of hanoi) {
      expect(r).toMatchObject({ status: 'settled', demo: true });
      expect(r.result?.top3).toMatch(/^\d{3}$/);
    }
    const seeded = await t.db
      .selectFrom('lotto_round as r')
      .innerJoin('lotto_market as m', 'm.id', 'r.market_id')
      .select(['m.code', 'm.derive_rule', 'r.result', 'r.result_raw', 'r.expected_result_at'])
      .where('r.status', '=', 'settled')
      .execute();
    expect(seeded.length).toBeGreaterThan(50);
    for (const s of seeded) {
      // Never a yeekee result (those come from shots), never a future one, and each derives from
      // the made-up official output recorded with it, which says it is demo data.
      expect(s.derive_rule).not.toBe('yeekee');
      expect(s.expected_result_at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(s.result_raw).toMatchObject({ demo: true });
      expect(deriveResult(s.derive_rule as DeriveRule, s.result_raw as Record<string, unknown>)).toEqual(
        s.result,
      );
    }
    // The government lottery draws twice a month: the last few draws are there.
    expect(seeded.filter((s) => s.code === 'glo').length).toBeGreaterThanOrEqual(3);
    // Drawn at random: 14 days of Hanoi results are not all the same number.
    const top3 = new Set(
      seeded.filter((s) => s.code === 'hanoi').map((s) => (s.result as { top3: string }).top3),
    );
    expect(top3.size).toBeGreaterThan(1);
  });

  it('a production install invents no results', async () => {
    const prod = await createTestApp({ seed: false });
    try {
      const rounds = await prod.db.selectFrom('lotto_round').select('id').execute();
      expect(rounds).toEqual([]);
      const yesterday = addDays(bangkokDate(new Date()), -1);
      const res = await call<Results>(prod.app, 'GET', `/api/lotto/results?date=${yesterday}`);
      expect(res.body.data.categories.flatMap((c) => c.rounds)).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
