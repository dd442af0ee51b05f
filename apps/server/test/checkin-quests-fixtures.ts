import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Clock } from '../src/platform/clock.ts';
import { call, type TestApp } from './helpers.ts';
import { generateQr } from './payments-fixtures.ts';

/** 10:00 Bangkok on a date (YYYY-MM-DD), as an ISO instant. */
export const bangkokMorning = (date: string) => `${date}T03:00:00Z`;

/** A server clock a test sets to any instant (check-in and quest periods are Bangkok dates of it). */
export class SettableClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
  set(at: Date | string): void {
    this.at = new Date(at);
  }
}

/** A deposit of `amount` baht through the sandbox gateway's QR, paid: confirmed at the server clock. */
export async function confirmedDeposit(t: TestApp, token: string, amount: number): Promise<void> {
  const qr = await generateQr(t, token, { channel_id: 3, sub_channel_id: 2, amount }, randomUUID());
  expect(qr.body.error, qr.body.message).toBe(0);
  const ref = qr.body.data.gateway_ref;
  const paid = await call<{ webhook_status: number }>(t.app, 'POST', `/api/sandbox/payments/${ref}/pay`, {
    body: {},
  });
  expect(paid.body.error, paid.body.message).toBe(0);
  expect(paid.body.data.webhook_status).toBe(200);
}

/** Forgets a member's G4 counts (a set-up that needs more than 10 writes of one kind in a minute). */
export async function resetWriteQuota(t: TestApp, memberId: number): Promise<void> {
  await t.db.deleteFrom('member_write_quota').where('member_id', '=', memberId).execute();
}

export async function pointsOf(t: TestApp, memberId: number): Promise<number> {
  const row = await t.db
    .selectFrom('point_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * The ledger and the points ledger agree with their transfers: every member wallet equals Σ credits −
 * Σ debits, all transfers net to zero, and every point balance equals the sum of its point transfers.
 */
export async function expectBalancesMatchTransfers(t: TestApp): Promise<void> {
  const report = await t.ledger.reconcile(t.db);
  expect(report.mismatches).toEqual([]);
  expect(report.net).toBe('0.00');
  const { rows } = await sql<{ member_id: number; balance: number; summed: number }>`
    SELECT a.member_id, a.balance, COALESCE(sum(p.amount), 0)::bigint AS summed
    FROM point_account a LEFT JOIN point_transfer p ON p.member_id = a.member_id
    GROUP BY a.member_id, a.balance
    HAVING a.balance <> COALESCE(sum(p.amount), 0)`.execute(t.db);
  expect(rows).toEqual([]);
}

/** The member's reward claims of one feature, oldest first: period, kind, amount, status. */
export function claimsOf(t: TestApp, memberId: number, feature: 'checkin' | 'quest') {
  return t.db
    .selectFrom('reward_claim')
    .select(['period_key', 'reward_kind', 'amount', 'status'])
    .where('member_id', '=', memberId)
    .where('feature', '=', feature)
    .orderBy('id')
    .execute();
}
