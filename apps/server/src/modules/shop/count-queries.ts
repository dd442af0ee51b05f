import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Units of each item the member redeemed in the Bangkok month `month` ("YYYY-MM"). */
export async function monthlyCounts(
  ex: Executor,
  memberId: number,
  month: string,
): Promise<Map<number, number>> {
  const rows = await ex
    .selectFrom('shop_monthly_count')
    .select(['item_id', 'qty'])
    .where('member_id', '=', memberId)
    .where('month', '=', month)
    .execute();
  return new Map(rows.map((r) => [r.item_id, r.qty]));
}

/**
 * Adds `quantity` to the member's count of the item this month in one statement, refusing to pass
 * `limit` (docs/rules/engagement.md §8: 5 an item a member a month): parallel redeems cannot slip
 * past it. False when the limit would be passed (nothing changed).
 */
export async function countRedeemed(
  ex: Executor,
  c: { memberId: number; itemId: number; month: string; quantity: number; limit: number },
): Promise<boolean> {
  const { rows } = await sql<{ qty: number }>`
    INSERT INTO shop_monthly_count AS c (member_id, item_id, month, qty)
    SELECT ${c.memberId}, ${c.itemId}, ${c.month}, ${c.quantity}
    WHERE ${c.quantity}::int <= ${c.limit}::int
    ON CONFLICT (member_id, item_id, month) DO UPDATE SET qty = c.qty + EXCLUDED.qty
      WHERE c.qty + EXCLUDED.qty <= ${c.limit}::int
    RETURNING qty`.execute(ex);
  return rows.length === 1;
}
