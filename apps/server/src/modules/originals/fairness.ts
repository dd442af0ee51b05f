import { createHmac, randomBytes } from 'node:crypto';
import { fairRng, type Hmac, serverSeedHash } from '@chok/engine/fair/stream';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  activateNextSeed,
  incrementActiveNonce,
  insertActiveSeedIfMissing,
  insertNextSeed,
  insertNextSeedIfMissing,
  insertSeed,
  type NewSeedRow,
  revealActiveSeed,
  unrevealedSeeds,
} from './fairness-queries.ts';

/** node:crypto's HMAC for the server's streams (the engine's plain one gives the same bytes). */
export const nodeHmac: Hmac = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function rngFor(seed: { server_seed: string; client_seed: string }, nonce: number) {
  return fairRng({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce }, nodeHmac);
}

/** The client seed of a player's first active seed until the member's browser sets one (§6.2). */
const NOT_CHOSEN = '';

/** A fresh seed row: active with `clientSeed`, or (null) a player's committed next seed. */
function seedRow(memberId: number | null, clientSeed: string | null, now: Date): NewSeedRow {
  const server_seed = newServerSeed();
  return {
    member_id: memberId,
    server_seed,
    server_seed_hash: serverSeedHash(server_seed),
    client_seed: clientSeed ?? '',
    created_at: now,
    activated_at: clientSeed === null ? null : now,
  };
}

/** A shared table's seed (a baccarat shoe, a football fixture): active at once with its fixed client seed. */
export async function createSeed(
  ex: Executor,
  s: { memberId: number | null; clientSeed: string; now: Date },
): Promise<{ id: number; server_seed: string; server_seed_hash: string; client_seed: string }> {
  return insertSeed(ex, seedRow(s.memberId, s.clientSeed, s.now));
}

/**
 * How often a statement that found its player's active seed revealed by a concurrent rotation is
 * tried again (each try sees the rotation's result); beyond this the member is asked to slow down.
 */
const RACE_ATTEMPTS = 10;

/**
 * The player's seeds (docs/rules/casino.md §6.2), made on first use: the active seed and the
 * committed next one, whose hash is shown before the member chooses the client seed it will be used
 * with. The first active seed has no client seed yet (''): the member's browser draws one and sets it
 * (a rotation) before the first round; a client that never does gets one drawn here at its first
 * round (`takeNonce`). Takes no nonce.
 */
export async function playerSeed(ex: Executor, memberId: number, now: Date) {
  for (let attempt = 1; ; attempt++) {
    const rows = await unrevealedSeeds(ex, memberId);
    const active = rows.find((r) => r.activated_at !== null);
    const next = rows.find((r) => r.activated_at === null);
    if (active && next)
      return {
        id: active.id,
        server_seed_hash: active.server_seed_hash,
        client_seed: active.client_seed,
        next_nonce: active.next_nonce,
        next_server_seed_hash: next.server_seed_hash,
      };
    if (attempt > 2) throw new Error(`fair seeds of member ${memberId} missing after creation`);
    if (!active) await insertActiveSeedIfMissing(ex, seedRow(memberId, NOT_CHOSEN, now));
    if (!next) await insertNextSeedIfMissing(ex, seedRow(memberId, null, now));
  }
}

/**
 * Takes the next nonce of the player's active seed for one round (the row lock orders a player's
 * rounds). An active seed whose client seed was never chosen (an API client that skipped it) gets
 * one drawn here, in the same statement, so no round is played with an empty client seed.
 */
export async function takeNonce(ex: Executor, memberId: number, now: Date) {
  await playerSeed(ex, memberId, now);
  for (let attempt = 1; attempt <= RACE_ATTEMPTS; attempt++) {
    const row = await incrementActiveNonce(ex, memberId, randomBytes(8).toString('hex'));
    if (row) return { ...row, next_server_seed_hash: row.next_server_seed_hash ?? '' };
    // A rotation revealed the seed while this waited for its lock: the next statement sees the new one.
  }
  throw new AppError('GAME_TOO_FAST');
}

/**
 * Reveals the player's active seed. A concurrent rotation holds that row until it commits; then this
 * reveals the seed that rotation activated.
 */
async function revealActive(ex: Executor, memberId: number, now: Date) {
  for (let attempt = 1; attempt <= RACE_ATTEMPTS; attempt++) {
    const revealed = await revealActiveSeed(ex, memberId, now);
    if (revealed) return revealed;
  }
  throw new AppError('GAME_TOO_FAST');
}

/**
 * Rotation (docs/rules/casino.md §6.7), also how a member sets a client seed: reveals the active
 * server seed, activates the next seed committed earlier (its hash was shown before this client seed
 * was chosen) with nonce 0, and commits a fresh next seed.
 */
export async function rotate(ex: Executor, memberId: number, clientSeed: string | undefined, now: Date) {
  await playerSeed(ex, memberId, now);
  const revealed = await revealActive(ex, memberId, now);
  // Only a rotation uses the next seed, and this one holds the player's active row: it is there.
  const active = await activateNextSeed(ex, memberId, clientSeed ?? revealed.client_seed, now);
  const next = await insertNextSeed(ex, seedRow(memberId, null, now));
  return {
    revealed: {
      server_seed: revealed.server_seed,
      server_seed_hash: revealed.server_seed_hash,
      client_seed: revealed.client_seed,
      nonce: revealed.next_nonce,
    },
    next: {
      server_seed_hash: active.server_seed_hash,
      client_seed: active.client_seed,
      nonce: 0,
      next_server_seed_hash: next.server_seed_hash,
    },
  };
}
