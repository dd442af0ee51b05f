import { type Satang, satang } from '@chok/engine/money';
import type { Executor } from '../../platform/db.ts';
import * as q from './account-queries.ts';
import { isWalletTypeId, type WalletTypeId } from './wallet-types.ts';

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

/** A member's wallet of one type, with its name and balance; undefined when there is none. */
export async function memberWallet(
  ex: Executor,
  memberId: number,
  walletTypeId: WalletTypeId,
): Promise<MemberWallet | undefined> {
  return memberWalletOf(await q.memberWallet(ex, memberId, walletTypeId));
}
