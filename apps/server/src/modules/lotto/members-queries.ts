import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Caller: the operator console's member page (modules/members): the member's bills, newest first. */
export async function memberBillsPage(ex: Executor, memberId: number, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      market: string;
      business_date: string;
      round_id: number;
      status: 'pending' | 'won' | 'lost' | 'cancelled' | 'refunded';
      total_stake: number;
      total_win: number;
      items: string;
    }>`
      SELECT b.id, b.created_at, m.name AS market, r.business_date::text AS business_date, b.round_id, b.status,
        b.total_stake, b.total_win, (SELECT count(*) FROM lotto_bill_item i WHERE i.bill_id = b.id) AS items
      FROM lotto_bill b JOIN lotto_round r ON r.id = b.round_id JOIN lotto_market m ON m.id = r.market_id
      WHERE b.member_id = ${memberId}
      ORDER BY b.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ex),
    sql<{ n: string }>`SELECT count(*) AS n FROM lotto_bill WHERE member_id = ${memberId}`.execute(ex),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}
