import type { Executor } from '../../platform/db.ts';

/** Rewards held by the risk rule, waiting for an operator's decision (the console's header). */
export async function heldRewardCount(ex: Executor): Promise<number> {
  const row = await ex
    .selectFrom('reward_claim')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
