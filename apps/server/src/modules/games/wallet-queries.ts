import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/**
 * The games module's statements that meet the wallet's (docs/architecture.md, "Tables have one owner").
 */

/**
 * The seamless wallet's read of the ledger (granted by the wallet, db/table-owners.ts): a replayed
 * provider call answers the id of the transfer its first call wrote, or null when there is none.
 */
export async function transferIdByKey(ex: Executor, idempotencyKey: string): Promise<number | null> {
  const row = await ex
    .selectFrom('ledger_transfer')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * For the wallet's statement: the wallet imports no module, so app.ts hands it this read of the games
 * module's tables. The catalogue name of the game of each seamless-wallet operation found, by the
 * operation's key (provider, player, provider's transaction id: unique among the `tx` operations).
 */
export async function gameNamesOfOperations(
  ex: Executor,
  keys: { provider_id: string; player_id: string; provider_tx_id: string }[],
): Promise<{ provider_id: string; player_id: string; provider_tx_id: string; name: string }[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{
    provider_id: string;
    player_id: string;
    provider_tx_id: string;
    name: string;
  }>`
    SELECT o.provider_id, o.player_id, o.provider_tx_id, g.name
    FROM unnest(${keys.map((k) => k.provider_id)}::text[], ${keys.map((k) => k.player_id)}::text[],
      ${keys.map((k) => k.provider_tx_id)}::text[]) AS k(provider_id, player_id, provider_tx_id)
    JOIN wallet_op o ON o.provider_id = k.provider_id AND o.player_id = k.player_id
      AND o.provider_tx_id = k.provider_tx_id AND o.op_class = 'tx'
    JOIN game g ON g.provider_id = o.provider_id AND g.code = o.game_code`.execute(ex);
  return rows;
}
