import { type Satang, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * A member's "confirmed deposits" in [from, to), as checkin (the day's deposit condition,
 * docs/rules/engagement.md §5), quests (the deposit task, §6) and polls (the vote quota, §10 rule 1)
 * count them: a paid deposit request (its paid amount, at paid_at) or a statement line an operator
 * assigned to the member without a request (its amount, at resolved_at); a line assigned to a request
 * is that request's payment and is counted once, through the request. One row (`amount`) a deposit.
 */
function confirmedDeposits(memberId: number, from: Date, to: Date) {
  return sql<{ amount: number }>`
      SELECT paid_satang AS amount FROM deposit_request
      WHERE member_id = ${memberId} AND status = 'paid' AND paid_satang IS NOT NULL
        AND paid_at >= ${from} AND paid_at < ${to}
      UNION ALL
      SELECT amount_satang AS amount FROM statement_line
      WHERE assign_member_id = ${memberId} AND status = 'assigned' AND request_id IS NULL
        AND resolved_at >= ${from} AND resolved_at < ${to}`;
}

/** Each confirmed deposit of the member in [from, to). */
export async function confirmedDepositsBetween(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<Satang[]> {
  const { rows } = await confirmedDeposits(memberId, from, to).execute(ex);
  return rows.map((r) => satang(Number(r.amount)));
}

/** The member's confirmed deposits in [from, to), summed (0 for an empty span). */
export async function confirmedDepositTotal(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<Satang> {
  if (to.getTime() <= from.getTime()) return satang(0);
  const { rows } = await sql<{ total: number }>`
    SELECT COALESCE(sum(amount), 0)::bigint AS total FROM (${confirmedDeposits(memberId, from, to)}) confirmed`.execute(
    ex,
  );
  return satang(Number(rows[0]?.total ?? 0));
}
