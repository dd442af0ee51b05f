import { randomBytes, randomUUID } from 'node:crypto';
import type { depositRequest, withdrawal } from '@chok/contract/api/payments';
import type { z } from 'zod';
import { depositsCountedSince } from '../src/modules/payments/service.ts';
import { depositProtection } from '../src/modules/protection/service.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { Db } from '../src/platform/db.ts';
import { type ApiAnswer, call, registerMember, type TestApp } from './helpers.ts';

export type Deposit = z.output<typeof depositRequest>;
export type Withdrawal = z.output<typeof withdrawal>;

let seq = 0;
/** A fresh member with a unique account name and number (shared names are a risk flag). */
export async function newMember(t: TestApp, accountNo?: string) {
  seq += 1;
  // Letters only: a name of digits alone (one in sixteen hex tags) would search as an account number.
  const tag = randomBytes(3)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!);
  return registerMember(t, {
    account_name: `ทดสอบ ${tag}${seq}`,
    account_no: accountNo ?? `7${String(Date.now()).slice(-7)}${String(seq).padStart(3, '0')}`.slice(0, 12),
  });
}

export async function walletBalances(db: Db, memberId: number): Promise<Record<1 | 2 | 3, number>> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['wallet_type_id', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  const out = { 1: 0, 2: 0, 3: 0 } as Record<1 | 2 | 3, number>;
  for (const r of rows) out[r.wallet_type_id as 1 | 2 | 3] = r.balance ?? 0;
  return out;
}

export function generateQr(
  t: TestApp,
  token: string,
  body: { channel_id: number; sub_channel_id?: number; amount: number | string; promotion_id?: number },
  key: string = randomUUID(),
): Promise<ApiAnswer<Deposit>> {
  return call<Deposit>(t.app, 'POST', '/api/member/payment/generate_qr', {
    token,
    body,
    headers: { 'idempotency-key': key },
  });
}

export function withdraw(t: TestApp, token: string, amount: number, key: string = randomUUID()) {
  return call<Withdrawal>(t.app, 'POST', '/api/member/withdraw', {
    token,
    body: { amount },
    headers: { 'idempotency-key': key },
  });
}

/** Deposit transfers credited to the member's wallets. */
export async function depositCredits(db: Db, memberId: number) {
  return db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
    .select(['t.id', 't.amount', 't.idempotency_key'])
    .where('a.member_id', '=', memberId)
    .where('t.kind', '=', 'deposit')
    .execute();
}

/** The payments deps every payments test wires alike: the app's db, ledger, events and agent, real deposit limits. */
export function basePaymentsDeps(t: TestApp, clock: Clock) {
  return {
    db: t.db,
    ledger: t.ledger,
    events: t.app.events,
    clock,
    agentId: t.config.AGENT_ID,
    protection: depositProtection({ depositsCountedSince }),
  };
}

/** The seeded welcome promotion ("สมาชิกใหม่") as the member's promotion list offers it. */
export async function welcomePromotion(t: TestApp, token: string) {
  const promos = await call<{ items: { id: number; title: string; eligible: boolean }[] }>(
    t.app,
    'GET',
    '/api/member/payment/promotions',
    { token },
  );
  return promos.body.data.items.find((p) => p.title.includes('สมาชิกใหม่'))!;
}

/** The member's deposit request as its status page reads it (GET inquiry_status). */
export async function depositStatus(t: TestApp, token: string, requestId: number) {
  return (
    await call<Deposit>(t.app, 'GET', `/api/member/payment/inquiry_status?request_id=${requestId}`, { token })
  ).body.data;
}
