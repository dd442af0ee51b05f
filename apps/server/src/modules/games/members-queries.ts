import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * Caller: the operator console's member page (modules/members): the member's bets through the
 * seamless wallet (every provider, the in-house games included), each with what its credits paid and
 * the game's catalogue name and first category. Newest first.
 */
export async function memberBetsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      provider_id: string;
      game_code: string;
      game: string | null;
      category: string | null;
      wallet_type_id: number | null;
      amount: number;
      payout: number;
      state: 'open' | 'settled' | 'rolled_back' | null;
    }>`
      SELECT d.id, d.created_at, d.provider_id, d.game_code, g.name AS game, g.categories[1] AS category,
        d.wallet_type_id, d.amount, d.state,
        COALESCE((SELECT sum(c.amount) FROM wallet_op c
          WHERE c.provider_id = d.provider_id AND c.player_id = d.player_id AND c.bet_tx_id = d.provider_tx_id
            AND c.op = 'credit' AND c.status = 'OK'), 0)::bigint AS payout
      FROM wallet_op d
      LEFT JOIN game g ON g.provider_id = d.provider_id AND g.code = d.game_code
      WHERE d.member_id = ${memberId} AND d.op = 'debit' AND d.status = 'OK'
      ORDER BY d.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM wallet_op
      WHERE member_id = ${memberId} AND op = 'debit' AND status = 'OK'`.execute(ex),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}
