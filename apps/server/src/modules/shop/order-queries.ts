import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { Executor } from '../../platform/db.ts';
import { pageOf } from '../../platform/page.ts';

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
  const q = ex.selectFrom('shop_order').where('member_id', '=', memberId);
  const { rows, total } = await pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), { limit, offset });
  return { items: rows, total };
}

export async function ordersPage(
  ex: Executor,
  f: { kind: OrderRow['kind']; status?: OrderStatus | undefined; limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  let q = ex.selectFrom('shop_order').where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  const { rows, total } = await pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), f);
  return { items: rows, total };
}
