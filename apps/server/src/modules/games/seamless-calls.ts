import { createHash } from 'node:crypto';
import type { WalletStatus } from '@chok/contract/api/games';
import type { Satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, raisedRefusal, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ledger, MAIN_WALLET, memberBalance } from '../wallet/service.ts';
import * as q from './seamless-queries.ts';
import { transferIdByKey } from './wallet-queries.ts';

/**
 * What every call of the seamless wallet (docs/rules/casino.md §3) shares: the requests and answers,
 * the refusals, the keys an operation is stored and booked under, and the transaction a call runs in.
 * Each call is one transaction; a refusal changes nothing and answers its status with the balance.
 */
export interface DebitRequest {
  provider: string;
  player: string;
  providerTxId: string;
  roundId: string;
  game: string;
  amount: Satang;
}
export interface CreditRequest extends DebitRequest {
  betTxId: string;
}
export interface RollbackRequest {
  provider: string;
  player: string;
  providerTxId: string;
}
export interface WalletAnswer {
  status: WalletStatus;
  balance: Satang | null;
  transferId: number | null;
}
export interface Authenticated {
  status: 'OK';
  playerId: string;
  memberId: number;
  walletId: number;
  gameId: number;
  currency: 'THB';
  balance: Satang;
  sessionId: number;
}

/** What the wallet's calls need: the database, the ledger they book on, the server clock. */
export interface SeamlessDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
}

/** A signed call's nonce was used within the window (docs/rules/casino.md §3.6): the adapter answers 401. */
export class NonceReused extends Error {
  constructor() {
    super('nonce reused');
  }
}

/** Thrown inside a wallet transaction to roll it back and answer a status. */
export class WalletRefusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly memberId: number | null,
    readonly walletTypeId: number | null,
    /** The member's own reason, when there is one to show (a protection limit). */
    readonly reason: AppError | null = null,
  ) {
    super(status);
  }
}

export const SESSION_HOURS = 8;
export const SESSION_IDLE_MINUTES = 30;
export const LAUNCH_TOKEN_SECONDS = 60;
export const OPEN_DEBIT_MINUTES = 60;

export function playerIdOf(memberId: number): string {
  return String(memberId);
}
/** The member a provider's player id names: a member id (a PostgreSQL integer), or null for none. */
export function memberIdOf(player: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(player) && Number(player) <= 2_147_483_647 ? Number(player) : null;
}

/** The member of a debit or credit whose player and amount are well formed, else null. */
export function validMember(r: { amount: number; player: string }, allowZero: boolean): number | null {
  const memberId = memberIdOf(r.player);
  if (memberId === null) return null;
  if (!Number.isSafeInteger(r.amount) || r.amount < 0 || (!allowZero && r.amount === 0)) return null;
  return memberId;
}

/** SHA-256 of what makes an operation itself: op, round, game, amount, bet reference (§3.2). */
export function fingerprint(
  op: string,
  roundId: string,
  game: string,
  amount: number,
  betRef: string,
): Buffer {
  return createHash('sha256').update(`${op}\n${roundId}\n${game}\n${amount}\n${betRef}`).digest();
}

/** A stake's or a win's own facts as the wallet's statements take them. */
export function opOf(r: DebitRequest, memberId: number) {
  return {
    provider: r.provider,
    player: r.player,
    memberId,
    txId: r.providerTxId,
    roundId: r.roundId,
    game: r.game,
    amount: r.amount,
  };
}

/** The stored op of a request's own transaction id (`findOp`'s key). */
export const txKeyOf = (r: { provider: string; player: string; providerTxId: string }) => ({
  provider: r.provider,
  player: r.player,
  txId: r.providerTxId,
  opClass: 'tx' as const,
});

export const systemAccount = (provider: string) => ({ system: `sys:game:${provider}` });
export const ledgerKey = (provider: string, player: string, cls: 'tx' | 'rb', txId: string) =>
  `game:${provider}:${player}:${cls}:${txId}`;
/** The ledger key of a stake's or a win's transfer: its own transaction id's. */
export const txLedgerKey = (r: DebitRequest) => ledgerKey(r.provider, r.player, 'tx', r.providerTxId);
/** A stake's or a win's ledger reference: its round, or the bet's transaction id when it has none. */
export const roundReference = (r: DebitRequest, betTxId: string) => `${r.provider}:${r.roundId || betTxId}`;

/** A status with the member's balance of the wallet (main when none is known). */
export async function answer(
  ex: Tx | Db,
  status: WalletStatus,
  memberId: number | null,
  walletTypeId: number | null,
): Promise<WalletAnswer> {
  const balance =
    memberId === null ? null : ((await memberBalance(ex, memberId, walletTypeId ?? MAIN_WALLET)) as Satang);
  return { status, balance, transferId: null } satisfies WalletAnswer;
}

/** Runs `work` in a transaction; a WalletRefusal or the ledger's INSUFFICIENT_FUNDS becomes a status. */
export async function inWalletTransaction(
  db: Db,
  memberId: number | null,
  work: (tx: Tx) => Promise<WalletAnswer>,
): Promise<WalletAnswer> {
  try {
    return await inTransaction(db, work);
  } catch (err) {
    if (err instanceof WalletRefusal) return answer(db, err.status, err.memberId, err.walletTypeId);
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      return answer(db, 'INSUFFICIENT_FUNDS', memberId, null);
    }
    if ((err as { code?: string }).code === '23503') return answer(db, 'INVALID_REQUEST', null, null);
    throw err;
  }
}

/** An operation done: OK with the wallet's balance after it and its ledger transfer, if any. */
export async function done(
  tx: Tx,
  memberId: number,
  wallet: number,
  transferId: number | null,
): Promise<WalletAnswer> {
  return { status: 'OK', balance: (await memberBalance(tx, memberId, wallet)) as Satang, transferId };
}

/**
 * A stake or a win whose id an earlier call claimed: that call's stored answer replayed (see `replay`),
 * or undefined when none is stored.
 */
export async function replayStored(
  tx: Tx,
  r: DebitRequest,
  fp: Buffer,
  key: string,
): Promise<WalletAnswer | undefined> {
  const stored = await q.findOp(tx, txKeyOf(r));
  return stored ? replay(tx, stored, fp, key) : undefined;
}

/** A replayed key: the stored answer with today's balance, or why it cannot be replayed. */
export async function replay(tx: Tx, stored: q.OpRow, fp: Buffer, key: string): Promise<WalletAnswer> {
  const walletType = stored.wallet_type_id ?? MAIN_WALLET;
  if (stored.op === 'tombstone' || stored.state === 'rolled_back') {
    return answer(tx, 'TX_ROLLED_BACK', stored.member_id, walletType);
  }
  if (!stored.fingerprint.equals(fp)) return answer(tx, 'DUPLICATE_MISMATCH', stored.member_id, walletType);
  const balance = (await memberBalance(tx, stored.member_id, walletType)) as Satang;
  return { status: stored.status as WalletStatus, balance, transferId: await transferIdByKey(tx, key) };
}

/**
 * The common case of a debit or credit as one database call (decision 0012). 'fallback': the call
 * wrote nothing but the nonce and the TypeScript path answers; 'undone': the call raised and left
 * nothing, nonce included.
 */
async function oneCall(call: () => Promise<q.FastAnswer>): Promise<WalletAnswer | 'fallback' | 'undone'> {
  let a: q.FastAnswer;
  try {
    a = await call();
  } catch (err) {
    if (raisedRefusal(err) || (err as { code?: string }).code === '23503') return 'undone';
    throw err;
  }
  if ('nonce_reused' in a) throw new NonceReused();
  if ('fallback' in a) return 'fallback';
  if ('replay' in a) {
    return { status: a.status as WalletStatus, balance: a.balance as Satang, transferId: a.transfer_id };
  }
  return { status: 'OK', balance: a.balance as Satang, transferId: a.transfer_id };
}

/**
 * A provider debit or credit: one round trip (`fast`) when the request is well formed (`memberId`) and
 * the common case, else the transaction of `work`. A given nonce is claimed first either way — by the
 * one call, or here when that call was undone; a used one throws NonceReused.
 */
export async function oneCallOrTransaction(
  db: Db,
  r: { provider: string; player: string },
  nonce: string | null,
  memberId: number | null,
  fast: (memberId: number) => Promise<q.FastAnswer>,
  work: (tx: Tx) => Promise<WalletAnswer>,
): Promise<WalletAnswer> {
  if (memberId !== null) {
    const a = await oneCall(() => fast(memberId));
    if (a !== 'fallback' && a !== 'undone') return a;
    if (a === 'fallback') nonce = null;
  }
  if (nonce !== null && !(await q.claimNonce(db, r.provider, nonce))) throw new NonceReused();
  return inWalletTransaction(db, memberIdOf(r.player), work);
}
