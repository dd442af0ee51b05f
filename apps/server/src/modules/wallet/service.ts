/**
 * What other modules may use of the wallet (docs/architecture.md, "One module layout"): the ledger
 * facade they receive by name, the wallet types, and the reads of the tables the wallet owns
 * (`ledger_*`, `wallet_type`, `member_withdrawal_freeze`, `lotto_member_debt`). Each function takes
 * the caller's executor, so it runs inside the caller's transaction.
 */
import type { Executor } from '../../platform/db.ts';
import { createLedger } from './ledger.ts';
import type { StatementFilter } from './statement-queries.ts';
import * as statements from './statement-queries.ts';

export { outstandingDebt, recordDebt } from './debts.ts';
export type { GameOperationKey } from './deps.ts';
export { openFreezeCount, withdrawalFreeze } from './freezes.ts';
export type { TransferKind } from './kinds.ts';
// ── For the metrics (app.ts → platform/metrics.ts): the ledger's drift, 0 when healthy ──
export { ledgerDrift } from './reconciliation.ts';
export type {
  AccountRef,
  CreditManyRequest,
  HoldRequest,
  TransferRequest,
  TransferResult,
} from './transfer.ts';
export {
  BONUS_WALLET,
  FREE_CREDIT_WALLET,
  isWalletTypeId,
  MAIN_WALLET,
  WALLET_TYPES,
  type WalletTypeId,
} from './wallet-types.ts';
export {
  lockMemberWallets,
  type MemberWallet,
  memberBalance,
  memberWallet,
  memberWalletByIdOrType,
} from './wallets.ts';
export { createLedger };

export type Ledger = ReturnType<typeof createLedger>;

// ── For the operator console's member page (modules/console) and the dashboard (modules/reports) ──
export { describeLine } from './describe.ts';
export { transferKinds } from './kinds.ts';

/**
 * One page of a member's statement lines (a transfer between two of its wallets shows twice), newest
 * first, and the total. Each line keeps its transfer's idempotency key, from which the statement
 * tells a game's line (the seamless wallet keys its transfers by the provider's operation).
 */
export function memberStatement(
  ex: Executor,
  f: StatementFilter,
): ReturnType<typeof statements.memberStatement> {
  return statements.memberStatement(ex, f);
}
