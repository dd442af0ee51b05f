import { type Satang, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * Callers: checkin (the day's deposit condition, docs/rules/engagement.md §5) and quests (the deposit
 * task, §6) — "confirmed deposits" read from payments' tables (docs/architecture.md, "Tables have one
 * owner"). A confirmed deposit is a paid deposit request (its paid amount, at paid_at) or a statement
 * line an operator assigned to the member without a request (its amount, at resolved_at); a line
 * assigned to a request is that request's payment and is counted once, through the request.
 */
export async function confirmedDepositsBetween(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<Satang[]> {
  const { rows } = await sql<{ amount: number }>`
    SELECT paid_satang AS amount FROM deposit_request
    WHERE member_id = ${memberId} AND status = 'paid' AND paid_satang IS NOT NULL
      AND paid_at >= ${from} AND paid_at < ${to}
    UNION ALL
    SELECT amount_satang AS amount FROM statement_line
    WHERE assign_member_id = ${memberId} AND status = 'assigned' AND request_id IS NULL
      AND resolved_at >= ${from} AND resolved_at < ${to}`.execute(ex);
  return rows.map((r) => satang(Number(r.amount)));
}
