import type { Executor } from '../../platform/db.ts';

/**
 * The payments work waiting for an operator (the console's header, modules/console): deposits open
 * or under review (confirm, second approval, reject) and withdrawals pending payout or under review.
 */
export async function paymentsWaiting(ex: Executor): Promise<{ deposits: number; withdrawals: number }> {
  const [deposits, withdrawals] = await Promise.all([
    ex
      .selectFrom('deposit_request')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', ['open', 'review'])
      .executeTakeFirstOrThrow(),
    ex
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', ['pending', 'review'])
      .executeTakeFirstOrThrow(),
  ]);
  return { deposits: Number(deposits.n), withdrawals: Number(withdrawals.n) };
}
