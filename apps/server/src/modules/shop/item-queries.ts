import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { Executor } from '../../platform/db.ts';

export type ItemRow = Selectable<DB['shop_item']>;
export type NewItem = Insertable<DB['shop_item']>;
export type ItemPatch = Updateable<DB['shop_item']>;

/** The items members see: active, in the operator's order. */
export async function activeItems(ex: Executor): Promise<ItemRow[]> {
  return ex
    .selectFrom('shop_item')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function allItems(ex: Executor): Promise<ItemRow[]> {
  return ex.selectFrom('shop_item').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export async function itemById(ex: Executor, id: number): Promise<ItemRow | undefined> {
  return ex.selectFrom('shop_item').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The item locked for an operator's change (price, stock, …) in this transaction. */
export async function lockItem(ex: Executor, id: number): Promise<ItemRow | undefined> {
  return ex.selectFrom('shop_item').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertItem(ex: Executor, item: NewItem): Promise<ItemRow> {
  return ex.insertInto('shop_item').values(item).returningAll().executeTakeFirstOrThrow();
}

/** The seeded default vouchers, once each by their code. */
export async function insertItemOnce(ex: Executor, item: NewItem & { code: string }): Promise<void> {
  await ex
    .insertInto('shop_item')
    .values(item)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/**
 * Writes an operator's edit; a new price moves the price version in the same statement, so every
 * quote taken at the old price is refused (docs/rules/engagement.md §8).
 */
export async function updateItem(ex: Executor, id: number, patch: ItemPatch, now: Date): Promise<ItemRow> {
  return ex
    .updateTable('shop_item')
    .set((eb) => ({
      ...patch,
      price_version:
        patch.price_points === undefined
          ? eb.ref('price_version')
          : eb
              .case()
              .when('price_points', '<>', patch.price_points as number)
              .then(eb('price_version', '+', 1))
              .else(eb.ref('price_version'))
              .end(),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes `quantity` units of a limited item in one statement (`SET stock = stock - $q WHERE id = $1
 * AND stock >= $q`, docs/rules/engagement.md §8): parallel buyers can never take more than there is.
 * False when too few are left.
 */
export async function takeStock(ex: Executor, id: number, quantity: number): Promise<boolean> {
  const row = await ex
    .updateTable('shop_item')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', id)
    .where('stock', '>=', quantity)
    .returning('stock')
    .executeTakeFirst();
  return row !== undefined;
}

/** An operator's restock (or, negative, a write-off) in one statement; undefined when it would go below 0. */
export async function addStock(
  ex: Executor,
  id: number,
  add: number,
  now: Date,
): Promise<ItemRow | undefined> {
  return ex
    .updateTable('shop_item')
    .set((eb) => ({ stock: eb('stock', '+', add), updated_at: now }))
    .where('id', '=', id)
    .where('stock', 'is not', null)
    .where((eb) => eb(eb('stock', '+', add), '>=', 0))
    .returningAll()
    .executeTakeFirst();
}
