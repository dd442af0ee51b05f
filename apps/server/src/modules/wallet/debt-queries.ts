import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * Whether a member owes an unrecovered debt (today the only kind: a corrected lottery win the
 * wallet could not cover, docs/rules/lottery.md §8.3). An index probe on the open-debt index.
 */
export function owesDebt(memberId: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM lotto_member_debt WHERE member_id = ${memberId} AND recovered < amount)`;
}

export async function owes(ex: Executor, memberId: number): Promise<boolean> {
  const { rows } = await sql<{ owes: boolean }>`SELECT ${owesDebt(memberId)} AS owes`.execute(ex);
  return rows[0]?.owes ?? false;
}

/** A member's open debts, oldest first, locked so two credits never recover the same satang. */
export function lockOpenDebts(ex: Executor, memberId: number) {
  return ex
    .selectFrom('lotto_member_debt')
    .select(['id', 'amount', 'recovered'])
    .where('member_id', '=', memberId)
    .where((eb) => eb('recovered', '<', eb.ref('amount')))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function addRecovered(ex: Executor, debtId: number, amount: number): Promise<void> {
  await ex
    .updateTable('lotto_member_debt')
    .set({ recovered: sql`recovered + ${amount}` })
    .where('id', '=', debtId)
    .execute();
}

/** What a member still owes, in satang (0 when nothing). */
export async function outstandingDebt(ex: Executor, memberId: number): Promise<number> {
  const { rows } = await sql<{ owed: number }>`
    SELECT COALESCE(sum(amount - recovered), 0)::bigint AS owed FROM lotto_member_debt
    WHERE member_id = ${memberId} AND recovered < amount`.execute(ex);
  return rows[0]?.owed ?? 0;
}

export async function insertDebt(
  ex: Executor,
  d: { memberId: number; roundId: number; amount: number },
): Promise<void> {
  await ex
    .insertInto('lotto_member_debt')
    .values({ member_id: d.memberId, round_id: d.roundId, amount: d.amount })
    .execute();
}
