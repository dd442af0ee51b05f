import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The points accrual's read of the seamless wallet (games grants `wallet_op` and `game`). The settled
 * figures of docs/rules/engagement.md §0 G6: the credits of main-wallet debits settled (never rolled
 * back), each with its bet, time and amount, that the accrual has not counted yet (`point_accrual`:
 * a bet's row counts its credits up to `last_credit_id`).
 * A bet credited twice comes as two rows with one `source_key`. Read in settling order from `since`.
 */
export interface SettledRound extends SettledFigures {
  /** The credit this row is. */
  credit_id: number;
  provider_id: string;
  provider_tx_id: string;
}

/** What every settled row the accrual reads has (this file's rounds, lotto-queries.ts's bills). */
export interface SettledFigures {
  source_key: string;
  member_id: number;
  category: string;
  stake: number;
  payout: number;
  settled_at: Date;
}

/** Which unread rows to read: settled from `since`, of one member or all, at most `limit`. */
export interface UnreadWindow {
  since: Date;
  memberId: number | null;
  limit: number;
}

export async function unreadSettledRounds(ex: Executor, o: UnreadWindow): Promise<SettledRound[]> {
  const { rows } = await sql<SettledRound>`
    SELECT 'game:' || d.id AS source_key, c.id AS credit_id, d.provider_id, d.provider_tx_id, d.member_id, COALESCE(g.categories[1], 'casino') AS category,
      d.amount AS stake, c.amount AS payout, c.created_at AS settled_at
    FROM wallet_op c
    JOIN wallet_op d ON d.provider_id = c.provider_id AND d.player_id = c.player_id
      AND d.provider_tx_id = c.bet_tx_id AND d.op_class = 'tx'
    LEFT JOIN game g ON g.provider_id = d.provider_id AND g.code = d.game_code
    WHERE c.created_at >= ${o.since} AND c.op = 'credit' AND c.status = 'OK'
      ${o.memberId === null ? sql`` : sql`AND c.member_id = ${o.memberId}`}
      AND d.op = 'debit' AND d.state = 'settled' AND COALESCE(d.wallet_type_id, 1) = 1 AND d.amount > 0
      AND NOT EXISTS (SELECT 1 FROM point_accrual a WHERE a.source_key = 'game:' || d.id AND COALESCE(a.last_credit_id, 0) >= c.id)
    ORDER BY c.created_at, c.id
    LIMIT ${o.limit}`.execute(ex);
  return rows;
}
