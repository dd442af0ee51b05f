import { sha256, toHex, utf8 } from '../fair/sha256.ts';

/**
 * The published shot list's hash chain (docs/rules/lottery.md §9 Transparency). Every field is joined
 * with "|" as text; hashes are lowercase hex; server_ts is ISO 8601 with milliseconds (UTC).
 *
 * The engine is pure, so hashing is passed in like randomness: every function takes the SHA-256 to
 * use, defaulting to the engine's own (identical in Node and the browser); the server's shooting hot
 * path passes node:crypto's, which is faster (a test checks both agree).
 */
export type Sha256Hex = (text: string) => string;

export const sha256Hex: Sha256Hex = (text) => toHex(sha256(utf8(text)));

export function chainSeed(
  marketId: number,
  businessDate: string,
  roundNo: number,
  hash: Sha256Hex = sha256Hex,
): string {
  return hash(`${marketId}|${businessDate}|${roundNo}`);
}

export function memberRef(roundId: number, memberId: number, hash: Sha256Hex = sha256Hex): string {
  return hash(`${roundId}|${memberId}`);
}

export interface ChainedShot {
  seq: number;
  member_ref: string;
  number: string;
  server_ts: string;
  hash: string;
}

export function shotHash(prev: string, s: Omit<ChainedShot, 'hash'>, hash: Sha256Hex = sha256Hex): string {
  return hash(`${prev}|${s.seq}|${s.member_ref}|${s.number}|${s.server_ts}`);
}

/** Recomputes a published list; returns the seq of the first broken link, or null when intact. */
export function verifyChain(
  seed: string,
  shots: readonly ChainedShot[],
  hash: Sha256Hex = sha256Hex,
): number | null {
  let prev = seed;
  for (const [i, s] of shots.entries()) {
    if (s.seq !== i + 1 || shotHash(prev, s, hash) !== s.hash) return s.seq;
    prev = s.hash;
  }
  return null;
}

/** Sealed close: the commitment published at open, SHA-256(d | salt). */
export function sealCommitment(offsetMs: number, salt: string, hash: Sha256Hex = sha256Hex): string {
  return hash(`${offsetMs}|${salt}`);
}
