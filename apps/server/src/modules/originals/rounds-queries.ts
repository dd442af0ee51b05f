import type { Executor } from '../../platform/db.ts';

interface NewRound {
  memberId: number;
  gameId: number;
  walletTypeId: number;
  stake: number;
  detail: object;
  seed: { id: number; server_seed_hash: string; client_seed: string };
  nonce: number;
  now: Date;
}

/**
 * An open round on the player's seed: an instant one (slot spin, fishing shot) or a stake on a shared
 * table (baccarat hand, football fixture), which names its table in `tableRef`.
 */
export function insertRound(ex: Executor, r: NewRound & { tableRef?: string }) {
  return ex
    .insertInto('game_round')
    .values({
      member_id: r.memberId,
      game_id: r.gameId,
      wallet_type_id: r.walletTypeId,
      stake: r.stake,
      status: 'open',
      detail: JSON.stringify(r.detail),
      seed_id: r.seed.id,
      server_seed_hash: r.seed.server_seed_hash,
      client_seed: r.seed.client_seed,
      nonce: r.nonce,
      table_ref: r.tableRef ?? null,
      created_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function settleRound(
  ex: Executor,
  roundId: number,
  s: { payout: number; outcome: object; now: Date },
): Promise<void> {
  await ex
    .updateTable('game_round')
    .set({ payout: s.payout, status: 'settled', outcome: JSON.stringify(s.outcome), settled_at: s.now })
    .where('id', '=', roundId)
    .execute();
}
