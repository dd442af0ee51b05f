import { sql } from 'kysely';
import { earliestOf } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db.ts';

/**
 * Player protection's reads of the ledger (the wallet grants them, db/table-owners.ts;
 * docs/rules/protection.md). A member's play as the ledger records it:
 * stakes are `bet` transfers out of the member's wallets, returns are `win` and `refund` transfers
 * into them — the same kinds the loss counters count
 * (protection/sql/protection_count_loss.sql).
 */

export interface PlayTotals {
  stakes: number;
  returns: number;
}

/** Stakes and returns of a member from each instant of `since` until now (one answer per instant). */
export async function playTotalsSince(
  ex: Executor,
  memberId: number,
  since: readonly Date[],
): Promise<PlayTotals[]> {
  const earliest = earliestOf(since);
  if (earliest === null) return [];
  const { rows } = await sql<{ kind: string; out: boolean; amount: string; created_at: Date }>`
    WITH acc AS (SELECT a.id FROM ledger_account a WHERE a.member_id = ${memberId} AND a.kind = 'member_wallet')
    SELECT t.kind, true AS out, t.amount::text AS amount, t.created_at FROM ledger_transfer t
    WHERE t.debit_account_id IN (SELECT id FROM acc) AND t.kind = 'bet' AND t.created_at >= ${earliest}
    UNION ALL
    SELECT t.kind, false, t.amount::text, t.created_at FROM ledger_transfer t
    WHERE t.credit_account_id IN (SELECT id FROM acc) AND t.kind IN ('win', 'refund') AND t.created_at >= ${earliest}`.execute(
    ex,
  );
  return since.map((from) => {
    let stakes = 0;
    let returns = 0;
    for (const r of rows) {
      if (r.created_at.getTime() < from.getTime()) continue;
      if (r.out) stakes += Number(r.amount);
      else returns += Number(r.amount);
    }
    return { stakes, returns };
  });
}

export interface MonthTotals {
  /** YYYY-MM, Bangkok. */
  month: string;
  deposits: number;
  withdrawals: number;
  stakes: number;
  returns: number;
}

/**
 * Per Bangkok month since `since`: deposits credited, withdrawals (held less released), stakes and
 * returns of a member's wallets. Months without any movement are left out.
 */
export async function monthlyTotals(ex: Executor, memberId: number, since: Date): Promise<MonthTotals[]> {
  const { rows } = await sql<{
    month: string;
    deposits: string;
    withdrawals: string;
    stakes: string;
    returns: string;
  }>`
    WITH acc AS (SELECT a.id FROM ledger_account a WHERE a.member_id = ${memberId} AND a.kind = 'member_wallet'),
    moves AS (
      SELECT t.kind, -t.amount AS signed, t.created_at FROM ledger_transfer t
      WHERE t.debit_account_id IN (SELECT id FROM acc) AND t.created_at >= ${since}
        AND t.credit_account_id NOT IN (SELECT id FROM acc)
      UNION ALL
      SELECT t.kind, t.amount, t.created_at FROM ledger_transfer t
      WHERE t.credit_account_id IN (SELECT id FROM acc) AND t.created_at >= ${since}
        AND t.debit_account_id NOT IN (SELECT id FROM acc)
    )
    SELECT to_char(created_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM') AS month,
      coalesce(sum(signed) FILTER (WHERE kind = 'deposit'), 0)::text AS deposits,
      coalesce(-sum(signed) FILTER (WHERE kind IN ('withdraw_hold', 'withdraw_release')), 0)::text AS withdrawals,
      coalesce(-sum(signed) FILTER (WHERE kind = 'bet'), 0)::text AS stakes,
      coalesce(sum(signed) FILTER (WHERE kind IN ('win', 'refund')), 0)::text AS returns
    FROM moves GROUP BY 1 ORDER BY 1 DESC`.execute(ex);
  return rows.map((r) => ({
    month: r.month,
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    stakes: Number(r.stakes),
    returns: Number(r.returns),
  }));
}
