import { formatBaht, type Satang, satang } from '@chok/engine/money';
import type { Executor, Tx } from '../../platform/db.ts';
import * as q from './account-queries.ts';
import { isWalletTypeId, MAIN_WALLET, type WalletTypeId } from './wallet-types.ts';

/** A member wallet as other modules read it. */
export interface MemberWallet {
  /** The wallet's ledger account id (what clients call `wallet_id`). */
  accountId: number;
  walletTypeId: WalletTypeId;
  /** The wallet type's Thai name (กระเป๋าหลัก, …). */
  walletName: string;
  balance: Satang;
}

function memberWalletOf(row: q.MemberWalletRow | undefined): MemberWallet | undefined {
  if (!row || row.wallet_type_id === null || !isWalletTypeId(row.wallet_type_id)) return undefined;
  return {
    accountId: row.account_id,
    walletTypeId: row.wallet_type_id,
    walletName: row.wallet_name,
    balance: satang(row.balance ?? 0),
  };
}

/** Opens the three wallets (main, bonus, free credit) of a new member, in the caller's transaction. */
export function openMemberWallets(tx: Tx, memberId: number): Promise<void> {
  return q.insertMemberWallets(tx, memberId);
}

/** A member wallet's balance in satang (0 when there is no such wallet): the one way to read a balance. */
export function memberBalance(ex: Executor, memberId: number, walletTypeId: number): Promise<number> {
  return q.memberBalance(ex, memberId, walletTypeId);
}

/** A member's wallet of one type, with its name and balance; undefined when there is none. */
export async function memberWallet(
  ex: Executor,
  memberId: number,
  walletTypeId: WalletTypeId,
): Promise<MemberWallet | undefined> {
  return memberWalletOf(await q.memberWallet(ex, memberId, walletTypeId));
}

/**
 * A member's wallet named the way clients name it: by its ledger account id (`wallet_id`) or by its
 * wallet type id; an account id match wins. Undefined when the member has no such wallet.
 */
export async function memberWalletByIdOrType(
  ex: Executor,
  memberId: number,
  walletIdOrType: number,
): Promise<MemberWallet | undefined> {
  return memberWalletOf(await q.memberWalletByIdOrType(ex, memberId, walletIdOrType));
}

/** Locks a member's wallets (ascending id, the ledger's order) and returns their balances by wallet type. */
export function lockMemberWallets(
  tx: Tx,
  memberId: number,
  walletTypeIds: readonly WalletTypeId[],
): Promise<Map<number, number>> {
  return q.lockMemberWallets(tx, memberId, walletTypeIds);
}

/** A member's wallets as the API shows them (`POST /api/member/wallets`): id, name, balance in baht, type. */
export async function walletsView(ex: Executor, memberId: number) {
  const rows = await q.memberWallets(ex, memberId);
  return rows.map((w) => ({
    id: w.id,
    wallet_name: w.wallet_name,
    balance: formatBaht(w.balance ?? 0),
    wallet_type_id: w.wallet_type_id ?? MAIN_WALLET,
  }));
}
