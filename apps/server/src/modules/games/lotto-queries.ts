import type { Executor } from '../../platform/db.ts';

/**
 * The game categories a wallet type may play (`game_wallet_category`), in name order: the lottery
 * names them when it refuses a wallet that may not pay for a bill (docs/rules/casino.md §1).
 */
export async function walletTypeCategories(ex: Executor, walletTypeId: number): Promise<string[]> {
  const rows = await ex
    .selectFrom('game_wallet_category')
    .select('category')
    .where('wallet_type_id', '=', walletTypeId)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}
