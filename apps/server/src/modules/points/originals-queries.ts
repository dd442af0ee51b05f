import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The points accrual's read of the in-house rounds (originals grants `game_round`), for the baccarat
 * rule of docs/rules/engagement.md §0 G6. Every Player or Banker bet of these members on the in-house baccarat hands of these rounds
 * (`game_round` rows of one table_ref), settled and not refunded, with its side and stake.
 */
export async function baccaratSideBets(
  ex: Executor,
  roundIds: readonly number[],
): Promise<{ id: number; member_id: number; table_ref: string; side: 'player' | 'banker'; stake: number }[]> {
  if (roundIds.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    member_id: number;
    table_ref: string;
    side: 'player' | 'banker';
    stake: number;
  }>`
    SELECT b.id, b.member_id, b.table_ref, b.detail->>'position' AS side, b.stake
    FROM (SELECT DISTINCT member_id, table_ref FROM game_round
          WHERE id = ANY(${roundIds as number[]}::bigint[]) AND table_ref LIKE 'bac:%') h
    JOIN game_round b ON b.member_id = h.member_id AND b.table_ref = h.table_ref
    WHERE b.status = 'settled' AND b.detail->>'position' IN ('player', 'banker')
    ORDER BY b.id`.execute(ex);
  return rows;
}
