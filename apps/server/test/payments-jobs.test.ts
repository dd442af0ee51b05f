import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectors } from '../src/modules/connectors/connectors.ts';
import { inquireOpenGatewayRequests } from '../src/modules/payments/deposits.ts';
import type { PaymentsDeps } from '../src/modules/payments/deps.ts';
import { gatewayRegistry } from '../src/modules/payments/gateway.ts';
import { settleDuePromotions } from '../src/modules/payments/sweep.ts';
import { disabledJobs } from '../src/platform/jobs.ts';
import { call, createTestApp, FixedClock, staffToken, type TestApp } from './helpers.ts';
import {
  basePaymentsDeps,
  depositCredits,
  generateQr,
  newMember,
  walletBalances,
  welcomePromotion,
} from './payments-fixtures.ts';

const clock = new FixedClock(new Date('2026-04-01T05:00:00Z'));
let t: TestApp;
let deps: PaymentsDeps;

beforeAll(async () => {
  t = await createTestApp({ clock, jobs: true });
  deps = {
    ...basePaymentsDeps(t, clock),
    gateways: gatewayRegistry(t.db, () => clock.now(), { sandboxAllowed: true }),
    connectors: createConnectors({ db: t.db, clock: clock, env: {}, key: null, previousKey: null }),
    jobs: disabledJobs,
  };
});
afterAll(async () => {
  await t?.close();
});

describe('the minute sweep', () => {
  it('is scheduled every minute when jobs run', async () => {
    const { rows } = await sql<{
      name: string;
      cron: string;
    }>`SELECT name, cron FROM pgboss.schedule`.execute(t.db);
    expect(rows).toContainEqual(expect.objectContaining({ name: 'payments.sweep', cron: '* * * * *' }));
  });

  it('asks the gateway about open requests older than 2 minutes and pays what it reports paid', async () => {
    const m = await newMember(t);
    const d = (await generateQr(t, m.token, { channel_id: 3, sub_channel_id: 2, amount: 250 })).body.data;
    await t.db
      .updateTable('sandbox_gateway_payment')
      .set({ status: 'paid', paid_satang: Math.round(Number(d.pay_amount) * 100) })
      .where('gateway_ref', '=', d.gateway_ref!)
      .execute();
    await inquireOpenGatewayRequests(deps, clock.now());
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(0); // too young
    clock.advance(2 * 60_000);
    await inquireOpenGatewayRequests(deps, clock.now());
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
    await inquireOpenGatewayRequests(deps, clock.now());
    expect(await depositCredits(t.db, m.memberId)).toHaveLength(1);
  });

  it('closes a promotion past its 7 days: min(bonus wallet, deposit) back to main, the rest forfeited; every page of running promotions is read', async () => {
    const finance = await staffToken(t, 'finance', clock);
    // Two other running promotions, so a sweep reading one member a page must turn three pages.
    const others = [await newMember(t), await newMember(t)];
    for (const o of others) {
      const od = (
        await generateQr(t, o.token, {
          channel_id: 1,
          amount: 300,
          promotion_id: (await welcomePromotion(t, o.token)).id,
        })
      ).body.data;
      const c = await call(t.app, 'POST', `/api/admin/payments/deposits/${od.request_id}/confirm`, {
        token: finance,
        body: { bank_ref: `K9-${od.request_id}` },
      });
      expect(c.body.error).toBe(0);
    }
    const m = await newMember(t);
    const welcome = await welcomePromotion(t, m.token);
    const d = (await generateQr(t, m.token, { channel_id: 1, amount: 400, promotion_id: welcome.id })).body
      .data;
    await call(t.app, 'POST', `/api/admin/payments/deposits/${d.request_id}/confirm`, {
      token: finance,
      body: { bank_ref: 'K9' },
    });
    const deposit = Math.round(Number(d.pay_amount) * 100);
    const bonus = Math.floor(deposit / 2);
    expect((await walletBalances(t.db, m.memberId))[2]).toBe(deposit + bonus);
    expect(await settleDuePromotions(deps, clock.now(), 1)).toBe(0);
    clock.advance(7 * 86_400_000);
    expect(await settleDuePromotions(deps, clock.now(), 1)).toBe(3);
    expect(await walletBalances(t.db, m.memberId)).toEqual({ 1: deposit, 2: 0, 3: 0 });
    const mp = await t.db
      .selectFrom('member_promotion')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(mp).toMatchObject({ status: 'expired', released_satang: deposit, forfeited_satang: bonus });
  });
});
