import type { Executor } from '../../platform/db.ts';

/** Goods orders requested and not shipped yet (the console's header). */
export async function ordersToShipCount(ex: Executor): Promise<number> {
  const row = await ex
    .selectFrom('shop_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'goods')
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
