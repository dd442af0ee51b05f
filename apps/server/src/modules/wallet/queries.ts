import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import type { TransferKind } from './kinds.ts';

export const WALLET_TYPES = [1, 2, 3] as const;
export type WalletTypeId = (typeof WALLET_TYPES)[number];

export async function insertMemberWallets(ex: Executor, memberId: number): Promise<void> {
  await ex
    .insertInto('ledger_account')
    .values(
      WALLET_TYPES.map((t) => ({
        member_id: memberId,
        wallet_type_id: t,
        kind: 'member_wallet' as const,
        balance: 0,
      })),
    )
    .execute();
}

/** A member wallet's balance in satang (0 when the wallet does not exist). */
export async function memberBalance(ex: Executor, memberId: number, walletTypeId: number): Promise<number> {
  const row = await ex
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', walletTypeId)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Locks a member's wallets in ascending id order (the ledger's order) and returns their balances,
 * so nothing moves them until the caller commits.
 */
export async function lockMemberWallets(
  ex: Executor,
  memberId: number,
  walletTypeIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await ex
    .selectFrom('ledger_account')
    .select(['wallet_type_id', 'balance'])
    .where('member_id', '=', memberId)
    .where('wallet_type_id', 'in', walletTypeIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.wallet_type_id ?? 0, r.balance ?? 0]));
}

export async function findMemberAccountId(
  ex: Executor,
  memberId: number,
  walletTypeId: number,
): Promise<number | undefined> {
  const row = await ex
    .selectFrom('ledger_account')
    .select('id')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', walletTypeId)
    .executeTakeFirst();
  return row?.id;
}

export async function findSystemAccountId(ex: Executor, code: string): Promise<number | undefined> {
  const row = await ex.selectFrom('ledger_account').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

export async function upsertSystemAccount(ex: Executor, code: string): Promise<number> {
  await ex
    .insertInto('ledger_account')
    .values({ code, kind: 'system' })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await ex
    .selectFrom('ledger_account')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function isMemberAccount(ex: Executor, accountId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('ledger_account')
    .select('kind')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.kind === 'member_wallet';
}

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

/**
 * Whether a member owes an unrecovered debt (today the only kind: a corrected lottery win the
 * wallet could not cover, docs/rules/lottery.md §8.3). An index probe on the open-debt index.
 */
function owesDebt(memberId: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM lotto_member_debt WHERE member_id = ${memberId} AND recovered < amount)`;
}

export async function owes(ex: Executor, memberId: number): Promise<boolean> {
  const { rows } = await sql<{ owes: boolean }>`SELECT ${owesDebt(memberId)} AS owes`.execute(ex);
  return rows[0]?.owes ?? false;
}

/** A member's open debts, oldest first, locked so two credits never recover the same satang. */
export function lockOpenDebts(ex: Executor, memberId: number) {
  return ex
    .selectFrom('lotto_member_debt')
    .select(['id', 'amount', 'recovered'])
    .where('member_id', '=', memberId)
    .where((eb) => eb('recovered', '<', eb.ref('amount')))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function addRecovered(ex: Executor, debtId: number, amount: number): Promise<void> {
  await ex
    .updateTable('lotto_member_debt')
    .set({ recovered: sql`recovered + ${amount}` })
    .where('id', '=', debtId)
    .execute();
}

/** What a member still owes, in satang (0 when nothing). */
export async function outstandingDebt(ex: Executor, memberId: number): Promise<number> {
  const { rows } = await sql<{ owed: number }>`
    SELECT COALESCE(sum(amount - recovered), 0)::bigint AS owed FROM lotto_member_debt
    WHERE member_id = ${memberId} AND recovered < amount`.execute(ex);
  return rows[0]?.owed ?? 0;
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
       WHERE u.wallet_type_id = 1 AND EXISTS (
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

export function memberWallets(ex: Executor, memberId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
    .select(['a.id', 't.name as wallet_name', 'a.balance', 'a.wallet_type_id'])
    .where('a.member_id', '=', memberId)
    .orderBy('a.wallet_type_id')
    .execute();
}

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
 * commit, so a lower id can appear after a higher one; only transfers older than `settle_minutes`
 * (far longer than any transaction may run: see the pool's statement timeout) are folded in.
 */
export async function rollupSystemBalances(ex: Executor, settle_minutes = 5): Promise<void> {
  await sql`
    WITH cut AS (
      SELECT COALESCE(max(id), 0) AS up_to FROM ledger_transfer
      WHERE created_at < now() - make_interval(mins => ${settle_minutes})
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
 * One page of a member's statement lines (a transfer between two of its wallets shows twice) and the
 * total. A game's bet, win or refund also carries the game's catalogue name, for the member to read:
 * the seamless wallet keys its transfers `game:<provider>:<player>:<tx|rb>:<provider tx id>`, and
 * that operation (found by its unique key) names the game. Read-only, and only for the page's rows.
 */
export async function memberStatement(ex: Executor, f: StatementFilter) {
  const [page, count] = await Promise.all([
    sql<{
      id: number;
      created_at: Date;
      kind: TransferKind;
      direction: 'in' | 'out';
      amount: number;
      wallet_type_id: number;
      wallet_name: string;
      reference: string | null;
      game_name: string | null;
    }>`${statementLines(f)}, paged AS (
        SELECT *, regexp_match(idempotency_key, '^game:([^:]+):([^:]+):(?:tx|rb):(.+)$') AS game_key
        FROM filtered ORDER BY id DESC, direction LIMIT ${f.limit} OFFSET ${f.offset}
      )
      SELECT p.id, p.created_at, p.kind, p.direction, p.amount, p.wallet_type_id, p.wallet_name, p.reference,
        g.name AS game_name
      FROM paged p
      LEFT JOIN LATERAL (
        SELECT g.name FROM wallet_op o JOIN game g ON g.provider_id = o.provider_id AND g.code = o.game_code
        WHERE p.game_key IS NOT NULL AND o.provider_id = p.game_key[1] AND o.player_id = p.game_key[2]
          AND o.provider_tx_id = p.game_key[3] AND o.op_class = 'tx'
      ) g ON true
      ORDER BY p.id DESC, p.direction`.execute(ex),
    sql<{ total: number }>`${statementLines(f)} SELECT count(*)::bigint AS total FROM filtered`.execute(ex),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
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
    .selectFrom('member_withdrawal_freeze as f')
    .innerJoin('member as m', 'm.id', 'f.member_id')
    .select([
      'f.id',
      'f.member_id',
      'm.phone',
      'f.reason',
      'f.detail',
      'f.created_at',
      'f.cleared_at',
      'f.cleared_by',
      'f.clear_note',
    ])
    .orderBy('f.id', 'desc')
    .limit(f.limit);
  q = f.open ? q.where('f.cleared_at', 'is', null) : q.where('f.cleared_at', 'is not', null);
  if (f.memberId != null) q = q.where('f.member_id', '=', f.memberId);
  if (f.id !== undefined) q = q.where('f.id', '=', f.id);
  return q.execute();
}

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
