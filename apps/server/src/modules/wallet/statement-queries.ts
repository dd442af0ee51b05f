import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { TransferKind } from './kinds.ts';

/** A statement line: one transfer seen from one of the member's wallets. */
export interface StatementLine {
  id: number;
  created_at: Date;
  kind: TransferKind;
  direction: 'in' | 'out';
  amount: number;
  wallet_type_id: number;
  wallet_name: string;
  reference: string | null;
}

export interface StatementFilter {
  memberId: number;
  kinds: TransferKind[] | null;
  fromDate: string | null;
  toDate: string | null;
  limit: number;
  offset: number;
}

function statementLines(f: StatementFilter) {
  const kinds = f.kinds ?? null;
  return sql`
    WITH mine AS (
      SELECT a.id, a.wallet_type_id, wt.name FROM ledger_account a JOIN wallet_type wt ON wt.id = a.wallet_type_id
      WHERE a.member_id = ${f.memberId}
    ), lines AS (
      SELECT t.id, t.created_at, t.kind, 'in' AS direction, t.amount, m.wallet_type_id, m.name AS wallet_name, t.reference,
        t.idempotency_key
      FROM ledger_transfer t JOIN mine m ON m.id = t.credit_account_id
      UNION ALL
      SELECT t.id, t.created_at, t.kind, 'out', t.amount, m.wallet_type_id, m.name, t.reference, t.idempotency_key
      FROM ledger_transfer t JOIN mine m ON m.id = t.debit_account_id
    ), filtered AS (
      SELECT * FROM lines
      WHERE (${kinds}::text[] IS NULL OR kind = ANY(${kinds}::text[]))
        AND (${f.fromDate}::date IS NULL OR created_at >= (${f.fromDate}::date::timestamp AT TIME ZONE 'Asia/Bangkok'))
        AND (${f.toDate}::date IS NULL OR created_at < ((${f.toDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Bangkok'))
    )`;
}

/**
 * One page of a member's statement lines (a transfer between two of its wallets shows twice), newest
 * first, and the total. Each line keeps its transfer's idempotency key, from which the statement
 * tells a game's line (the seamless wallet keys its transfers by the provider's operation).
 */
export async function memberStatement(ex: Executor, f: StatementFilter) {
  const [page, count] = await Promise.all([
    sql<StatementLine & { idempotency_key: string }>`${statementLines(f)}
      SELECT id, created_at, kind, direction, amount, wallet_type_id, wallet_name, reference, idempotency_key
      FROM filtered ORDER BY id DESC, direction LIMIT ${f.limit} OFFSET ${f.offset}`.execute(ex),
    sql<{ total: number }>`${statementLines(f)} SELECT count(*)::bigint AS total FROM filtered`.execute(ex),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}
