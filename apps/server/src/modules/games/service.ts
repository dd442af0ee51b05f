/**
 * What other modules may use of the games module (docs/architecture.md, "Tables have one owner"):
 * capabilities over its tables, each taking the caller's executor so it runs in the caller's
 * transaction. Statements that only read its tables live with their callers under a grant.
 */
import type { Executor, Tx } from '../../platform/db.ts';
import * as admin from './admin-queries.ts';
import * as launch from './launch-queries.ts';

/** Catalogue names of games by id (the in-house rounds list, the wallet's statement lines). */
export function gameNames(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  return admin.gameNames(ex, ids);
}

/**
 * The game categories a wallet type may play, in name order (the lottery and the promotions name them
 * when they refuse a wallet, docs/rules/casino.md §1).
 */
export function walletTypeCategories(ex: Executor, walletTypeId: number): Promise<string[]> {
  return launch.walletTypeCategories(ex, walletTypeId);
}

/** A demo session of an in-house game by its token's hash; `forUpdate` locks it for a balance change. */
export function demoSession(ex: Executor, tokenHash: Buffer, forUpdate = false) {
  return launch.demoSession(ex, tokenHash, forUpdate);
}

/**
 * Moves a demo session's play money in one statement (− `debit` + `credit`, only while the balance
 * holds `debit`; sets its pending stakes when given): the new balance, or null when it did not hold.
 */
export function moveDemoBalance(
  tx: Tx,
  demoId: number,
  m: { debit?: number; credit?: number; pending?: readonly unknown[] },
): Promise<number | null> {
  return launch.moveDemoBalance(tx, demoId, m);
}

/** Ends every game of the member (player protection's time-out or self-exclusion). */
export function endMemberGames(ex: Executor, memberId: number, now: Date): Promise<void> {
  return launch.endMemberGames(ex, memberId, now);
}

// The seamless wallet: the in-house games pay through it like any provider; payments reads the
// bonus wallet's open rounds and settled stake (promotion turnover).
export {
  type Authenticated,
  type CreditRequest,
  type DebitRequest,
  hasOpenRound,
  playerIdOf,
  type RollbackRequest,
  type SeamlessWallet,
  settledStakeSince,
  type WalletAnswer,
  WalletRefusal,
} from './seamless.ts';
// The in-house games' provider id.
export { IN_HOUSE_PROVIDER } from './seed.ts';
