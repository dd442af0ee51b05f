import { sql } from 'kysely';
import type { Executor } from '../../platform/db.ts';
import { WALLET_TYPES } from './wallet-types.ts';

export async function insertMemberWallets(ex: Executor, memberId: number): Promise<void> {
  await ex
    .insertInto('ledger_account')
    .values(
      WALLET_TYPES.map((t) => ({
        member_id: memberId,
        wallet_type_id: t,
        kind: 'member_wallet' as const,
        balance: 0,
      })),
    )
    .execute();
}

/** The ledger account of one of a member's wallets. */
function memberAccount(ex: Executor, memberId: number, walletTypeId: number) {
  return ex
    .selectFrom('ledger_account')
    .where('member_id', '=', memberId)
    .where('wallet_type_id', '=', walletTypeId);
}

/** A member wallet's balance in satang (0 when the wallet does not exist). */
export async function memberBalance(ex: Executor, memberId: number, walletTypeId: number): Promise<number> {
  const row = await memberAccount(ex, memberId, walletTypeId).select('balance').executeTakeFirst();
  return row?.balance ?? 0;
}

export interface MemberWalletRow {
  account_id: number;
  wallet_type_id: number | null;
  wallet_name: string;
  balance: number | null;
}

/** A member's wallets with their names (a MemberWalletRow each). */
function namedWallets(ex: Executor, memberId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
    .select(['a.id as account_id', 'a.wallet_type_id', 't.name as wallet_name', 'a.balance'])
    .where('a.member_id', '=', memberId);
}

/** One member wallet by wallet type, with its name. */
export function memberWallet(ex: Executor, memberId: number, walletTypeId: number) {
  return namedWallets(ex, memberId).where('a.wallet_type_id', '=', walletTypeId).executeTakeFirst();
}

/**
 * One member wallet named by its ledger account id or by its wallet type id (clients send either):
 * an account id match wins over a wallet type match.
 */
export function memberWalletByIdOrType(ex: Executor, memberId: number, walletIdOrType: number) {
  return namedWallets(ex, memberId)
    .where((eb) => eb.or([eb('a.id', '=', walletIdOrType), eb('a.wallet_type_id', '=', walletIdOrType)]))
    .orderBy(sql`a.id = ${walletIdOrType}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A member's wallets in wallet type order, with their names. */
export function memberWallets(ex: Executor, memberId: number) {
  return ex
    .selectFrom('ledger_account as a')
    .innerJoin('wallet_type as t', 't.id', 'a.wallet_type_id')
    .select(['a.id', 't.name as wallet_name', 'a.balance', 'a.wallet_type_id'])
    .where('a.member_id', '=', memberId)
    .orderBy('a.wallet_type_id')
    .execute();
}

/**
 * Locks a member's wallets in ascending id order (the ledger's order) and returns their balances,
 * so nothing moves them until the caller commits.
 */
export async function lockMemberWallets(
  ex: Executor,
  memberId: number,
  walletTypeIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await ex
    .selectFrom('ledger_account')
    .select(['wallet_type_id', 'balance'])
    .where('member_id', '=', memberId)
    .where('wallet_type_id', 'in', walletTypeIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [r.wallet_type_id ?? 0, r.balance ?? 0]));
}

export async function findMemberAccountId(
  ex: Executor,
  memberId: number,
  walletTypeId: number,
): Promise<number | undefined> {
  const row = await memberAccount(ex, memberId, walletTypeId).select('id').executeTakeFirst();
  return row?.id;
}

export async function findSystemAccountId(ex: Executor, code: string): Promise<number | undefined> {
  const row = await ex.selectFrom('ledger_account').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

export async function upsertSystemAccount(ex: Executor, code: string): Promise<number> {
  await ex
    .insertInto('ledger_account')
    .values({ code, kind: 'system' })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await ex
    .selectFrom('ledger_account')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
