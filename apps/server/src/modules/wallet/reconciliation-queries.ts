import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';

/** Member wallets whose balance differs from Σ credits − Σ debits of their transfers. */
export async function balanceMismatches(ex: Executor) {
  const { rows } = await sql<{
    account_id: number;
    member_id: number;
    wallet_type_id: number;
    balance: number;
    derived: number;
  }>`
    WITH moves AS (
      SELECT credit_account_id AS account_id, amount FROM ledger_transfer
      UNION ALL
      SELECT debit_account_id, -amount FROM ledger_transfer
    ), derived AS (
      SELECT account_id, sum(amount)::bigint AS derived FROM moves GROUP BY account_id
    )
    SELECT a.id AS account_id, a.member_id, a.wallet_type_id, a.balance, COALESCE(d.derived, 0)::bigint AS derived
    FROM ledger_account a LEFT JOIN derived d ON d.account_id = a.id
    WHERE a.kind = 'member_wallet' AND a.balance <> COALESCE(d.derived, 0)
    ORDER BY a.id`.execute(ex);
  return rows;
}

export async function memberAccountCount(ex: Executor): Promise<number> {
  const r = await ex
    .selectFrom('ledger_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'member_wallet')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Σ of member balances as stored plus Σ of system balances as derived from transfers: zero when every
 * stored balance agrees with the transfers that made it.
 */
export async function ledgerNet(ex: Executor): Promise<number> {
  const { rows } = await sql<{ net: number }>`
    SELECT ((SELECT COALESCE(sum(balance), 0) FROM ledger_account WHERE kind = 'member_wallet')
      + (SELECT COALESCE(sum(CASE WHEN a.id = t.credit_account_id THEN t.amount ELSE -t.amount END), 0)
         FROM ledger_transfer t JOIN ledger_account a
           ON a.kind = 'system' AND (a.id = t.credit_account_id OR a.id = t.debit_account_id)))::bigint AS net`.execute(
    ex,
  );
  return rows[0]?.net ?? 0;
}

/**
 * System-account balances as of now: the rolled-up snapshot plus the transfers after it.
 * System rows are never updated per transfer, so this is how their balance is known.
 */
export async function systemBalances(ex: Executor) {
  const { rows } = await sql<{ code: string; balance: number }>`
    SELECT a.code,
      (COALESCE(r.balance, 0)
        + COALESCE((SELECT sum(amount) FROM ledger_transfer t
                    WHERE t.credit_account_id = a.id AND t.id > COALESCE(r.up_to_transfer, 0)), 0)
        - COALESCE((SELECT sum(amount) FROM ledger_transfer t
                    WHERE t.debit_account_id = a.id AND t.id > COALESCE(r.up_to_transfer, 0)), 0))::bigint AS balance
    FROM ledger_account a LEFT JOIN ledger_rollup r ON r.account_id = a.id
    WHERE a.kind = 'system'
    ORDER BY a.code`.execute(ex);
  return rows;
}

/**
 * Moves the system-account snapshots forward. Transfer ids are taken at insert but become visible at
 * commit, so a lower id can appear after a higher one; only transfers older than `settleMinutes`
 * (far longer than any transaction may run: see the pool's statement timeout) are folded in.
 */
export async function rollupSystemBalances(ex: Executor, settleMinutes = 5): Promise<void> {
  await sql`
    WITH cut AS (
      SELECT COALESCE(max(id), 0) AS up_to FROM ledger_transfer
      WHERE created_at < now() - make_interval(mins => ${settleMinutes})
    ),
    sums AS (
      SELECT a.id AS account_id,
        COALESCE(r.balance, 0)
          + COALESCE((SELECT sum(amount) FROM ledger_transfer t, cut
                      WHERE t.credit_account_id = a.id AND t.id > COALESCE(r.up_to_transfer, 0) AND t.id <= cut.up_to), 0)
          - COALESCE((SELECT sum(amount) FROM ledger_transfer t, cut
                      WHERE t.debit_account_id = a.id AND t.id > COALESCE(r.up_to_transfer, 0) AND t.id <= cut.up_to), 0) AS balance
      FROM ledger_account a LEFT JOIN ledger_rollup r ON r.account_id = a.id
      WHERE a.kind = 'system'
    )
    INSERT INTO ledger_rollup (account_id, up_to_transfer, balance, rolled_up_at)
    SELECT account_id, cut.up_to, balance, now() FROM sums, cut
    ON CONFLICT (account_id) DO UPDATE
      SET up_to_transfer = EXCLUDED.up_to_transfer, balance = EXCLUDED.balance, rolled_up_at = EXCLUDED.rolled_up_at
      WHERE ledger_rollup.up_to_transfer < EXCLUDED.up_to_transfer`.execute(ex);
}

export interface FreezeDetail {
  accounts: { account_id: number; wallet_type_id: number; balance: number; derived: number }[];
}

/** Opens a reconciliation freeze for each member (one open freeze per member; an open one is kept). */
export async function insertFreezes(
  ex: Executor,
  freezes: { memberId: number; detail: FreezeDetail }[],
  now: Date,
): Promise<{ id: number; member_id: number }[]> {
  if (freezes.length === 0) return [];
  const { rows } = await sql<{ id: number; member_id: number }>`
    INSERT INTO member_withdrawal_freeze (member_id, reason, detail, created_at)
    SELECT v.member_id, 'reconciliation', v.detail, ${now}
    FROM unnest(${freezes.map((f) => f.memberId)}::int[], ${freezes.map((f) => JSON.stringify(f.detail))}::jsonb[])
      AS v(member_id, detail)
    ON CONFLICT (member_id) WHERE cleared_at IS NULL DO NOTHING
    RETURNING id, member_id`.execute(ex);
  return rows;
}

export function openFreeze(ex: Executor, memberId: number) {
  return ex
    .selectFrom('member_withdrawal_freeze')
    .select(['id', 'reason', 'created_at'])
    .where('member_id', '=', memberId)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
}

export function freezes(
  ex: Executor,
  f: { open: boolean; memberId?: number | null; id?: number; limit: number },
) {
  let q = ex
    .selectFrom('member_withdrawal_freeze')
    .select(['id', 'member_id', 'reason', 'detail', 'created_at', 'cleared_at', 'cleared_by', 'clear_note'])
    .orderBy('id', 'desc')
    .limit(f.limit);
  q = f.open ? q.where('cleared_at', 'is', null) : q.where('cleared_at', 'is not', null);
  if (f.memberId != null) q = q.where('member_id', '=', f.memberId);
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  return q.execute();
}

export type FreezeRow = Awaited<ReturnType<typeof freezes>>[number];

/** Clears an open freeze; undefined when it is not open (already cleared, or no such freeze). */
export function clearFreeze(ex: Executor, c: { id: number; staffId: number; note: string; now: Date }) {
  return ex
    .updateTable('member_withdrawal_freeze')
    .set({ cleared_at: c.now, cleared_by: c.staffId, clear_note: c.note })
    .where('id', '=', c.id)
    .where('cleared_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Withdrawal freezes not cleared yet. */
export async function openFreezes(ex: Executor): Promise<number> {
  const r = await ex
    .selectFrom('member_withdrawal_freeze')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('cleared_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
