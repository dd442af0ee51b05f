import { createHash } from 'node:crypto';

/** SHA-256 of UTF-8 text as lowercase hex, from node:crypto (the engine's pure one gives the same). */
export function nativeSha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
