import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { Executor } from '../../platform/db.ts';

export type QuoteRow = Selectable<DB['shop_quote']>;

export async function insertQuote(ex: Executor, q: Insertable<DB['shop_quote']>): Promise<QuoteRow> {
  return ex.insertInto('shop_quote').values(q).returningAll().executeTakeFirstOrThrow();
}

/** The member's quote, locked for the redeem: a second redeem of it waits here and then finds it used. */
export async function lockQuote(ex: Executor, id: string, memberId: number): Promise<QuoteRow | undefined> {
  return ex
    .selectFrom('shop_quote')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Spends the quote; false when it was spent already (it is single-use). */
export async function useQuote(ex: Executor, id: string, at: Date): Promise<boolean> {
  const row = await ex
    .updateTable('shop_quote')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Unused quotes that expired before `before` (a quote lives 60 s; they are kept a day for support). */
export async function pruneQuotes(ex: Executor, before: Date): Promise<number> {
  const r = await ex
    .deleteFrom('shop_quote')
    .where('used_at', 'is', null)
    .where('expires_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
