import { createHash } from 'node:crypto';

/**
 * The published shot list's hash chain (lottery.md §9 Transparency). Every field is joined with
 * "|" as text; hashes are lowercase hex; server_ts is ISO 8601 with milliseconds (UTC).
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function chainSeed(marketId: number, businessDate: string, roundNo: number): string {
  return sha256Hex(`${marketId}|${businessDate}|${roundNo}`);
}

export function memberRef(roundId: number, memberId: number): string {
  return sha256Hex(`${roundId}|${memberId}`);
}

export interface ChainedShot {
  seq: number;
  member_ref: string;
  number: string;
  server_ts: string;
  hash: string;
}

export function shotHash(prev: string, s: Omit<ChainedShot, 'hash'>): string {
  return sha256Hex(`${prev}|${s.seq}|${s.member_ref}|${s.number}|${s.server_ts}`);
}

/** Recomputes a published list; returns the seq of the first broken link, or null when intact. */
export function verifyChain(seed: string, shots: readonly ChainedShot[]): number | null {
  let prev = seed;
  for (const [i, s] of shots.entries()) {
    if (s.seq !== i + 1 || shotHash(prev, s) !== s.hash) return s.seq;
    prev = s.hash;
  }
  return null;
}

/** Sealed close: the commitment published at open, SHA-256(d | salt). */
export function sealCommitment(offsetMs: number, salt: string): string {
  return sha256Hex(`${offsetMs}|${salt}`);
}
