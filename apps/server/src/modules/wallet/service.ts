/**
 * What other modules may use of the wallet (docs/architecture.md, "One module layout"): the ledger
 * facade they receive by name, the wallet types, and the reads of the tables the wallet owns
 * (`ledger_*`, `wallet_type`, `member_withdrawal_freeze`, `lotto_member_debt`). Each function takes
 * the caller's executor, so it runs inside the caller's transaction.
 */
import { createLedger } from './ledger.ts';

export { outstandingDebt, recordDebt } from './debts.ts';
export type { GameOperationKey } from './deps.ts';
export { openFreezeCount, withdrawalFreeze } from './freezes.ts';
export type { TransferKind } from './kinds.ts';
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
export { memberStatement } from './statement-queries.ts';
