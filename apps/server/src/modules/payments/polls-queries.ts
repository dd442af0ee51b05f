import { type Satang, satang } from '@chok/engine/money';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * Caller: polls (the vote quota, docs/rules/engagement.md §10 rule 1) — the member's confirmed
 * deposits from `from` (included) to `to` (excluded), summed. "Confirmed deposits" as checkin and
 * quests count them (checkin-queries.ts): a paid deposit request's paid amount at paid_at, or a
 * statement line an operator assigned to the member without a request, at resolved_at.
 */
export async function confirmedDepositTotal(
  ex: Executor,
  memberId: number,
  from: Date,
  to: Date,
): Promise<Satang> {
  if (to.getTime() <= from.getTime()) return satang(0);
  const { rows } = await sql<{ total: number }>`
    SELECT COALESCE(sum(amount), 0)::bigint AS total FROM (
      SELECT paid_satang AS amount FROM deposit_request
      WHERE member_id = ${memberId} AND status = 'paid' AND paid_satang IS NOT NULL
        AND paid_at >= ${from} AND paid_at < ${to}
      UNION ALL
      SELECT amount_satang AS amount FROM statement_line
      WHERE assign_member_id = ${memberId} AND status = 'assigned' AND request_id IS NULL
        AND resolved_at >= ${from} AND resolved_at < ${to}
    ) confirmed`.execute(ex);
  return satang(Number(rows[0]?.total ?? 0));
}
