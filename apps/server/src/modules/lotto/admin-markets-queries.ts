import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { LottoMarket } from '../../db/database.generated.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

/** One page of markets in display order, and how many there are. */
export async function marketPage(ex: Executor, offset: number, limit: number) {
  return pageOf(ex.selectFrom('lotto_market'), (q) => q.selectAll().orderBy('sort_order').orderBy('id'), {
    limit,
    offset,
  });
}

export function lockMarket(tx: Tx, id: number) {
  return tx.selectFrom('lotto_market').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findMarket(ex: Executor, id: number) {
  return ex.selectFrom('lotto_market').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateMarket(tx: Tx, id: number, set: Updateable<LottoMarket>) {
  return tx
    .updateTable('lotto_market')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gives a market's rounds that are still `scheduled` (no bill can be on them yet) and carry no
 * operator override the market's new rates; answers how many changed.
 */
export async function rateScheduledRounds(tx: Tx, marketId: number, rates: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    UPDATE lotto_round SET settings = jsonb_set(settings, '{rates}', ${rates}::jsonb)
    WHERE market_id = ${marketId} AND status = 'scheduled' AND rate_overrides IS NULL
      AND settings->'rates' IS DISTINCT FROM ${rates}::jsonb
    RETURNING id`.execute(tx);
  return rows.length;
}
