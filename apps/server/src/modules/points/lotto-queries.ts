import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { MAIN_WALLET } from '../wallet/service.ts';
import type { SettledFigures, UnreadWindow } from './games-queries.ts';

/**
 * The points accrual's read of the lottery's bills (lotto grants `lotto_bill`). The settled figures
 * of docs/rules/engagement.md §0 G6 from the lottery: main-wallet bills resulted won or lost
 * (cancelled and refunded bills never count), that the accrual has not read yet (`point_accrual`).
 * Read in settling order from `since`.
 */
export interface ResultedBill extends SettledFigures {
  /** Bills have no credits of their own (games' rows do). */
  credit_id: null;
}

export async function unreadResultedBills(ex: Executor, o: UnreadWindow): Promise<ResultedBill[]> {
  const { rows } = await sql<ResultedBill>`
    SELECT 'lotto:' || b.id AS source_key, NULL AS credit_id, b.member_id, 'lotto' AS category, b.total_stake AS stake,
      b.total_win AS payout, b.settled_at
    FROM lotto_bill b
    WHERE b.settled_at >= ${o.since} AND b.status IN ('won', 'lost') AND b.wallet_type_id = ${MAIN_WALLET}
      ${o.memberId === null ? sql`` : sql`AND b.member_id = ${o.memberId}`}
      AND NOT EXISTS (SELECT 1 FROM point_accrual a WHERE a.source_key = 'lotto:' || b.id)
    ORDER BY b.settled_at, b.id
    LIMIT ${o.limit}`.execute(ex);
  return rows;
}
