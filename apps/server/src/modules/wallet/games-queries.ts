import { sql } from 'kysely';
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

/**
 * Caller: the dashboard (modules/reports), through the wallet's service: the ledger's game transfers
 * (bet, win, refund) in [from, to) per Bangkok day, kind and the catalogue category of their game. A
 * game transfer's key names its seamless-wallet operation (`game:<provider>:<player>:<tx|rb>:<id>`,
 * a refund's id being its bet's), whose `tx` row carries the game; the games module's tables are named
 * here, in the wallet's file for its games coupling, so the join is one statement. A game the
 * catalogue no longer has counts as casino (the points accrual does the same).
 */
export async function gameLedgerByCategory(ex: Executor, from: Date, to: Date) {
  const { rows } = await sql<{
    day: string;
    kind: 'bet' | 'win' | 'refund';
    category: string;
    amount: string;
  }>`
    SELECT to_char((t.created_at AT TIME ZONE 'Asia/Bangkok')::date, 'YYYY-MM-DD') AS day, t.kind,
      COALESCE(g.categories[1], 'casino') AS category, sum(t.amount)::bigint AS amount
    FROM ledger_transfer t
    CROSS JOIN LATERAL regexp_match(t.idempotency_key, '^game:([^:]+):([^:]+):(?:tx|rb):(.*)$') k
    LEFT JOIN wallet_op o ON o.provider_id = k[1] AND o.player_id = k[2] AND o.provider_tx_id = k[3]
      AND o.op_class = 'tx'
    LEFT JOIN game g ON g.provider_id = o.provider_id AND g.code = o.game_code
    WHERE t.created_at >= ${from} AND t.created_at < ${to} AND t.kind IN ('bet', 'win', 'refund')
      AND t.idempotency_key LIKE 'game:%'
    GROUP BY 1, 2, 3`.execute(ex);
  return rows;
}
