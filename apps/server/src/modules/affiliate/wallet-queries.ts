import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { MAIN_WALLET } from '../wallet/service.ts';

/**
 * The affiliate network's read of the ledger (the wallet grants it, db/table-owners.ts;
 * docs/rules/engagement.md §11 rule 4: a member is active with a deposit in the last 30 days). Which of these members had a deposit credited to their main wallet
 * at or after `since`: every confirmed deposit is a `deposit` transfer into main.
 */
export async function depositedSince(
  ex: Executor,
  memberIds: readonly number[],
  since: Date,
): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const { rows } = await sql<{ member_id: number }>`
    SELECT a.member_id FROM ledger_account a
    WHERE a.member_id = ANY(${[...new Set(memberIds)]}::int[]) AND a.wallet_type_id = ${MAIN_WALLET}
      AND EXISTS (SELECT 1 FROM ledger_transfer t
        WHERE t.credit_account_id = a.id AND t.kind = 'deposit' AND t.created_at >= ${since})`.execute(ex);
  return new Set(rows.map((r) => r.member_id));
}
