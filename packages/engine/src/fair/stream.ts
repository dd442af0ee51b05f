import { ByteRng } from './rng.ts';
import { hmacSha256, sha256, toHex, utf8 } from './sha256.ts';

/** HMAC-SHA256(key, message); node:crypto's on the server, the plain one in the browser. */
export type Hmac = (key: Uint8Array, message: Uint8Array) => Uint8Array;

export interface RoundSeed {
  /** 32 bytes, hex; shown only as its SHA-256 until rotated away. */
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The provably-fair byte stream of one round (docs/rules/casino.md §6.3): block c is
 * HMAC-SHA256(server seed, `client_seed:nonce:c`), c = 0, 1, 2…, concatenated.
 */
export function fairRng(seed: RoundSeed, hmac: Hmac = hmacSha256): ByteRng {
  const key = fromHexSeed(seed.serverSeed);
  let c = 0;
  return new ByteRng(() => hmac(key, utf8(`${seed.clientSeed}:${seed.nonce}:${c++}`)));
}

/** What a player is shown before play: SHA-256 of the server seed's bytes, hex. */
export function serverSeedHash(serverSeed: string): string {
  return toHex(sha256(fromHexSeed(serverSeed)));
}

function fromHexSeed(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('a server seed is 32 bytes of lowercase hex');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
