import { sql } from 'kysely';
import { type Executor, type Prepared, prepared, runPrepared } from '../../platform/db.ts';
import { owesDebt } from './debt-queries.ts';
import type { TransferKind } from './kinds.ts';
import { MAIN_WALLET } from './wallet-types.ts';

export interface NewTransfer {
  debitId: number;
  creditId: number;
  amount: number;
  kind: TransferKind;
  reference: string | null;
  idempotencyKey: string;
}

/** Claims the idempotency key; returns the new id, or undefined when the key already exists. */
export async function insertTransfer(ex: Executor, t: NewTransfer): Promise<number | undefined> {
  const row = await ex
    .insertInto('ledger_transfer')
    .values({
      debit_account_id: t.debitId,
      credit_account_id: t.creditId,
      amount: t.amount,
      kind: t.kind,
      reference: t.reference,
      idempotency_key: t.idempotencyKey,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Both accounts of a transfer in one round trip: a member wallet by (member, wallet type), a system
 * account by code. Either id is undefined when the account does not exist (yet).
 */
export async function findAccountPair(
  ex: Executor,
  from: { member: number; wallet: number } | { system: string },
  to: { member: number; wallet: number } | { system: string },
): Promise<{ debitId: number | undefined; creditId: number | undefined }> {
  const one = (ref: typeof from) =>
    'system' in ref
      ? sql`(SELECT id FROM ledger_account WHERE code = ${ref.system})`
      : sql`(SELECT id FROM ledger_account WHERE member_id = ${ref.member} AND wallet_type_id = ${ref.wallet})`;
  const { rows } = await sql<{ debit_id: number | null; credit_id: number | null }>`
    SELECT ${one(from)} AS debit_id, ${one(to)} AS credit_id`.execute(ex);
  return { debitId: rows[0]?.debit_id ?? undefined, creditId: rows[0]?.credit_id ?? undefined };
}

/**
 * Claims the key and moves one member wallet in the same statement (a transfer whose other side is a
 * system account, which is never updated). `transferId` is undefined when the key already existed
 * (nothing moved); `moved` is false when a debit found too little money (the caller must roll back).
 */
export async function insertTransferAndMove(
  ex: Executor,
  t: NewTransfer,
  member: { id: number; out: boolean },
  /** A member whose main wallet this credits: also answers whether they owe a debt (`owes`). */
  debtor: number | null = null,
): Promise<{ transferId: number | undefined; moved: boolean; owes: boolean }> {
  const owes = debtor === null ? sql`false` : owesDebt(debtor);
  const move = member.out
    ? sql`UPDATE ledger_account SET balance = balance - ${t.amount}
          WHERE id = ${member.id} AND balance >= ${t.amount} AND EXISTS (SELECT 1 FROM t) RETURNING id`
    : sql`UPDATE ledger_account SET balance = balance + ${t.amount}
          WHERE id = ${member.id} AND EXISTS (SELECT 1 FROM t) RETURNING id`;
  const { rows } = await sql<{ transfer_id: number | null; moved: boolean; owes: boolean }>`
    WITH t AS (
      INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
      VALUES (${t.debitId}, ${t.creditId}, ${t.amount}, ${t.kind}, ${t.reference}, ${t.idempotencyKey})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id),
    m AS (${move})
    SELECT (SELECT id FROM t) AS transfer_id, EXISTS (SELECT 1 FROM m) AS moved, ${owes} AS owes`.execute(ex);
  return {
    transferId: rows[0]?.transfer_id ?? undefined,
    moved: rows[0]?.moved ?? false,
    owes: rows[0]?.owes ?? false,
  };
}

/** One statement's answer: both account ids (NULL when missing), the new transfer, moved, owes. */
interface MemberSystemRow {
  member_account: number | null;
  system_account: number | null;
  transfer_id: number | null;
  moved: boolean;
  owes: boolean;
}

/**
 * The statement of a movement between a member wallet and a system account, by direction and by
 * whether it also asks if the credited member owes a debt: four fixed texts, each a named prepared
 * statement. $1 member, $2 wallet type, $3 system code, $4 amount, $5 kind, $6 reference, $7 key.
 */
function memberSystemText(out: boolean, debtor: boolean): string {
  const [debit, credit] = out
    ? ['a.member_account', 'a.system_account']
    : ['a.system_account', 'a.member_account'];
  return `WITH a AS (
      SELECT (SELECT id FROM ledger_account WHERE member_id = $1::int AND wallet_type_id = $2::int) AS member_account,
             (SELECT id FROM ledger_account WHERE code = $3::text) AS system_account),
    t AS (
      INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
      SELECT ${debit}, ${credit}, $4::bigint, $5::text, $6::text, $7::text FROM a
      WHERE a.member_account IS NOT NULL AND a.system_account IS NOT NULL
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id),
    m AS (
      UPDATE ledger_account SET balance = balance ${out ? '-' : '+'} $4::bigint
      WHERE id = (SELECT member_account FROM a)${out ? ' AND balance >= $4::bigint' : ''} AND EXISTS (SELECT 1 FROM t)
      RETURNING id)
    SELECT a.member_account, a.system_account, (SELECT id FROM t) AS transfer_id, EXISTS (SELECT 1 FROM m) AS moved,
      ${debtor ? 'EXISTS (SELECT 1 FROM lotto_member_debt WHERE member_id = $1::int AND recovered < amount)' : 'false'} AS owes
    FROM a`;
}

const memberSystemStatements: Record<string, Prepared<MemberSystemRow>> = {};
for (const out of [true, false])
  for (const debtor of [true, false])
    memberSystemStatements[`${out}:${debtor}`] = prepared<MemberSystemRow>(
      `ledger_member_system_${out ? 'out' : 'in'}${debtor ? '_debtor' : ''}`,
      memberSystemText(out, debtor),
    );

/**
 * A transfer between a member wallet and a system account in one round trip (every bet, win and
 * refund): both accounts looked up, the key claimed and the member's row moved in one statement, as
 * findAccountPair and insertTransferAndMove do in two. An account id is null when the account does
 * not exist (nothing written); `transferId` undefined when the key already existed; `moved` false
 * when a debit found too little money; `owes` whether the credited member (`debtor`) owes a debt.
 */
export async function moveMemberSystem(
  ex: Executor,
  t: {
    member: { member: number; wallet: number };
    system: string;
    out: boolean;
    debtor: boolean;
    amount: number;
    kind: TransferKind;
    reference: string | null;
    idempotencyKey: string;
  },
): Promise<{
  memberAccount: number | null;
  systemAccount: number | null;
  transferId: number | undefined;
  moved: boolean;
  owes: boolean;
}> {
  const [row] = await runPrepared(ex, memberSystemStatements[`${t.out}:${t.debtor}`]!, [
    t.member.member,
    t.member.wallet,
    t.system,
    t.amount,
    t.kind,
    t.reference,
    t.idempotencyKey,
  ]);
  return {
    memberAccount: row?.member_account ?? null,
    systemAccount: row?.system_account ?? null,
    transferId: row?.transfer_id ?? undefined,
    moved: row?.moved ?? false,
    owes: row?.owes ?? false,
  };
}

export interface NewCredit {
  memberId: number;
  walletTypeId: number;
  amount: number;
  reference: string | null;
  idempotencyKey: string;
}

/**
 * Claims many transfers from one account to member wallets in one statement (keys that already exist
 * are skipped). Returns the rows inserted; a credit whose wallet does not exist is left out too, so
 * the caller compares keys to tell a replay from a missing wallet.
 */
export async function insertCredits(ex: Executor, debitId: number, kind: TransferKind, credits: NewCredit[]) {
  const { rows } = await sql<{ idempotency_key: string; credit_account_id: number; amount: number }>`
    INSERT INTO ledger_transfer (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key)
    SELECT ${debitId}, a.id, v.amount, ${kind}, v.reference, v.key
    FROM unnest(${credits.map((c) => c.memberId)}::int[], ${credits.map((c) => c.walletTypeId)}::int[],
      ${credits.map((c) => c.amount)}::bigint[], ${credits.map((c) => c.reference)}::text[],
      ${credits.map((c) => c.idempotencyKey)}::text[]) WITH ORDINALITY AS v(member_id, wallet_type_id, amount, reference, key, ord)
    JOIN ledger_account a ON a.member_id = v.member_id AND a.wallet_type_id = v.wallet_type_id
    ORDER BY v.ord
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING idempotency_key, credit_account_id, amount`.execute(ex);
  return rows;
}

export async function findTransfersByKeys(ex: Executor, keys: string[]) {
  return ex.selectFrom('ledger_transfer').selectAll().where('idempotency_key', 'in', keys).execute();
}

/**
 * Adds to many member wallets, locking their rows in ascending id order first. Returns the main
 * wallets among them whose member owes a debt (account id → member id), found in the same statement.
 */
export async function creditMemberAccounts(
  ex: Executor,
  sums: Map<number, number>,
): Promise<Map<number, number>> {
  const ids = [...sums.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ n: number; debtors: { id: number; member_id: number }[] | null }>`
    WITH l AS (SELECT id FROM ledger_account WHERE id = ANY(${ids}::int[]) AND kind = 'member_wallet'
               ORDER BY id FOR UPDATE),
    u AS (
      UPDATE ledger_account a SET balance = a.balance + v.amount
      FROM unnest(${ids}::int[], ${ids.map((id) => sums.get(id)!)}::bigint[]) AS v(id, amount)
      WHERE a.id = v.id AND a.id IN (SELECT id FROM l)
      RETURNING a.id, a.member_id, a.wallet_type_id)
    SELECT count(*)::int AS n,
      (SELECT json_agg(json_build_object('id', u.id, 'member_id', u.member_id)) FROM u
       WHERE u.wallet_type_id = ${sql.lit(MAIN_WALLET)} AND EXISTS (
         SELECT 1 FROM lotto_member_debt d WHERE d.member_id = u.member_id AND d.recovered < d.amount)) AS debtors
    FROM u`.execute(ex);
  if (rows[0]?.n !== ids.length) throw new Error('a credited ledger account is not a member wallet');
  return new Map((rows[0]?.debtors ?? []).map((d) => [d.id, d.member_id]));
}

export function findTransferByKey(ex: Executor, key: string) {
  return ex.selectFrom('ledger_transfer').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Debits a member wallet only if it holds enough; returns false (and changes nothing) otherwise. */
export async function debitMemberAccount(ex: Executor, accountId: number, amount: number): Promise<boolean> {
  const r = await ex
    .updateTable('ledger_account')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', accountId)
    .where('balance', '>=', amount)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function creditMemberAccount(ex: Executor, accountId: number, amount: number): Promise<void> {
  const r = await ex
    .updateTable('ledger_account')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new Error(`ledger account ${accountId} not found`);
}
