/**
 * The three wallets every member has (docs/rules/casino.md §1): main holds real money, bonus holds a
 * promotion's bonus and the deposit that took it, free credit holds coupons and rewards. Their ids are
 * the rows of `wallet_type`; code names them, never the bare numbers.
 */
export const MAIN_WALLET = 1;
export const BONUS_WALLET = 2;
export const FREE_CREDIT_WALLET = 3;

/** Every wallet type, in id order: the wallets opened for a new member. */
export const WALLET_TYPES = [MAIN_WALLET, BONUS_WALLET, FREE_CREDIT_WALLET] as const;

export type WalletTypeId = (typeof WALLET_TYPES)[number];

/** Whether a number read from the database or a request is one of the wallet types. */
export function isWalletTypeId(n: number): n is WalletTypeId {
  return (WALLET_TYPES as readonly number[]).includes(n);
}
