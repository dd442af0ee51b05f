import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from './db.ts';
import { AppError } from './errors.ts';

function hashOf(request: unknown): Buffer {
  return createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest();
}

/**
 * Runs `run` once per (member, scope, key), inside the caller's transaction. The key row is claimed
 * first (a concurrent duplicate waits on it, then replays), and the answer is stored in the same
 * transaction, so a crash before commit forgets both. A replay returns the first answer; the same key
 * with a different request is IDEMPOTENCY_CONFLICT. Keys are kept 24 hours (docs/rules/payments.md §1.1).
 */
export async function idempotent<T>(
  tx: Tx,
  k: { memberId: number; scope: string; key: string; request: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const requestHash = hashOf(k.request);
  const claimed = await tx
    .insertInto('idempotency_request')
    .values({ member_id: k.memberId, scope: k.scope, key: k.key, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['member_id', 'scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const first = await tx
      .selectFrom('idempotency_request')
      .select(['request_hash', 'response'])
      .where('member_id', '=', k.memberId)
      .where('scope', '=', k.scope)
      .where('key', '=', k.key)
      .executeTakeFirstOrThrow();
    if (!first.request_hash.equals(requestHash)) throw new AppError('IDEMPOTENCY_CONFLICT');
    return first.response as T;
  }
  const response = await run();
  await tx
    .updateTable('idempotency_request')
    .set({ response: JSON.stringify(response ?? null) })
    .where('member_id', '=', k.memberId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .execute();
  return response;
}

/** Forgets keys older than `hours` (run by a daily job). */
export async function pruneIdempotencyKeys(tx: Tx, hours = 24): Promise<void> {
  await sql`DELETE FROM idempotency_request WHERE created_at < now() - make_interval(hours => ${hours})`.execute(
    tx,
  );
}
