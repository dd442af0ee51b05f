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

/** An open instant round (slot spin, fishing shot) on the player's seed. */
export function insertInstantRound(ex: Executor, r: NewRound) {
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
      created_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An open stake on a shared table (baccarat hand, football fixture). */
export function insertTableRound(ex: Executor, r: NewRound & { tableRef: string }) {
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
      table_ref: r.tableRef,
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
