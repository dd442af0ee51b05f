import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { FREE_CREDIT_WALLET } from '../wallet/service.ts';

/**
 * The dashboard's reads of the ledger (the wallet grants them, db/table-owners.ts).
 *
 * The ledger's transfers in [from, to) summed per Bangkok
 * day, kind and bucket in one pass (the BRIN index on created_at finds the range), with each day's
 * active members (a bet or a credited deposit) from the same scan. Buckets:
 * - bet, win, refund: `lotto` (the lottery's house account) or `game` (a provider's account);
 * - adjustment `lotto:win_reversal:*` and debt_recovery: `lotto` (a reversed lottery win);
 * - reward: `free_credit` when it credits the free-credit wallet, else the feature of its key
 *   (`feature:member:period`, modules/rewards);
 * - bonus: `promotion` (`promotion:*`), `yeekee` (`lotto:yeekee_reward:*`), else `other`.
 * Rows with `kind` null are the per-day totals of the grouping set (day).
 */
export interface LedgerDayRow {
  day: string;
  kind: string | null;
  bucket: string | null;
  amount: string;
  n: string;
  active: string;
}

export async function ledgerDayFigures(ex: Executor, from: Date, to: Date): Promise<LedgerDayRow[]> {
  const { rows } = await sql<LedgerDayRow>`
    WITH t AS (
      SELECT to_char((t.created_at AT TIME ZONE 'Asia/Bangkok')::date, 'YYYY-MM-DD') AS day, t.kind, t.amount,
        CASE
          WHEN t.kind IN ('bet', 'win', 'refund') THEN
            CASE WHEN da.code = 'sys:lotto' OR ca.code = 'sys:lotto' THEN 'lotto' ELSE 'game' END
          WHEN t.kind = 'adjustment' AND t.idempotency_key LIKE 'lotto:win\\_reversal:%' THEN 'lotto'
          WHEN t.kind = 'debt_recovery' THEN 'lotto'
          WHEN t.kind = 'reward' AND ca.wallet_type_id = ${FREE_CREDIT_WALLET} THEN 'free_credit'
          WHEN t.kind = 'reward' THEN split_part(t.idempotency_key, ':', 1)
          WHEN t.kind = 'bonus' AND t.idempotency_key LIKE 'promotion:%' THEN 'promotion'
          WHEN t.kind = 'bonus' AND t.idempotency_key LIKE 'lotto:yeekee\\_reward:%' THEN 'yeekee'
          WHEN t.kind = 'bonus' THEN 'other'
          ELSE ''
        END AS bucket,
        CASE WHEN t.kind = 'bet' THEN da.member_id WHEN t.kind = 'deposit' THEN ca.member_id END AS active_member
      FROM ledger_transfer t
      JOIN ledger_account da ON da.id = t.debit_account_id
      JOIN ledger_account ca ON ca.id = t.credit_account_id
      WHERE t.created_at >= ${from} AND t.created_at < ${to}
        AND t.kind IN ('deposit', 'withdraw_paid', 'bet', 'win', 'refund', 'adjustment', 'debt_recovery',
          'reward', 'bonus', 'forfeit')
    )
    SELECT day, kind, bucket, sum(amount)::bigint AS amount, count(*) AS n,
      count(DISTINCT active_member) AS active
    FROM t GROUP BY GROUPING SETS ((day, kind, bucket), (day))`.execute(ex);
  return rows;
}

/**
 * The ledger's game transfers (bet, win, refund) in [from, to) per Bangkok day, kind and the
 * catalogue category of their game. A game transfer's key names its seamless-wallet operation
 * (`game:<provider>:<player>:<tx|rb>:<id>`, a refund's id being its bet's), whose `tx` row carries
 * the game; the games module grants the reads of its tables too, so the join is one statement. A game
 * the catalogue no longer has counts as casino (the points accrual does the same).
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
