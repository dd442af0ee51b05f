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
