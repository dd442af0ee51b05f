import { sql } from 'kysely';
import { type Executor, prepared, runPrepared } from '../../platform/db.ts';
import { type BONUS_WALLET, type FREE_CREDIT_WALLET, MAIN_WALLET } from '../wallet/service.ts';

/** SQL of the seamless wallet (docs/rules/casino.md §3). Every write claims its key with ON CONFLICT DO NOTHING. */

export interface OpRow {
  id: number;
  op: 'debit' | 'credit' | 'tombstone' | 'rollback';
  member_id: number;
  wallet_type_id: number | null;
  fingerprint: Buffer;
  status: string;
  state: 'open' | 'settled' | 'rolled_back' | null;
  amount: number;
}

/** The stored op of a key (its ledger transfer, if any, is the one written under the op's ledger key). */
export async function findOp(
  ex: Executor,
  k: { provider: string; player: string; txId: string; opClass: 'tx' | 'rollback' },
  forUpdate = false,
): Promise<OpRow | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const { rows } = await sql<OpRow>`
    SELECT id, op, member_id, wallet_type_id, fingerprint, status, state, amount
    FROM wallet_op
    WHERE provider_id = ${k.provider} AND player_id = ${k.player} AND provider_tx_id = ${k.txId}
      AND op_class = ${k.opClass}
    ${lock}`.execute(ex);
  return rows[0];
}

export async function claimOp(
  ex: Executor,
  o: {
    provider: string;
    player: string;
    txId: string;
    opClass: 'tx' | 'rollback';
    op: 'credit' | 'tombstone' | 'rollback';
    memberId: number;
    walletTypeId: number | null;
    roundId?: string;
    game?: string;
    amount?: number;
    betTxId?: string | null;
    fingerprint: Buffer;
    status: string;
  },
): Promise<boolean> {
  const row = await ex
    .insertInto('wallet_op')
    .values({
      provider_id: o.provider,
      player_id: o.player,
      provider_tx_id: o.txId,
      op_class: o.opClass,
      op: o.op,
      member_id: o.memberId,
      wallet_type_id: o.walletTypeId,
      session_id: null,
      round_id: o.roundId ?? '',
      game_code: o.game ?? '',
      amount: o.amount ?? 0,
      bet_tx_id: o.betTxId ?? null,
      fingerprint: o.fingerprint,
      status: o.status,
      state: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setDebitState(
  ex: Executor,
  id: number,
  state: 'settled' | 'rolled_back',
): Promise<void> {
  await ex.updateTable('wallet_op').set({ state }).where('id', '=', id).where('state', '=', 'open').execute();
}

/** The wallet of the member's newest session with a provider (main when none). */
export async function latestSessionWallet(ex: Executor, memberId: number, provider: string): Promise<number> {
  const row = await ex
    .selectFrom('game_session')
    .select('wallet_type_id')
    .where('member_id', '=', memberId)
    .where('provider_id', '=', provider)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.wallet_type_id ?? MAIN_WALLET;
}

export async function consumeLaunch(ex: Executor, tokenHash: Buffer, now: Date) {
  return ex
    .updateTable('game_launch as l')
    .set({ used_at: now })
    .from('game as g')
    .whereRef('g.id', '=', 'l.game_id')
    .where('l.token_hash', '=', tokenHash)
    .where('l.used_at', 'is', null)
    .where('l.revoked_at', 'is', null)
    .returning([
      'l.member_id',
      'l.wallet_type_id',
      'l.game_id',
      'l.expires_at',
      'l.member_session_id',
      'g.provider_id',
    ])
    .executeTakeFirst();
}

export async function insertSession(
  ex: Executor,
  s: {
    memberId: number;
    provider: string;
    gameId: number;
    walletTypeId: number;
    tokenHash: Buffer | null;
    now: Date;
    expiresAt: Date;
    /** The member session the launch came from; the game session ends with it. */
    memberSessionId: number | null;
  },
): Promise<number> {
  const row = await ex
    .insertInto('game_session')
    .values({
      member_id: s.memberId,
      provider_id: s.provider,
      game_id: s.gameId,
      wallet_type_id: s.walletTypeId,
      token_hash: s.tokenHash,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      member_session_id: s.memberSessionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A debit from the wallet younger than `minutes` with no credit or rollback: a round still in play. */
export async function hasOpenDebit(
  ex: Executor,
  memberId: number,
  minutes: number,
  walletTypeId: number,
): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    SELECT 1 AS one FROM wallet_op
    WHERE member_id = ${memberId} AND op = 'debit' AND state = 'open' AND wallet_type_id = ${walletTypeId}
      AND created_at > now() - make_interval(mins => ${minutes})
    LIMIT 1`.execute(ex);
  return rows.length > 0;
}

/**
 * Σ stake of a member's settled debits from a bonus or free-credit wallet since `since`: credited
 * (a win of 0 settles too), so never rolled back — the turnover of docs/rules/casino.md §1.2. A bet
 * counts once its round is settled, not when it is placed.
 */
export async function settledStake(
  ex: Executor,
  memberId: number,
  walletTypeId: typeof BONUS_WALLET | typeof FREE_CREDIT_WALLET,
  since: Date,
): Promise<number> {
  const { rows } = await sql<{ stake: number }>`
    SELECT COALESCE(sum(amount), 0)::bigint AS stake FROM wallet_op
    WHERE member_id = ${memberId} AND op = 'debit' AND wallet_type_id = ${sql.lit(walletTypeId)}
      AND state = 'settled' AND created_at >= ${since}`.execute(ex);
  return rows[0]?.stake ?? 0;
}

export async function purgeNonces(ex: Executor, olderThanMinutes: number): Promise<void> {
  await sql`DELETE FROM provider_nonce WHERE created_at < now() - make_interval(mins => ${olderThanMinutes})`.execute(
    ex,
  );
}

/** A provider's signing secret, or null when it is unknown or inactive (or has none: in-house). */
export async function providerSecret(ex: Executor, provider: string): Promise<string | null> {
  const row = await ex
    .selectFrom('game_provider')
    .select(['secret', 'is_active'])
    .where('id', '=', provider)
    .executeTakeFirst();
  return row?.is_active ? row.secret : null;
}

/** Claims a signed request's nonce; false when it was used within the window. */
export async function claimNonce(ex: Executor, provider: string, nonce: string): Promise<boolean> {
  const row = await ex
    .insertInto('provider_nonce')
    .values({ provider_id: provider, nonce })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/** What the one-call debit and credit answer (games/sql/seamless_debit.sql, seamless_credit.sql). */
export type FastAnswer =
  | { nonce_reused: true }
  | { fallback: true }
  | { transfer_id: number | null; balance: number; wallet_type_id: number }
  /** A transaction id already stored: the stored answer (seamless.ts `replay`) with the balance now. */
  | { replay: true; status: string; transfer_id: number | null; balance: number; wallet_type_id: number };

const debitStatement = prepared<{ r: FastAnswer }>(
  'seamless_debit',
  `SELECT seamless_debit($1::text, $2::text, $3::text, $4::int, $5::text, $6::text, $7::text, $8::bigint,
     $9::bytea, $10::timestamptz, $11::timestamptz, $12::text, $13::text, $14::int) AS r`,
);

/**
 * A provider debit in one round trip, outside any transaction (decision 0012): the nonce (if given),
 * the claim of the id under the player's live session, the bet transfer. `fallback` when the id was
 * not claimed (nothing but the nonce written); too little money raises CK001 INSUFFICIENT_FUNDS.
 */
export async function fastDebit(
  ex: Executor,
  d: DebitClaim & { nonce: string | null; ledgerKey: string; reference: string },
): Promise<FastAnswer> {
  const rows = await runPrepared(ex, debitStatement, [
    d.nonce,
    d.provider,
    d.player,
    d.memberId,
    d.txId,
    d.roundId,
    d.game,
    d.amount,
    d.fingerprint,
    d.now,
    d.idleSince,
    d.ledgerKey,
    d.reference,
    MAIN_WALLET,
  ]);
  return rows[0]!.r;
}

const creditStatement = prepared<{ r: FastAnswer }>(
  'seamless_credit',
  `SELECT seamless_credit($1::text, $2::text, $3::text, $4::int, $5::text, $6::text, $7::text, $8::text,
     $9::bigint, $10::bytea, $11::text, $12::text, $13::int) AS r`,
);

/**
 * A provider credit in one round trip, outside any transaction (decision 0012): the nonce, the bet
 * locked, the credit's id claimed, the win transfer, the bet settled; `fallback` (nothing but the
 * nonce written) for anything else than that common case.
 */
export async function fastCredit(
  ex: Executor,
  c: {
    nonce: string | null;
    provider: string;
    player: string;
    memberId: number;
    txId: string;
    betTxId: string;
    roundId: string;
    game: string;
    amount: number;
    fingerprint: Buffer;
    ledgerKey: string;
    reference: string;
  },
): Promise<FastAnswer> {
  const rows = await runPrepared(ex, creditStatement, [
    c.nonce,
    c.provider,
    c.player,
    c.memberId,
    c.txId,
    c.betTxId,
    c.roundId,
    c.game,
    c.amount,
    c.fingerprint,
    c.ledgerKey,
    c.reference,
    MAIN_WALLET,
  ]);
  return rows[0]!.r;
}

export interface SessionProbe {
  id: number;
  wallet_type_id: number;
  member_status: string;
  allowed: boolean;
}

/** A provider debit to claim: the player's session is found by provider and member. */
export interface DebitClaim {
  provider: string;
  player: string;
  memberId: number;
  txId: string;
  roundId: string;
  game: string;
  amount: number;
  fingerprint: Buffer;
  now: Date;
  idleSince: Date;
}

/**
 * One round trip for the common debit (it reads the member's status, as modules/members grants): finds the member's live session with this provider (8 h
 * absolute, idle limit), touches it, and claims the debit's key when the session may bet. Returns
 * the session probe and whether the key was claimed by this call.
 */
export async function claimDebit(
  ex: Executor,
  d: DebitClaim,
): Promise<{ session: SessionProbe | null; claimed: { id: number; wallet_type_id: number } | null }> {
  const { rows } = await sql<{
    session: SessionProbe | null;
    claimed: { id: number; wallet_type_id: number } | null;
  }>`
    WITH s AS (
      SELECT gs.id, gs.wallet_type_id, m.status AS member_status,
        EXISTS (SELECT 1 FROM game g JOIN game_wallet_category c ON c.category = ANY (g.categories)
                WHERE g.id = gs.game_id AND c.wallet_type_id = gs.wallet_type_id)
        AND (played.id IS NULL OR EXISTS (
                SELECT 1 FROM game g JOIN game_wallet_category c ON c.category = ANY (g.categories)
                WHERE g.id = played.id AND c.wallet_type_id = gs.wallet_type_id)) AS allowed
      FROM game_session gs JOIN member m ON m.id = gs.member_id
        JOIN game sg ON sg.id = gs.game_id
        LEFT JOIN game played ON played.provider_id = ${d.provider} AND played.code = ${d.game}
      WHERE gs.member_id = ${d.memberId} AND gs.provider_id = ${d.provider} AND gs.closed_at IS NULL
        AND gs.expires_at > ${d.now} AND gs.last_seen_at > ${d.idleSince}
      -- The session of the game debited first (its wallet was chosen for it), else the newest; and
      -- the wallet must be allowed for the session's game and the debited one (docs/rules/casino.md §1, §3.4).
      ORDER BY (sg.code = ${d.game}) DESC, gs.id DESC LIMIT 1
    ), ok AS (
      SELECT * FROM s WHERE allowed AND member_status = 'active'
    ), touch AS (
      -- Touched on every debit, so the 30-minute idle limit counts from the last one exactly (measured:
      -- no cost to the callbacks bench, docs/decisions/0012 fourth session).
      UPDATE game_session SET last_seen_at = ${d.now}
      WHERE id = (SELECT id FROM ok) AND last_seen_at < ${d.now}::timestamptz
    ), ins AS (
      INSERT INTO wallet_op (provider_id, player_id, provider_tx_id, op_class, op, member_id, wallet_type_id,
        session_id, round_id, game_code, amount, fingerprint, status, state)
      SELECT ${d.provider}, ${d.player}, ${d.txId}, 'tx', 'debit', ${d.memberId}, ok.wallet_type_id,
        ok.id, ${d.roundId}, ${d.game}, ${d.amount}, ${d.fingerprint}, 'OK', 'open'
      FROM ok
      ON CONFLICT DO NOTHING
      RETURNING id, wallet_type_id
    )
    SELECT (SELECT row_to_json(s) FROM s) AS session, (SELECT row_to_json(ins) FROM ins) AS claimed`.execute(
    ex,
  );
  return rows[0] ?? { session: null, claimed: null };
}
