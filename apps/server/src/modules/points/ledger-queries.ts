import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

/** What a point transfer is for; the member's point statement labels them (views.ts). */
export type PointKind =
  | 'accrual'
  | 'checkin'
  | 'quest'
  | 'wheel'
  | 'wheel_spin'
  | 'shop'
  | 'shop_refund'
  | 'adjustment';

/** The member's point account, created empty on first use, locked for this transaction. */
export async function lockAccount(
  ex: Executor,
  memberId: number,
): Promise<{ balance: number; carry_satang: number }> {
  await sql`INSERT INTO point_account (member_id) VALUES (${memberId}) ON CONFLICT (member_id) DO NOTHING`.execute(
    ex,
  );
  const { rows } = await sql<{ balance: number; carry_satang: number }>`
    SELECT balance, carry_satang FROM point_account WHERE member_id = ${memberId} FOR UPDATE`.execute(ex);
  const row = rows[0];
  if (!row) throw new Error(`point account of member ${memberId} missing after insert`);
  return row;
}

export async function accountOf(ex: Executor, memberId: number) {
  return ex
    .selectFrom('point_account')
    .select(['balance', 'carry_satang'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function transferByKey(ex: Executor, key: string) {
  return ex
    .selectFrom('point_transfer')
    .select(['id', 'member_id', 'amount', 'balance_after'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Sets the locked account's balance (and carry) and appends the transfer, in the caller's transaction. */
export async function applyTransfer(
  ex: Executor,
  t: {
    memberId: number;
    amount: number;
    balanceAfter: number;
    kind: PointKind;
    reference: string;
    key: string;
    carrySatang?: number;
  },
): Promise<number> {
  await ex
    .updateTable('point_account')
    .set({
      balance: t.balanceAfter,
      ...(t.carrySatang === undefined ? {} : { carry_satang: t.carrySatang }),
      updated_at: sql<Date>`now()`,
    })
    .where('member_id', '=', t.memberId)
    .execute();
  const row = await ex
    .insertInto('point_transfer')
    .values({
      member_id: t.memberId,
      amount: t.amount,
      balance_after: t.balanceAfter,
      kind: t.kind,
      reference: t.reference,
      idempotency_key: t.key,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setCarry(ex: Executor, memberId: number, carrySatang: number): Promise<void> {
  await ex
    .updateTable('point_account')
    .set({ carry_satang: carrySatang, updated_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .execute();
}

export async function historyPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const { rows, total } = await pageOf(
    ex.selectFrom('point_transfer').where('member_id', '=', memberId),
    (q) =>
      q.select(['id', 'created_at', 'kind', 'reference', 'amount', 'balance_after']).orderBy('id', 'desc'),
    { limit, offset },
  );
  return { items: rows, total };
}
