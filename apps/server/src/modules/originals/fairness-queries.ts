import type { Executor } from '../../platform/db.ts';

/** Marks a shared table's seed revealed (a closed baccarat shoe, a settled football fixture). */
export async function revealSeed(ex: Executor, seedId: number, now: Date): Promise<void> {
  await ex.updateTable('fair_seed').set({ revealed_at: now }).where('id', '=', seedId).execute();
}

export interface NewSeedRow {
  member_id: number | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  created_at: Date;
  activated_at: Date | null;
}

export function insertSeed(ex: Executor, row: NewSeedRow) {
  return ex
    .insertInto('fair_seed')
    .values(row)
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed'])
    .executeTakeFirstOrThrow();
}

/** The player's unrevealed seeds: the active one and the committed next one. */
export function unrevealedSeeds(ex: Executor, memberId: number) {
  return ex
    .selectFrom('fair_seed')
    .select(['id', 'server_seed_hash', 'client_seed', 'next_nonce', 'activated_at'])
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .execute();
}

/** The player's active seed; nothing when one exists (the partial unique index decides). */
export async function insertActiveSeedIfMissing(ex: Executor, row: NewSeedRow): Promise<void> {
  await ex
    .insertInto('fair_seed')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('member_id')
        .where('member_id', 'is not', null)
        .where('activated_at', 'is not', null)
        .where('revealed_at', 'is', null)
        .doNothing(),
    )
    .execute();
}

/** The player's committed next seed; nothing when one exists (the partial unique index decides). */
export async function insertNextSeedIfMissing(ex: Executor, row: NewSeedRow): Promise<void> {
  await ex
    .insertInto('fair_seed')
    .values(row)
    .onConflict((oc) =>
      oc.column('member_id').where('member_id', 'is not', null).where('activated_at', 'is', null).doNothing(),
    )
    .execute();
}

/**
 * Takes the active seed's next nonce (row-locks it) with the next seed's hash; undefined when none.
 * A client seed never chosen ('') becomes `fallbackClientSeed` in the same statement.
 */
export function incrementActiveNonce(ex: Executor, memberId: number, fallbackClientSeed: string) {
  return ex
    .updateTable('fair_seed')
    .set((eb) => ({
      next_nonce: eb('next_nonce', '+', 1),
      client_seed: eb
        .case()
        .when('client_seed', '=', '')
        .then(fallbackClientSeed)
        .else(eb.ref('client_seed'))
        .end(),
    }))
    .where('member_id', '=', memberId)
    .where('activated_at', 'is not', null)
    .where('revealed_at', 'is', null)
    .returning((eb) => [
      'id',
      'server_seed',
      'server_seed_hash',
      'client_seed',
      eb('next_nonce', '-', 1).as('nonce'),
      eb
        .selectFrom('fair_seed as n')
        .select('n.server_seed_hash')
        .where('n.member_id', '=', memberId)
        .where('n.activated_at', 'is', null)
        .as('next_server_seed_hash'),
    ])
    .executeTakeFirst();
}

/** Reveals the player's active seed; undefined when none is active. */
export function revealActiveSeed(ex: Executor, memberId: number, now: Date) {
  return ex
    .updateTable('fair_seed')
    .set({ revealed_at: now })
    .where('member_id', '=', memberId)
    .where('activated_at', 'is not', null)
    .where('revealed_at', 'is', null)
    .returning(['server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .executeTakeFirst();
}

/** Activates the player's committed next seed with its client seed. */
export function activateNextSeed(ex: Executor, memberId: number, clientSeed: string, now: Date) {
  return ex
    .updateTable('fair_seed')
    .set({ activated_at: now, client_seed: clientSeed })
    .where('member_id', '=', memberId)
    .where('activated_at', 'is', null)
    .returning(['server_seed_hash', 'client_seed'])
    .executeTakeFirstOrThrow();
}

export function insertNextSeed(ex: Executor, row: NewSeedRow) {
  return ex.insertInto('fair_seed').values(row).returning('server_seed_hash').executeTakeFirstOrThrow();
}
