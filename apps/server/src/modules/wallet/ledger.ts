import type { Db } from '../../platform/db.ts';
import { reconcile, reconcileAndFreeze, rollupSystemBalances } from './reconciliation.ts';
import { creditMany, hold, payOutHold, release, transfer } from './transfer.ts';
import { openMemberWallets, walletsView } from './wallets.ts';

/**
 * The ledger (docs/rules/casino.md §2): the only code that writes balances. Every other module moves
 * money through it, inside the transaction that writes the state the money pays for. Modules receive
 * it by name from app.ts (`deps.ledger`); each method is a plain function of this module.
 */
export function createLedger() {
  return {
    transfer,
    creditMany,
    openMemberWallets,
    hold,
    release,
    payOutHold,
    /** A member's wallets as the API shows them. */
    wallets: walletsView,
    /** The reconciliation report (`GET /api/admin/ledger/reconciliation`). */
    reconcile: async (db: Db) => (await reconcile(db)).report,
    rollupSystemBalances,
    reconcileAndFreeze,
  };
}
