import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Opaque bearer token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** n random decimal digits from the OS CSPRNG. */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export function randomLetters(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += LETTERS[randomInt(LETTERS.length)];
  return out;
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Referral codes and similar human-typed codes: no 0/O or 1/I to confuse. */
export function randomCode(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += CODE_CHARS[randomInt(CODE_CHARS.length)];
  return out;
}
