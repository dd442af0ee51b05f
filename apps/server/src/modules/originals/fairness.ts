import { createHmac, randomBytes } from 'node:crypto';
import { fairRng, type Hmac, serverSeedHash } from '@chok/engine/fair/stream';
import type { Executor } from '../../platform/db.ts';

/** node:crypto's HMAC for the server's streams (the engine's plain one gives the same bytes). */
export const nodeHmac: Hmac = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function rngFor(seed: { server_seed: string; client_seed: string }, nonce: number) {
  return fairRng({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, nodeHmac);
}

export async function createSeed(
  ex: Executor,
  s: { memberId: number | null; clientSeed: string; now: Date },
): Promise<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string }> {
  const server_seed = newServerSeed();
  return ex
    .insertInto('fair_seed')
    .values({
      member_id: s.memberId,
      server_seed,
      server_seed_hash: serverSeedHash(server_seed),
      client_seed: s.clientSeed,
      created_at: s.now,
    })
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed'])
    .executeTakeFirstOrThrow();
}

/** The player's active seed (made on first play), without taking a nonce. */
export async function playerSeed(ex: Executor, memberId: number, now: Date) {
  const found = await ex
    .selectFrom('fair_seed')
    .select(['id', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
  if (found) return found;
  await ex
    .insertInto('fair_seed')
    .values(
      (() => {
        const server_seed = newServerSeed();
        return {
          member_id: memberId,
          server_seed,
          server_seed_hash: serverSeedHash(server_seed),
          client_seed: randomBytes(8).toString('hex'),
          created_at: now,
        };
      })(),
    )
    .onConflict((oc) =>
      oc.column('member_id').where('member_id', 'is not', null).where('revealed_at', 'is', null).doNothing(),
    )
    .execute();
  return ex
    .selectFrom('fair_seed')
    .select(['id', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Takes the next nonce of the player's seed for one round (the row lock orders a player's rounds). */
export async function takeNonce(ex: Executor, memberId: number, now: Date) {
  await playerSeed(ex, memberId, now);
  return ex
    .updateTable('fair_seed')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .returning([
      'id',
      'server_seed',
      'server_seed_hash',
      'client_seed',
      (eb) => eb('next_nonce', '-', 1).as('nonce'),
    ])
    .executeTakeFirstOrThrow();
}

/** Rotation (casino.md §6.7): reveals the old server seed, starts a new one with nonce 0. */
export async function rotate(ex: Executor, memberId: number, clientSeed: string | undefined, now: Date) {
  const old = await playerSeed(ex, memberId, now);
  const revealed = await ex
    .updateTable('fair_seed')
    .set({ revealed_at: now })
    .where('id', '=', old.id)
    .returning(['server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'])
    .executeTakeFirstOrThrow();
  const next = await createSeed(ex, { memberId, clientSeed: clientSeed ?? old.client_seed, now });
  return {
    revealed: {
      server_seed: revealed.server_seed,
      server_seed_hash: revealed.server_seed_hash,
      client_seed: revealed.client_seed,
      nonce: revealed.next_nonce,
    },
    next: { server_seed_hash: next.server_seed_hash, client_seed: next.client_seed, nonce: 0 },
  };
}
