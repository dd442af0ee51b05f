import { createHash } from 'node:crypto';
import type { WalletStatus } from '@chok/contract/api/games';
import type { Satang } from '@chok/engine/money';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type Executor, inTransaction, raisedRefusal, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/rng.ts';
import { raisedProtectionError } from '../protection/service.ts';
import {
  type BONUS_WALLET,
  type FREE_CREDIT_WALLET,
  type Ledger,
  MAIN_WALLET,
  memberBalance,
  transferIdByKey,
  type WalletTypeId,
} from '../wallet/service.ts';
import * as q from './seamless-queries.ts';

/**
 * The seamless wallet (docs/rules/casino.md §3): what every game provider — external through the HTTP
 * adapter, or the in-house games in process — calls to take stakes and pay wins on the ledger.
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

/**
 * Whether a round staked from this wallet is still in play: a debit younger than OPEN_DEBIT_MINUTES
 * with no credit or rollback (an older one is taken as abandoned by its provider).
 */
export function hasOpenRound(ex: Executor, memberId: number, walletTypeId: number): Promise<boolean> {
  return q.hasOpenDebit(ex, memberId, OPEN_DEBIT_MINUTES, walletTypeId);
}

/** Settled stake from a bonus or free-credit wallet since `since` (the promotion turnover). */
export function settledStakeSince(
  ex: Executor,
  memberId: number,
  walletTypeId: typeof BONUS_WALLET | typeof FREE_CREDIT_WALLET,
  since: Date,
): Promise<number> {
  return q.settledStake(ex, memberId, walletTypeId, since);
}

export function playerIdOf(memberId: number): string {
  return String(memberId);
}
/** The member a provider's player id names: a member id (a PostgreSQL integer), or null for none. */
function memberIdOf(player: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(player) && Number(player) <= 2_147_483_647 ? Number(player) : null;
}

/** SHA-256 of what makes an operation itself: op, round, game, amount, bet reference (§3.2). */
function fingerprint(op: string, roundId: string, game: string, amount: number, betRef: string): Buffer {
  return createHash('sha256').update(`${op}\n${roundId}\n${game}\n${amount}\n${betRef}`).digest();
}

const systemAccount = (provider: string) => ({ system: `sys:game:${provider}` });
const ledgerKey = (provider: string, player: string, cls: 'tx' | 'rb', txId: string) =>
  `game:${provider}:${player}:${cls}:${txId}`;

export function createSeamlessWallet(deps: { db: Db; ledger: Ledger; clock: Clock }) {
  const { db, ledger, clock } = deps;

  async function answer(
    tx: Tx | Db,
    status: WalletStatus,
    memberId: number | null,
    walletTypeId: number | null,
  ) {
    const balance =
      memberId === null ? null : ((await memberBalance(tx, memberId, walletTypeId ?? MAIN_WALLET)) as Satang);
    return { status, balance, transferId: null } satisfies WalletAnswer;
  }

  /** Runs `work` in a transaction; a WalletRefusal or the ledger's INSUFFICIENT_FUNDS becomes a status. */
  async function run(
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

  /** A replayed key: the stored answer with today's balance, or why it cannot be replayed. */
  async function replay(tx: Tx, stored: q.OpRow, fp: Buffer, key: string): Promise<WalletAnswer> {
    const walletType = stored.wallet_type_id ?? MAIN_WALLET;
    if (stored.op === 'tombstone' || stored.state === 'rolled_back') {
      return answer(tx, 'TX_ROLLED_BACK', stored.member_id, walletType);
    }
    if (!stored.fingerprint.equals(fp)) return answer(tx, 'DUPLICATE_MISMATCH', stored.member_id, walletType);
    const balance = (await memberBalance(tx, stored.member_id, walletType)) as Satang;
    return { status: stored.status as WalletStatus, balance, transferId: await transferIdByKey(tx, key) };
  }

  function invalid(r: { amount: number; player: string }, allowZero: boolean): number | null {
    const memberId = memberIdOf(r.player);
    if (memberId === null) return null;
    if (!Number.isSafeInteger(r.amount) || r.amount < 0 || (!allowZero && r.amount === 0)) return null;
    return memberId;
  }

  async function debitIn(tx: Tx, r: DebitRequest): Promise<WalletAnswer> {
    const memberId = invalid(r, false);
    if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
    const now = clock.now();
    const fp = fingerprint('debit', r.roundId, r.game, r.amount, '');
    const key = ledgerKey(r.provider, r.player, 'tx', r.providerTxId);
    const { session, claimed } = await q.claimDebit(tx, {
      provider: r.provider,
      player: r.player,
      memberId,
      txId: r.providerTxId,
      roundId: r.roundId,
      game: r.game,
      amount: r.amount,
      fingerprint: fp,
      now,
      idleSince: new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000),
    });
    if (!claimed) {
      const stored = await q.findOp(tx, {
        provider: r.provider,
        player: r.player,
        txId: r.providerTxId,
        opClass: 'tx',
      });
      if (stored) return replay(tx, stored, fp, key);
      if (!session) throw new WalletRefusal('SESSION_EXPIRED', memberId, null);
      if (session.member_status !== 'active')
        throw new WalletRefusal('PLAYER_BLOCKED', memberId, session.wallet_type_id);
      throw new WalletRefusal('WALLET_NOT_ALLOWED', memberId, session.wallet_type_id);
    }
    const wallet = claimed.wallet_type_id as WalletTypeId;
    let transferId: number;
    try {
      ({ transferId } = await ledger.transfer(tx, {
        from: { member: memberId, wallet },
        to: systemAccount(r.provider),
        amount: r.amount,
        kind: 'bet',
        reference: `${r.provider}:${r.roundId || r.providerTxId}`,
        idempotencyKey: key,
      }));
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
        throw new WalletRefusal('INSUFFICIENT_FUNDS', memberId, wallet);
      }
      // The bet guard of player protection (docs/rules/protection.md §2.3, §3.2): the provider hears
      // the player may not bet; an in-house game shows the member why and until when.
      const raised = raisedRefusal(err);
      const reason = raised ? raisedProtectionError(raised) : null;
      if (reason) throw new WalletRefusal('PLAYER_BLOCKED', memberId, wallet, reason);
      throw err;
    }
    return { status: 'OK', balance: (await memberBalance(tx, memberId, wallet)) as Satang, transferId };
  }

  async function creditIn(tx: Tx, r: CreditRequest): Promise<WalletAnswer> {
    const memberId = invalid(r, true);
    if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
    const fp = fingerprint('credit', r.roundId, r.game, r.amount, r.betTxId);
    const key = ledgerKey(r.provider, r.player, 'tx', r.providerTxId);
    // The bet's row is locked first, so a racing rollback of the same bet waits for this credit.
    const bet = await q.findOp(
      tx,
      {
        provider: r.provider,
        player: r.player,
        txId: r.betTxId,
        opClass: 'tx',
      },
      true,
    );
    const claimedKey = await q.claimOp(tx, {
      provider: r.provider,
      player: r.player,
      txId: r.providerTxId,
      opClass: 'tx',
      op: 'credit',
      memberId,
      walletTypeId: bet?.wallet_type_id ?? null,
      roundId: r.roundId,
      game: r.game,
      amount: r.amount,
      betTxId: r.betTxId,
      fingerprint: fp,
      status: 'OK',
    });
    if (!claimedKey) {
      const stored = await q.findOp(tx, {
        provider: r.provider,
        player: r.player,
        txId: r.providerTxId,
        opClass: 'tx',
      });
      if (stored) return replay(tx, stored, fp, key);
    }
    if (bet?.op !== 'debit') throw new WalletRefusal('BET_NOT_FOUND', memberId, null);
    const wallet = (bet.wallet_type_id ?? MAIN_WALLET) as WalletTypeId;
    if (bet.state === 'rolled_back') throw new WalletRefusal('TX_ROLLED_BACK', memberId, wallet);
    let transferId: number | null = null;
    if (r.amount > 0) {
      ({ transferId } = await ledger.transfer(tx, {
        from: systemAccount(r.provider),
        to: { member: memberId, wallet },
        amount: r.amount,
        kind: 'win',
        reference: `${r.provider}:${r.roundId || r.betTxId}`,
        idempotencyKey: key,
      }));
    }
    if (bet.state === 'open') await q.setDebitState(tx, bet.id, 'settled');
    return { status: 'OK', balance: (await memberBalance(tx, memberId, wallet)) as Satang, transferId };
  }

  async function rollbackIn(tx: Tx, r: RollbackRequest): Promise<WalletAnswer> {
    const memberId = memberIdOf(r.player);
    if (memberId === null) throw new WalletRefusal('INVALID_REQUEST', null, null);
    const fp = fingerprint('rollback', '', '', 0, r.providerTxId);
    const betKey = {
      provider: r.provider,
      player: r.player,
      txId: r.providerTxId,
      opClass: 'tx' as const,
    };
    const rollbackKey = {
      ...betKey,
      opClass: 'rollback' as const,
      ledgerKey: ledgerKey(r.provider, r.player, 'rb', r.providerTxId),
    };
    let bet = await q.findOp(tx, betKey, true);
    if (!bet) {
      // Unknown id: claim its slot as a tombstone. If a debit claimed it meanwhile, the insert waited
      // for that transaction and the debit is read (and locked) instead.
      const tombstone = await q.claimOp(tx, {
        ...betKey,
        op: 'tombstone',
        memberId,
        walletTypeId: null,
        fingerprint: fp,
        status: 'OK',
      });
      if (!tombstone) bet = await q.findOp(tx, betKey, true);
    }
    let status: WalletStatus = 'OK';
    let wallet = bet?.wallet_type_id ?? (await q.latestSessionWallet(tx, memberId, r.provider));
    if (bet?.op === 'credit') status = 'INVALID_REQUEST';
    else if (bet?.op === 'debit' && bet.state === 'settled') status = 'BET_SETTLED';
    const claimed = await q.claimOp(tx, {
      ...rollbackKey,
      op: 'rollback',
      memberId,
      walletTypeId: wallet,
      fingerprint: fp,
      status,
    });
    if (!claimed) {
      const stored = await q.findOp(tx, rollbackKey);
      if (stored) {
        wallet = stored.wallet_type_id ?? wallet;
        return {
          status: stored.status as WalletStatus,
          balance: (await memberBalance(tx, memberId, wallet)) as Satang,
          transferId: await transferIdByKey(tx, rollbackKey.ledgerKey),
        };
      }
    }
    let transferId: number | null = null;
    if (status === 'OK' && bet?.op === 'debit' && bet.state === 'open') {
      ({ transferId } = await ledger.transfer(tx, {
        from: systemAccount(r.provider),
        to: { member: memberId, wallet: wallet as WalletTypeId },
        amount: bet.amount as Satang,
        kind: 'refund',
        reference: `${r.provider}:rollback:${r.providerTxId}`,
        idempotencyKey: rollbackKey.ledgerKey,
      }));
      await q.setDebitState(tx, bet.id, 'rolled_back');
    }
    return { status, balance: (await memberBalance(tx, memberId, wallet)) as Satang, transferId };
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
   * A provider debit: one round trip when it is the common case (a live session, a new id, money
   * enough) or a retry of an id already stored, else the transaction of `debitIn`. A given nonce is claimed first either way; a used one
   * throws NonceReused.
   */
  async function debit(r: DebitRequest, nonce: string | null = null): Promise<WalletAnswer> {
    const memberId = invalid(r, false);
    if (memberId !== null) {
      const now = clock.now();
      const fast = await oneCall(() =>
        q.fastDebit(db, {
          nonce,
          provider: r.provider,
          player: r.player,
          memberId,
          txId: r.providerTxId,
          roundId: r.roundId,
          game: r.game,
          amount: r.amount,
          fingerprint: fingerprint('debit', r.roundId, r.game, r.amount, ''),
          now,
          idleSince: new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000),
          ledgerKey: ledgerKey(r.provider, r.player, 'tx', r.providerTxId),
          reference: `${r.provider}:${r.roundId || r.providerTxId}`,
        }),
      );
      if (fast !== 'fallback' && fast !== 'undone') return fast;
      if (fast === 'fallback') nonce = null;
    }
    if (nonce !== null && !(await q.claimNonce(db, r.provider, nonce))) throw new NonceReused();
    return run(memberIdOf(r.player), (tx) => debitIn(tx, r));
  }

  /** A provider credit: one round trip in the common case (see `debit`), else `creditIn`'s transaction. */
  async function credit(r: CreditRequest, nonce: string | null = null): Promise<WalletAnswer> {
    const memberId = invalid(r, true);
    if (memberId !== null) {
      const fast = await oneCall(() =>
        q.fastCredit(db, {
          nonce,
          provider: r.provider,
          player: r.player,
          memberId,
          txId: r.providerTxId,
          betTxId: r.betTxId,
          roundId: r.roundId,
          game: r.game,
          amount: r.amount,
          fingerprint: fingerprint('credit', r.roundId, r.game, r.amount, r.betTxId),
          ledgerKey: ledgerKey(r.provider, r.player, 'tx', r.providerTxId),
          reference: `${r.provider}:${r.roundId || r.betTxId}`,
        }),
      );
      if (fast !== 'fallback' && fast !== 'undone') return fast;
      if (fast === 'fallback') nonce = null;
    }
    if (nonce !== null && !(await q.claimNonce(db, r.provider, nonce))) throw new NonceReused();
    return run(memberIdOf(r.player), (tx) => creditIn(tx, r));
  }

  return {
    /** Exchanges a launch token (single use, 60 s) for a session of 8 h with a 30-minute idle limit. */
    async authenticate(
      launchToken: string,
      opts: { provider?: string; sessionToken?: string } = {},
    ): Promise<Authenticated | { status: WalletStatus }> {
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const launch = await q.consumeLaunch(tx, hashToken(launchToken), now);
        if (!launch || (opts.provider !== undefined && launch.provider_id !== opts.provider)) {
          return { status: 'INVALID_TOKEN' as const };
        }
        if (launch.expires_at.getTime() <= now.getTime()) return { status: 'SESSION_EXPIRED' as const };
        const sessionId = await q.insertSession(tx, {
          memberId: launch.member_id,
          provider: launch.provider_id,
          gameId: launch.game_id,
          walletTypeId: launch.wallet_type_id,
          tokenHash: opts.sessionToken ? hashToken(opts.sessionToken) : null,
          now,
          expiresAt: new Date(now.getTime() + SESSION_HOURS * 3600_000),
          memberSessionId: launch.member_session_id,
        });
        return {
          status: 'OK' as const,
          playerId: playerIdOf(launch.member_id),
          memberId: launch.member_id,
          walletId: launch.wallet_type_id,
          gameId: launch.game_id,
          currency: 'THB' as const,
          balance: (await memberBalance(tx, launch.member_id, launch.wallet_type_id)) as Satang,
          sessionId,
        };
      });
    },
    debit,
    credit,
    rollback: (r: RollbackRequest) => run(memberIdOf(r.player), (tx) => rollbackIn(tx, r)),
    /** The same calls inside a caller's transaction (in-house games); a refusal throws WalletRefusal. */
    debitIn,
    creditIn,
    rollbackIn,
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
