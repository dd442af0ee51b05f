import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { Executor } from '../../platform/db.ts';

export type OrderRow = Selectable<DB['shop_order']>;
export type OrderStatus = OrderRow['status'];

export async function insertOrder(ex: Executor, o: Insertable<DB['shop_order']>): Promise<OrderRow> {
  return ex.insertInto('shop_order').values(o).returningAll().executeTakeFirstOrThrow();
}

export async function orderById(ex: Executor, id: number): Promise<OrderRow | undefined> {
  return ex.selectFrom('shop_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockOrder(ex: Executor, id: number): Promise<OrderRow | undefined> {
  return ex.selectFrom('shop_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Moves a locked order from `from` to its new status; undefined when it was no longer `from`. */
export async function moveOrder(
  ex: Executor,
  id: number,
  from: OrderStatus,
  patch: Updateable<DB['shop_order']> & { status: OrderStatus },
): Promise<OrderRow | undefined> {
  return ex
    .updateTable('shop_order')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function memberOrdersPage(
  ex: Executor,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ items: OrderRow[]; total: number }> {
  const items = await ex
    .selectFrom('shop_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await ex
    .selectFrom('shop_order')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { items, total };
}

export async function ordersPage(
  ex: Executor,
  f: { kind: OrderRow['kind']; status?: OrderStatus | undefined; limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  let q = ex.selectFrom('shop_order').where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  const items = await q.selectAll().orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute();
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { items, total };
}
