/**
 * Coupon codes and the coupon entry lock-out (docs/rules/engagement.md §2). Pure: the caller brings
 * the random bytes (node:crypto `randomBytes`) and the clock.
 */

/** Crockford's base32: digits and capitals without I, L, O and U. */
export const COUPON_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const COUPON_CODE_LENGTH = 10;
/** At least this many random bytes make one code (one byte per character, its low 5 bits). */
export const COUPON_CODE_BYTES = COUPON_CODE_LENGTH;

/** The §2 defaults: wrong codes allowed per window, the window and the lock, the balance rule. */
export const COUPON_RULES = {
  maxFailures: 5,
  failureWindowMinutes: 60,
  lockMinutes: 60,
  /** A code is accepted only while every wallet together holds less than this (satang). */
  balanceBelowSatang: 500,
} as const;

/**
 * A code from `bytes` (one byte per character): 256 is a multiple of 32, so each byte's low 5 bits
 * pick a character uniformly and the code carries 50 random bits.
 */
export function couponCode(bytes: Uint8Array): string {
  if (bytes.length < COUPON_CODE_LENGTH) throw new RangeError(`need ${COUPON_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += COUPON_ALPHABET[bytes[i]! & 0x1f];
  return code;
}

const CODE = new RegExp(`^[${COUPON_ALPHABET}]{${COUPON_CODE_LENGTH}}$`);

export function isCouponCode(text: string): boolean {
  return CODE.test(text);
}

/**
 * What a member typed, read the Crockford way: case and spaces or hyphens ignored, O read as 0 and
 * I or L as 1. Null when it cannot be a code.
 */
export function normalizeCouponCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return isCouponCode(code) ? code : null;
}
