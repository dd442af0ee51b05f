import type { Executor } from '../../platform/db.ts';

/**
 * Caller: the games module's seamless wallet (docs/architecture.md, "Tables have one owner"). A
 * replayed provider call answers the id of the transfer its first call wrote.
 */

/** The id of the transfer written under an idempotency key, or null when there is none. */
export async function transferIdByKey(ex: Executor, idempotencyKey: string): Promise<number | null> {
  const row = await ex
    .selectFrom('ledger_transfer')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id ?? null;
}
