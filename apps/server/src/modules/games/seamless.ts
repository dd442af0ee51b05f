import type { Executor, Tx } from '../../platform/db.ts';
import type { BONUS_WALLET, FREE_CREDIT_WALLET } from '../wallet/service.ts';
import {
  type CreditRequest,
  type DebitRequest,
  OPEN_DEBIT_MINUTES,
  type RollbackRequest,
  type SeamlessDeps,
} from './seamless-calls.ts';
import { credit, creditIn } from './seamless-credit.ts';
import { debit, debitIn } from './seamless-debit.ts';
import * as q from './seamless-queries.ts';
import { rollback, rollbackIn } from './seamless-rollback.ts';
import { authenticate } from './seamless-session.ts';

/**
 * The seamless wallet (docs/rules/casino.md §3): what every game provider — external through the HTTP
 * adapter, or the in-house games in process — calls to take stakes and pay wins on the ledger. The
 * calls are plain functions `(deps, input)`, one file each (`seamless-session.ts`, `seamless-debit.ts`,
 * `seamless-credit.ts`, `seamless-rollback.ts`, what they share in `seamless-calls.ts`); this file
 * binds them to the module's deps as the wallet other modules receive.
 */
export {
  type Authenticated,
  type CreditRequest,
  type DebitRequest,
  LAUNCH_TOKEN_SECONDS,
  NonceReused,
  OPEN_DEBIT_MINUTES,
  playerIdOf,
  type RollbackRequest,
  SESSION_HOURS,
  SESSION_IDLE_MINUTES,
  type SeamlessDeps,
  type WalletAnswer,
  WalletRefusal,
} from './seamless-calls.ts';

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

/** The wallet's calls bound to the module's deps: what the adapter and the in-house games call. */
export function createSeamlessWallet(deps: SeamlessDeps) {
  return {
    authenticate: (launchToken: string, opts?: { provider?: string; sessionToken?: string }) =>
      authenticate(deps, launchToken, opts),
    debit: (r: DebitRequest, nonce: string | null = null) => debit(deps, r, nonce),
    credit: (r: CreditRequest, nonce: string | null = null) => credit(deps, r, nonce),
    rollback: (r: RollbackRequest) => rollback(deps, r),
    /** The same calls inside a caller's transaction (in-house games); a refusal throws WalletRefusal. */
    debitIn: (tx: Tx, r: DebitRequest) => debitIn(deps, tx, r),
    creditIn: (tx: Tx, r: CreditRequest) => creditIn(deps, tx, r),
    rollbackIn: (tx: Tx, r: RollbackRequest) => rollbackIn(deps, tx, r),
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
